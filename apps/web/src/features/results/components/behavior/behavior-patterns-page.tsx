import { BEHAVIOR_ATTRIBUTES } from "@formloom/core/behavior-attributes";
import { Checkbox, Group, Pagination, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AccessDenied, isDenied } from "../../../../components/access-denied.tsx";
import { QueryState } from "../../../../components/query-state.tsx";
import { RadarChart } from "../../../../components/radar-chart.tsx";
import { useFormat } from "../../../../i18n/format.ts";
import { AnchorLink, BackLink } from "../../../../lib/router-links.tsx";
import { useSpiderList } from "../../api/get-behavior.ts";
import { radarRows, useAttributeNames } from "./attribute-names.ts";

const route = getRouteApi("/layout/account/forms/$id/results/behavior-patterns");

const PAGE_SIZE = 20;
/** Shapes one chart can hold and still be read. */
const MOST_COMPARED = 4;
const COLOURS = ["indigo.6", "orange.6", "teal.6", "pink.6"] as const;

/**
 * The form's behaviour patterns: its submissions' six attributes, a page at a time, the page's mean
 * and the submissions ticked in the table drawn over each other on one spider chart.
 */
export function BehaviorPatternsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const names = useAttributeNames();
  const { id } = route.useParams();
  const [page, setPage] = useState(1);
  const [ticked, setTicked] = useState<number[]>([]);
  const { data, isPending, error } = useSpiderList(id, page, PAGE_SIZE);
  const back = (
    <BackLink to="/forms/$id/results" params={{ id }}>
      {t("Back to the results")}
    </BackLink>
  );
  if (isDenied(error)) return <AccessDenied back={back} />;

  const measured = (data?.submissions ?? []).filter((item) => item.attributes !== null);
  const compared = measured.filter((item) => ticked.includes(item.answerId));
  const label = (item: { number: number | null; answerId: number }) => `#${item.number ?? item.answerId}`;
  const series = [
    ...(data?.average ? [{ key: "average", label: t("Mean of this page"), attributes: data.average }] : []),
    ...compared.flatMap((item) =>
      item.attributes ? [{ key: `s${item.answerId}`, label: label(item), attributes: item.attributes }] : [],
    ),
  ];
  const toggle = (answerId: number, on: boolean) =>
    setTicked((now) =>
      on
        ? [...now.filter((other) => other !== answerId), answerId].slice(-MOST_COMPARED)
        : now.filter((other) => other !== answerId),
    );

  return (
    <Stack>
      {back}
      <Title order={2} size="h3">
        {t("Behavior patterns")}
      </Title>
      <QueryState
        isPending={isPending}
        error={error}
        empty={
          measured.length === 0 && (
            <Paper withBorder p="xl">
              <Text c="dimmed" ta="center">
                {t("No submission on this page has recorded behaviour.")}
              </Text>
            </Paper>
          )
        }
      >
        {() =>
          data && (
            <Stack>
              <Paper withBorder p="md">
                <Title order={3} size="h5">
                  {t("Spider chart")}
                </Title>
                <Text size="sm" c="dimmed" mb="xs">
                  {t("Tick up to four submissions in the table to compare them with the mean.")}
                </Text>
                <RadarChart
                  h={320}
                  aria-hidden
                  data={radarRows(names, series)}
                  dataKey="attribute"
                  withLegend
                  withPolarRadiusAxis
                  polarRadiusAxisProps={{ domain: [0, 100], tickCount: 5, angle: 90 }}
                  series={series.map((item, index) => ({
                    name: item.key,
                    label: item.label,
                    color:
                      item.key === "average" ? "gray.6" : (COLOURS[(index - 1) % COLOURS.length] ?? "blue.6"),
                    opacity: item.key === "average" ? 0.15 : 0.25,
                  }))}
                />
              </Paper>
              <Table.ScrollContainer minWidth={760}>
                <Table withRowBorders striped aria-label={t("Behavioural attributes of the submissions")}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40}>
                        <VisuallyHidden>{t("Compare")}</VisuallyHidden>
                      </Table.Th>
                      <Table.Th>{t("Submission")}</Table.Th>
                      <Table.Th>{t("Submitted")}</Table.Th>
                      {BEHAVIOR_ATTRIBUTES.map((attribute) => (
                        <Table.Th key={attribute} ta="right" title={names[attribute].means}>
                          {names[attribute].name}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.average && (
                      <Table.Tr>
                        <Table.Td />
                        <Table.Td colSpan={2}>
                          <Text size="sm" fw={600}>
                            {t("Mean of this page")}
                          </Text>
                        </Table.Td>
                        {BEHAVIOR_ATTRIBUTES.map((attribute) => (
                          <Table.Td key={attribute} ta="right" fw={600}>
                            {data.average?.[attribute]}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    )}
                    {data.submissions.map((item) => (
                      <Table.Tr key={item.answerId}>
                        <Table.Td>
                          <Checkbox
                            aria-label={t("Compare {{submission}}", { submission: label(item) })}
                            disabled={item.attributes === null}
                            checked={ticked.includes(item.answerId)}
                            onChange={(event) => toggle(item.answerId, event.currentTarget.checked)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <AnchorLink
                            to="/forms/$id/results/$resId"
                            params={{ id, resId: item.number ?? item.answerId }}
                            search={{ tab: "behavior-pattern" }}
                          >
                            {label(item)}
                          </AnchorLink>
                        </Table.Td>
                        <Table.Td>{format.dateTime(item.submitTime)}</Table.Td>
                        {BEHAVIOR_ATTRIBUTES.map((attribute) => (
                          <Table.Td key={attribute} ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                            {item.attributes ? item.attributes[attribute] : "—"}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {data.total > PAGE_SIZE && (
                <Group justify="center">
                  <Pagination
                    total={Math.ceil(data.total / PAGE_SIZE)}
                    value={page}
                    onChange={(next) => {
                      setPage(next);
                      setTicked([]);
                    }}
                  />
                </Group>
              )}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
