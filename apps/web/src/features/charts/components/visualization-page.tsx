import { Button, Group, Stack } from "@mantine/core";
import { IconPrinter } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AccessDenied } from "../../../components/access-denied.tsx";
import { BackLink } from "../../../lib/router-links.tsx";
import { useCan, useUser } from "../../auth/api/get-user.ts";
import { useFormCharts } from "../api/get-charts.ts";
import { useDateRange } from "../use-date-range.ts";
import { ChartsPanel } from "./charts-panel.tsx";
import { DateRangePicker } from "./date-range-picker.tsx";
import { SharedReportsSection } from "./shared-reports-section.tsx";

const route = getRouteApi("/layout/account/forms/$id/visualization");

/** All of a form's charts on one printable page, and its shared read-only links (forms.md §2). */
export function VisualizationPage() {
  const { t } = useTranslation();
  const { id } = route.useParams();
  const can = useCan();
  const { data: user } = useUser();
  const [range, setRange] = useDateRange();
  const data = useFormCharts(id, range, { general: true, nps: true, questions: true });
  if (user && !can("results.view")) {
    return (
      <AccessDenied
        back={
          <BackLink to="/forms/$id/overview" params={{ id }}>
            {t("Back to the form")}
          </BackLink>
        }
      />
    );
  }
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <DateRangePicker value={range} onChange={setRange} />
        <Button
          variant="default"
          className="no-print"
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
        >
          {t("Print")}
        </Button>
      </Group>
      <ChartsPanel data={data} general nps questions />
      <SharedReportsSection formId={id} />
    </Stack>
  );
}
