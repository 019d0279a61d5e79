import { EMOTIONS } from "@formloom/core/recognition";
import { Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../../../components/bar-chart.tsx";
import { EMOTION_COLOURS, useEmotionNames } from "../../../../lib/emotion-names.ts";
import { useFormFieldsEmotions } from "../../api/recognition.ts";

const short = (text: string) => (text.length > 28 ? `${text.slice(0, 27)}…` : text);

/**
 * The form's emotions per question over its submissions (GET …/answers/charts/fields-emotions),
 * on the fields analysis: how many submissions had each dominant emotion at each question, how
 * many showed no face, and how many matched the emotion the author expected, as stacked bars and
 * as a table. Nothing where no submission has recognised emotions.
 */
export function FormEmotions({ formId }: { formId: number }) {
  const { t } = useTranslation();
  const names = useEmotionNames();
  const { data } = useFormFieldsEmotions(formId);
  if (!data || data.fields.length === 0) return null;
  return (
    <Stack>
      <Title order={3} size="h4">
        {t("Emotions per question")}
      </Title>
      <Text size="sm" c="dimmed">
        {t(
          "Submissions with recognition: {{number}}. Each counts once per question, by its dominant emotion.",
          {
            number: data.submissions,
          },
        )}
      </Text>
      <Paper withBorder p="md">
        <BarChart
          aria-hidden
          h={120 + data.fields.length * 44}
          orientation="vertical"
          yAxisProps={{ width: 110 }}
          xAxisProps={{ allowDecimals: false }}
          data={data.fields.map((field) => ({
            question: short(field.question),
            ...field.dominant,
            noFace: field.noFace,
          }))}
          dataKey="question"
          type="stacked"
          withLegend
          series={[
            ...EMOTIONS.map((emotion) => ({
              name: emotion,
              label: names[emotion],
              color: EMOTION_COLOURS[emotion],
            })),
            { name: "noFace", label: t("No face found"), color: "gray.3" },
          ]}
        />
      </Paper>
      <Paper withBorder p="md">
        <Table.ScrollContainer minWidth={760}>
          <Table withRowBorders aria-label={t("Emotions per question")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Question")}</Table.Th>
                <Table.Th ta="right">{t("Submissions")}</Table.Th>
                {EMOTIONS.map((emotion) => (
                  <Table.Th key={emotion} ta="right">
                    {names[emotion]}
                  </Table.Th>
                ))}
                <Table.Th ta="right">{t("No face found")}</Table.Th>
                <Table.Th>{t("Expected emotion")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.fields.map((field) => (
                <Table.Tr key={field.fieldId}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{field.question}</Table.Td>
                  <Table.Td ta="right">{field.answers}</Table.Td>
                  {EMOTIONS.map((emotion) => (
                    <Table.Td key={emotion} ta="right">
                      {field.dominant[emotion]}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right">{field.noFace}</Table.Td>
                  <Table.Td>
                    {field.expectedEmotion
                      ? t("{{emotion}}: {{matched}} of {{total}} matched", {
                          emotion: names[field.expectedEmotion],
                          matched: field.matchedExpected ?? 0,
                          total: field.answers,
                        })
                      : "—"}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
