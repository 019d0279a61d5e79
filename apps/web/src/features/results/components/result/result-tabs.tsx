import type { TEventLog } from "@formloom/core/api/behavior";
import type { TAnswerAdditional } from "@formloom/core/api/single-result";
import type { TElement } from "@formloom/core/element-schema";
import { Alert, Badge, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../../../components/bar-chart.tsx";
import { QueryState } from "../../../../components/query-state.tsx";
import { useFormat } from "../../../../i18n/format.ts";
import { useAnswerAdditional, useAnswerCalc, useEventLog } from "../../api/get-single-result.ts";
import { placeText, resultText } from "../answer-view.tsx";

interface TabProps {
  formId: number;
  answerId: number;
}

/** A sub-page whose data this submission does not have: said plainly, not left blank. */
export function NothingCollected({ what }: { what: string }) {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} title={what}>
      {t("Nothing of this kind was collected for this submission.")}
    </Alert>
  );
}

function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Table withRowBorders>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%">{label}</Table.Th>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A question's time, and where it fell outside the author's expected shortest or longest time. */
function AnsweringTime({ time }: { time: TAnswerAdditional["answeringTimes"][number] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (time.outside === null) return format.duration(time.seconds);
  const bound = format.duration((time.outside === "shorter" ? time.minTime : time.maxTime) ?? 0);
  return (
    <Group gap="xs">
      <span>{format.duration(time.seconds)}</span>
      <Badge color="orange" variant="light">
        {time.outside === "shorter"
          ? t("Shorter than the expected {{time}}", { time: bound })
          : t("Longer than the expected {{time}}", { time: bound })}
      </Badge>
    </Group>
  );
}

/** The score, the outcome of the result view and each question's points. */
export function CalculationsTab({ formId, answerId, scored }: TabProps & { scored: boolean }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useAnswerCalc(formId, answerId, true);
  return (
    <QueryState isPending={isPending} error={error} empty={false}>
      {() =>
        data && (
          <Stack>
            {!scored && (
              <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
                {t("This form does not count points; the questions below give none unless set to.")}
              </Alert>
            )}
            <Group gap="xs">
              {data.score !== null && (
                <Badge size="lg" variant="light" color="teal">
                  {t("Score")}: {data.score} / {data.maxScore}
                </Badge>
              )}
              {resultText(data.result, t) && (
                <Badge size="lg" variant="light" color="violet">
                  {resultText(data.result, t)}
                </Badge>
              )}
            </Group>
            <Table withRowBorders aria-label={t("Points per question")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("Question")}</Table.Th>
                  <Table.Th ta="right">{t("Points")}</Table.Th>
                  <Table.Th ta="right">{t("Most possible")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.fields.map((field) => (
                  <Table.Tr key={field.fieldId}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{field.question}</Table.Td>
                    <Table.Td ta="right">{field.score}</Table.Td>
                    <Table.Td ta="right">{field.max}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )
      }
    </QueryState>
  );
}

/** Where and on what the submission was sent, the link's arguments and how long it took. */
export function AdditionalTab({ formId, answerId }: TabProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { data, isPending, error } = useAnswerAdditional(formId, answerId, true);
  const none = <Text c="dimmed">—</Text>;
  return (
    <QueryState isPending={isPending} error={error} empty={false}>
      {() =>
        data && (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="md">
              <Title order={3} size="h5" mb="xs">
                {t("Location")}
              </Title>
              {data.geo ? (
                <Rows
                  rows={[
                    [t("Place"), placeText(data.geo, i18n.language) || "—"],
                    [t("Region"), data.geo.region ?? "—"],
                    [t("Postal code"), data.geo.zipcode ?? "—"],
                    [
                      t("Coordinates"),
                      data.geo.latitude !== null && data.geo.longitude !== null
                        ? `${data.geo.latitude}, ${data.geo.longitude}`
                        : "—",
                    ],
                  ]}
                />
              ) : (
                <Text c="dimmed" size="sm">
                  {t("The address it was sent from has no known place.")}
                </Text>
              )}
            </Paper>
            <Paper withBorder p="md">
              <Title order={3} size="h5" mb="xs">
                {t("Device")}
              </Title>
              <Rows
                rows={[
                  [t("Type"), data.device.type || none],
                  [t("Operating system"), data.device.os || none],
                  [t("Browser"), data.device.browser || none],
                  [t("Language"), data.device.language || none],
                  [
                    t("Screen"),
                    data.device.width && data.device.height
                      ? `${data.device.width}×${data.device.height}`
                      : none,
                  ],
                ]}
              />
            </Paper>
            <Paper withBorder p="md">
              <Title order={3} size="h5" mb="xs">
                {t("Timing")}
              </Title>
              <Rows
                rows={[
                  [t("Started"), data.startTime ? format.dateTimeSeconds(data.startTime) : none],
                  [t("Submitted"), format.dateTimeSeconds(data.submitTime)],
                  [
                    t("Time spent"),
                    data.formPassingTime === null ? none : format.duration(data.formPassingTime),
                  ],
                  ...data.answeringTimes.map((item): [string, ReactNode] => [
                    item.question,
                    <AnsweringTime key={item.fieldId} time={item} />,
                  ]),
                ]}
              />
            </Paper>
            <Paper withBorder p="md">
              <Title order={3} size="h5" mb="xs">
                {t("Link arguments")}
              </Title>
              {Object.keys(data.pathArgs).length > 0 ? (
                <Rows rows={Object.entries(data.pathArgs)} />
              ) : (
                <Text c="dimmed" size="sm">
                  {t("The form's link had no arguments.")}
                </Text>
              )}
            </Paper>
          </SimpleGrid>
        )
      }
    </QueryState>
  );
}

const moment = (ms: number) => {
  const seconds = ms / 1000;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(1).padStart(4, "0")}`;
};

/** What the respondent did, one readable line per recorded event, from the page's opening. */
export function ActivityTab({ formId, answerId, fields }: TabProps & { fields: TElement[] }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useEventLog(formId, answerId, true);
  const question = (id: string | undefined) =>
    fields.find((field) => field.id === id)?.question || id || t("the page");
  const describe = (event: TEventLog["events"][number]): string => {
    const target = question(event.field);
    switch (event.type) {
      case "focus":
        return t("Went to “{{question}}”", { question: target });
      case "blur":
        return t("Left “{{question}}”", { question: target });
      case "input":
        return (event.count ?? 0) < 0
          ? t("Erased in “{{question}}” (−{{n}})", { n: -(event.count ?? 0), question: target })
          : t("Typed in “{{question}}” (+{{n}})", { n: event.count ?? 0, question: target });
      case "click":
        return t("Clicked at {{x}}, {{y}}", { x: event.x ?? "?", y: event.y ?? "?" });
      case "move":
        return t("Moved the pointer to {{x}}, {{y}}", { x: event.x ?? "?", y: event.y ?? "?" });
      case "hide":
        return t("Left the page");
      case "show":
        return t("Came back to the page");
    }
  };
  return (
    <QueryState
      isPending={isPending}
      error={error}
      empty={data?.events.length === 0 && <NothingCollected what={t("User activity")} />}
    >
      {() =>
        data && (
          <ScrollArea.Autosize mah={560}>
            <Table withRowBorders aria-label={t("User activity")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={90}>{t("At")}</Table.Th>
                  <Table.Th>{t("What happened")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.events.map((event, index) => (
                  // Events carry no id; their order is the log's.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                  <Table.Tr key={index}>
                    <Table.Td style={{ fontVariantNumeric: "tabular-nums" }}>{moment(event.at)}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{describe(event)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )
      }
    </QueryState>
  );
}

/** Time spent and points per question as charts. */
export function VisualizationsTab({ formId, answerId, scored }: TabProps & { scored: boolean }) {
  const { t } = useTranslation();
  const additional = useAnswerAdditional(formId, answerId, true);
  const calc = useAnswerCalc(formId, answerId, scored);
  const times = additional.data?.answeringTimes ?? [];
  // Questions that give no points would only be empty bars.
  const points = (calc.data?.fields ?? []).filter((field) => field.max > 0);
  const short = (text: string) => (text.length > 28 ? `${text.slice(0, 27)}…` : text);
  return (
    <QueryState isPending={additional.isPending} error={additional.error} empty={false}>
      {() => (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder p="md">
            <Title order={3} size="h5" mb="xs">
              {t("Seconds per question")}
            </Title>
            {times.length > 0 ? (
              <BarChart
                h={Math.max(140, times.length * 36)}
                orientation="vertical"
                yAxisProps={{ width: 130 }}
                data={times.map((item) => ({ question: short(item.question), seconds: item.seconds }))}
                dataKey="question"
                series={[{ name: "seconds", label: t("Seconds"), color: "blue.6" }]}
              />
            ) : (
              <Text c="dimmed" size="sm">
                {t("The page did not measure the time per question.")}
              </Text>
            )}
          </Paper>
          {scored && points.length > 0 && (
            <Paper withBorder p="md">
              <Title order={3} size="h5" mb="xs">
                {t("Points per question")}
              </Title>
              <BarChart
                h={Math.max(140, points.length * 36)}
                orientation="vertical"
                yAxisProps={{ width: 130 }}
                data={points.map((item) => ({
                  question: short(item.question),
                  points: item.score,
                  missed: Math.max(0, item.max - item.score),
                }))}
                dataKey="question"
                type="stacked"
                series={[
                  { name: "points", label: t("Points"), color: "teal.6" },
                  { name: "missed", label: t("Missed"), color: "gray.4" },
                ]}
              />
            </Paper>
          )}
        </SimpleGrid>
      )}
    </QueryState>
  );
}
