import type { TFieldsAnalysis } from "@formloom/core/api/statistics";
import { Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AccessDenied, isDenied } from "../../../components/access-denied.tsx";
import { BarChart } from "../../../components/bar-chart.tsx";
import { QueryState } from "../../../components/query-state.tsx";
import { useFormat } from "../../../i18n/format.ts";
import { BackLink } from "../../../lib/router-links.tsx";
import { useFieldsAnalysis } from "../api/get-funnel.ts";
import { useSeconds } from "./performing-questions.tsx";
import { FormEmotions } from "./recognition/form-emotions.tsx";

const route = getRouteApi("/layout/account/forms/$id/fields-analysis");

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  const format = useFormat();
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {format.number(value)}
      </Text>
    </Paper>
  );
}

function DropOff({ data }: { data: TFieldsAnalysis }) {
  const { t } = useTranslation();
  const format = useFormat();
  const seconds = useSeconds();
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t("Fillings")} value={data.fillings} testId="analysis-fillings" />
        <Figure label={t("Fillings sent")} value={data.submitted} testId="analysis-submitted" />
        <Figure label={t("Unfinished")} value={data.unfinished} testId="analysis-unfinished" />
        <Figure
          label={t("Left before any question")}
          value={data.stoppedBeforeAnyQuestion}
          testId="analysis-before-any"
        />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t("Drop-off per question")}
          </Title>
          <BarChart
            h={Math.max(200, data.fields.length * 64)}
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            xAxisProps={{ allowDecimals: false }}
            withLegend
            data={data.fields.map((field) => ({
              question: field.title,
              reached: field.reached,
              answered: field.answered,
              stopped: field.stoppedHere,
            }))}
            dataKey="question"
            series={[
              { name: "reached", label: t("Reached"), color: "blue.6" },
              { name: "answered", label: t("Answered"), color: "teal.6" },
              { name: "stopped", label: t("Stopped here"), color: "red.6" },
            ]}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label={t("Fields analysis")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Question")}</Table.Th>
                <Table.Th>{t("Reached")}</Table.Th>
                <Table.Th>{t("Answered")}</Table.Th>
                <Table.Th>{t("Stopped here")}</Table.Th>
                <Table.Th>{t("Average time")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.fields.map((field) => (
                <Table.Tr key={field.fieldId} data-field={field.fieldId}>
                  <Table.Td>{field.title}</Table.Td>
                  <Table.Td>{format.number(field.reached)}</Table.Td>
                  <Table.Td>{format.number(field.answered)}</Table.Td>
                  <Table.Td>{format.number(field.stoppedHere)}</Table.Td>
                  <Table.Td>{seconds(field.averageTime)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Text size="sm" c="dimmed">
        {t(
          "A question is reached when a filling touched or answered it; an unfinished filling stopped at the question it touched last. Times are measured where the form collects behaviour data.",
        )}
      </Text>
    </Stack>
  );
}

/** The form's fields-analysis tab: where respondents drop off and how long each question takes. */
export function FieldsAnalysisPage() {
  const { t } = useTranslation();
  const { id } = route.useParams();
  const { data, error, isPending } = useFieldsAnalysis(id);
  if (isDenied(error)) {
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
    <QueryState
      isPending={isPending}
      error={error}
      empty={
        data?.fillings === 0 && (
          <Paper withBorder p="xl" data-testid="analysis-empty">
            <Stack gap="xs" align="center">
              <Title order={3} size="h4">
                {t("No fillings yet")}
              </Title>
              <Text c="dimmed" ta="center">
                {t("Once respondents begin filling the form, you will see here where they stop.")}
              </Text>
            </Stack>
          </Paper>
        )
      }
    >
      {() => (
        <Stack>
          <DropOff data={data!} />
          <FormEmotions formId={id} />
        </Stack>
      )}
    </QueryState>
  );
}
