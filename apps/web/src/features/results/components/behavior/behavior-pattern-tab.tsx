import { BEHAVIOR_ATTRIBUTES } from "@formloom/core/behavior-attributes";
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../../components/query-state.tsx";
import { RadarChart } from "../../../../components/radar-chart.tsx";
import { useFormat } from "../../../../i18n/format.ts";
import { useAnswerSpider } from "../../api/get-behavior.ts";
import { NothingCollected } from "../result/result-tabs.tsx";
import { radarRows, useAttributeNames } from "./attribute-names.ts";

/**
 * A submission's behaviour pattern: its six attributes as a spider chart and as a table, and each
 * question's time with the focus against the time the author expected.
 */
export function BehaviorPatternTab({ formId, answerId }: { formId: number; answerId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const names = useAttributeNames();
  const { data, isPending, error } = useAnswerSpider(formId, answerId);
  return (
    <QueryState
      isPending={isPending}
      error={error}
      empty={data?.attributes === null && <NothingCollected what={t("Behavior pattern")} />}
    >
      {() =>
        data?.attributes && (
          <Stack>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Paper withBorder p="md">
                <Title order={3} size="h5" mb="xs">
                  {t("Spider chart")}
                </Title>
                <RadarChart
                  h={300}
                  aria-hidden
                  data={radarRows(names, [{ key: "value", attributes: data.attributes }])}
                  dataKey="attribute"
                  withPolarRadiusAxis
                  polarRadiusAxisProps={{ domain: [0, 100], tickCount: 5, angle: 90 }}
                  series={[{ name: "value", label: t("This submission"), color: "indigo.6", opacity: 0.3 }]}
                />
              </Paper>
              <Paper withBorder p="md">
                <Table withRowBorders aria-label={t("Behavioural attributes")}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("Attribute")}</Table.Th>
                      <Table.Th ta="right">{t("Value")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {BEHAVIOR_ATTRIBUTES.map((attribute) => (
                      <Table.Tr key={attribute}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {names[attribute].name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {names[attribute].means}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                          {data.attributes?.[attribute]}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
            </SimpleGrid>
            <Paper withBorder p="md">
              <Title order={3} size="h5" mb="xs">
                {t("Time per question")}
              </Title>
              {data.fields.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t("No question held the focus.")}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={480}>
                  <Table withRowBorders aria-label={t("Time per question")}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("Question")}</Table.Th>
                        <Table.Th ta="right">{t("Time")}</Table.Th>
                        <Table.Th ta="right">{t("Visits")}</Table.Th>
                        <Table.Th>{t("Expected")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.fields.map((field) => (
                        <Table.Tr key={field.fieldId}>
                          <Table.Td style={{ overflowWrap: "anywhere" }}>{field.question}</Table.Td>
                          <Table.Td ta="right">{format.duration(field.seconds)}</Table.Td>
                          <Table.Td ta="right">{field.visits}</Table.Td>
                          <Table.Td>
                            <Group gap="xs">
                              <Text size="sm">
                                {field.minTime || field.maxTime
                                  ? `${field.minTime ? format.duration(field.minTime) : "—"} – ${
                                      field.maxTime ? format.duration(field.maxTime) : "—"
                                    }`
                                  : "—"}
                              </Text>
                              {field.outside && (
                                <Badge color="orange" variant="light">
                                  {field.outside === "shorter" ? t("Shorter") : t("Longer")}
                                </Badge>
                              )}
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          </Stack>
        )
      }
    </QueryState>
  );
}
