import { brandedSettings, isEmptyBrandKit } from "@formloom/core/brand-kit";
import type { TFormSettings } from "@formloom/core/form-schema";
import { Button, Text } from "@mantine/core";
import { IconBrush } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../../lib/notify.ts";
import { ButtonLink } from "../../../lib/router-links.tsx";
import { useBrandKit } from "../../account/api/brand-kit.ts";

type Branded = Pick<TFormSettings, "logo" | "formColor" | "formStyling" | "welcomeScreen">;

/** The builder's one click that gives the form the account's logo, cover, colours and font. */
export function ApplyBrandKit({ settings, onApply }: { settings: Branded; onApply(patch: Branded): void }) {
  const { t } = useTranslation();
  const { data: kit } = useBrandKit();
  if (!kit) return null;
  if (isEmptyBrandKit(kit)) {
    return (
      <Text size="sm" c="dimmed">
        {t("No brand kit yet.")}{" "}
        <ButtonLink to="/account/brand-kit" variant="subtle" size="compact-sm">
          {t("Set up the brand kit")}
        </ButtonLink>
      </Text>
    );
  }
  return (
    <Button
      variant="light"
      leftSection={<IconBrush size={16} />}
      onClick={() => {
        onApply(brandedSettings(settings, kit));
        notifySuccess(t("The brand kit was applied"));
      }}
    >
      {t("Apply brand kit")}
    </Button>
  );
}
