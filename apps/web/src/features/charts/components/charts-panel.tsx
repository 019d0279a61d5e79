import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ChartsData } from "../api/get-charts.ts";
import "./charts.css";
import { GeneralCharts } from "./general-charts.tsx";
import { NpsCharts } from "./nps-charts.tsx";
import { QuestionCharts } from "./question-charts.tsx";

interface Sections {
  general?: boolean;
  nps?: boolean;
  questions?: boolean;
}

/**
 * A form's charts over one range, drawn from the server's aggregates: the submissions' own
 * figures, the NPS, and each question's; each section only where asked and where there are figures.
 */
export function ChartsPanel({ data, general, nps, questions }: { data: ChartsData } & Sections) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" className="charts-panel" data-testid="charts-panel">
      {general && <GeneralCharts data={data} />}
      {nps && data.nps !== null && (
        <>
          <Title order={2} size="h4">
            {t("NPS")}
          </Title>
          <NpsCharts nps={data.nps} />
        </>
      )}
      {questions && (
        <>
          <Title order={2} size="h4">
            {t("Questions")}
          </Title>
          <QuestionCharts summary={data.summary} />
        </>
      )}
    </Stack>
  );
}
