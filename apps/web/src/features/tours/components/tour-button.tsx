import type { TourName } from "@formloom/core/api/tours";
import { ActionIcon, Indicator, Menu } from "@mantine/core";
import { IconRoute } from "@tabler/icons-react";
import { useMatches } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { msg } from "../../../i18n/i18n.ts";
import { useTourSeen, useToursSeen } from "../api/tours.ts";
import { toursFor, variantOf } from "../tour-offers.ts";

const CREATE_FORM_CHOICES: Array<{ tour: TourName; label: string }> = [
  { tour: "create-form-marketing", label: msg("Marketing") },
  { tour: "create-form-hr", label: msg("HR") },
  { tour: "create-form-education", label: msg("Education") },
];

/** The top bar's tour icon: a tour of the page shown, marked while the user has not taken it. */
export function TourButton() {
  const { t } = useTranslation();
  const routeId = useMatches().at(-1)?.routeId;
  const seen = useToursSeen();
  const remember = useTourSeen();
  const offered = toursFor(routeId);
  if (offered.length === 0) return null;
  const fresh = seen.data ? offered.some((tour) => !seen.data.seen.includes(tour)) : false;
  const start = async (offeredTour: TourName) => {
    const tour = variantOf(offeredTour);
    // The tour library and the tours' steps download only when a tour is asked for.
    const [{ runTour }, { TOUR_STEPS }] = await Promise.all([import("./run-tour.ts"), import("../tours.ts")]);
    const steps = TOUR_STEPS[tour].map((step) => ({ ...step, title: t(step.title), text: t(step.text) }));
    const texts = {
      next: t("Next"),
      previous: t("Back"),
      done: t("Done"),
      progress: `{{current}} / {{total}}`,
      close: t("Skip the tour"),
    };
    runTour(steps, texts, () => remember.mutate(tour));
  };
  const icon = (
    <Indicator color="orange" size={8} offset={4} disabled={!fresh}>
      <IconRoute size={20} />
    </Indicator>
  );
  if (offered.length === 1) {
    const tour = offered[0] as TourName;
    return (
      // The browser's own hover text: a styled tooltip would add its code to every page's first load.
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t("Take the tour of this page")}
        title={t("Take the tour of this page")}
        onClick={() => void start(tour)}
      >
        {icon}
      </ActionIcon>
    );
  }
  // Creating a form: the tour told for the user's field of work.
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("Take the tour of this page")}>
          {icon}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("A tour for")}</Menu.Label>
        {CREATE_FORM_CHOICES.filter((choice) => offered.includes(choice.tour)).map((choice) => (
          <Menu.Item key={choice.tour} onClick={() => void start(choice.tour)}>
            {t(choice.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
