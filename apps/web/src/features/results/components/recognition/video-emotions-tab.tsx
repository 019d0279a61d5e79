import type { TAnswerFaces, TAnswerFieldsEmotions } from "@formloom/core/api/recognition";
import { EMOTIONS, type Emotion } from "@formloom/core/recognition";
import { Badge, Group, Paper, Progress, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { BarChart } from "../../../../components/bar-chart.tsx";
import { QueryState } from "../../../../components/query-state.tsx";
import { useFormat } from "../../../../i18n/format.ts";
import { EMOTION_COLOURS, useEmotionNames } from "../../../../lib/emotion-names.ts";
import { useAnswerFaces, useAnswerFieldsEmotions } from "../../api/recognition.ts";
import { NothingCollected } from "../result/result-tabs.tsx";

type FieldEmotions = TAnswerFieldsEmotions["fields"][number];

const short = (text: string) => (text.length > 28 ? `${text.slice(0, 27)}…` : text);
const percent = (score: number) => Math.round(score * 100);

/** A question's looks run together: the same strongest emotion (or no face) from one look to the next. */
function runsOf(timeline: FieldEmotions["timeline"]) {
  const runs: Array<{ emotion: Emotion | null; from: number; to: number; looks: number }> = [];
  for (const look of timeline) {
    const last = runs.at(-1);
    if (last && last.emotion === look.emotion) {
      last.to = look.at;
      last.looks += 1;
    } else runs.push({ emotion: look.emotion, from: look.at, to: look.at, looks: 1 });
  }
  return runs;
}

/** The dominant emotion of a question, or that no face was found there. */
function Dominant({ field }: { field: FieldEmotions }) {
  const { t } = useTranslation();
  const names = useEmotionNames();
  if (field.withFace === 0)
    return (
      <Badge color="gray" variant="outline">
        {t("No face found")}
      </Badge>
    );
  if (!field.dominant) return <Text size="sm">—</Text>;
  return (
    <Badge color={EMOTION_COLOURS[field.dominant].split(".")[0]} variant="light">
      {names[field.dominant]}
    </Badge>
  );
}

/** Against the expected emotion: whether what was seen matches it. */
function Expected({ field }: { field: FieldEmotions }) {
  const { t } = useTranslation();
  const names = useEmotionNames();
  if (!field.expectedEmotion) return <Text size="sm">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{names[field.expectedEmotion]}</Text>
      {field.matchesExpected !== null && (
        <Badge color={field.matchesExpected ? "teal" : "orange"} variant="light">
          {field.matchesExpected ? t("Matches") : t("Differs")}
        </Badge>
      )}
    </Group>
  );
}

/** One question's timeline: a strip of what each look saw, and the same as a table. */
function Timeline({ field }: { field: FieldEmotions }) {
  const { t } = useTranslation();
  const names = useEmotionNames();
  const format = useFormat();
  const runs = runsOf(field.timeline);
  const label = (emotion: Emotion | null) => (emotion ? names[emotion] : t("No face found"));
  const seconds = (ms: number) => format.duration(Math.round(ms / 1000));
  return (
    <Paper withBorder p="md">
      <Title order={4} size="h6" mb="xs" style={{ overflowWrap: "anywhere" }}>
        {field.question}
      </Title>
      <Progress.Root size={18} aria-hidden mb="sm">
        {runs.map((run) => (
          <Tooltip key={`${run.from}-${run.emotion}`} label={`${label(run.emotion)} · ${seconds(run.from)}`}>
            <Progress.Section
              value={(run.looks / field.timeline.length) * 100}
              color={run.emotion ? EMOTION_COLOURS[run.emotion] : "gray.3"}
            />
          </Tooltip>
        ))}
      </Progress.Root>
      <Table.ScrollContainer minWidth={320}>
        <Table withRowBorders aria-label={t("Emotion timeline: {{question}}", { question: field.question })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("From")}</Table.Th>
              <Table.Th>{t("To")}</Table.Th>
              <Table.Th>{t("Emotion")}</Table.Th>
              <Table.Th ta="right">{t("Looks")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((run) => (
              <Table.Tr key={`${run.from}-${run.emotion}`}>
                <Table.Td>{seconds(run.from)}</Table.Td>
                <Table.Td>{seconds(run.to)}</Table.Td>
                <Table.Td>{label(run.emotion)}</Table.Td>
                <Table.Td ta="right">{run.looks}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Each question's mean emotions as stacked bars, and as a table with the dominant and expected emotion. */
function EmotionsPerQuestion({ data }: { data: TAnswerFieldsEmotions }) {
  const { t } = useTranslation();
  const names = useEmotionNames();
  const charted = data.fields.filter((field) => field.emotions);
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="xs">
        {t("Emotions per question")}
      </Title>
      {charted.length > 0 && (
        <BarChart
          aria-hidden
          h={120 + charted.length * 44}
          orientation="vertical"
          yAxisProps={{ width: 110 }}
          xAxisProps={{ domain: [0, 100] }}
          valueFormatter={(value) => `${value}%`}
          data={charted.map((field) => ({
            question: short(field.question),
            ...Object.fromEntries(
              EMOTIONS.map((emotion) => [emotion, percent(field.emotions?.[emotion] ?? 0)]),
            ),
          }))}
          dataKey="question"
          type="stacked"
          withLegend
          series={EMOTIONS.map((emotion) => ({
            name: emotion,
            label: names[emotion],
            color: EMOTION_COLOURS[emotion],
          }))}
        />
      )}
      <Table.ScrollContainer minWidth={480} mt="sm">
        <Table withRowBorders aria-label={t("Emotions per question")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Question")}</Table.Th>
              <Table.Th>{t("Dominant emotion")}</Table.Th>
              <Table.Th>{t("Expected emotion")}</Table.Th>
              <Table.Th ta="right">{t("Looks with a face")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.fields.map((field) => (
              <Table.Tr key={field.fieldId}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{field.question}</Table.Td>
                <Table.Td>
                  <Dominant field={field} />
                  {field.dominant && field.emotions && (
                    <Text size="xs" c="dimmed">
                      {percent(field.emotions[field.dominant])}%
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Expected field={field} />
                </Table.Td>
                <Table.Td ta="right">
                  {field.withFace} / {field.samples}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The faces, age and gender seen at each question and over all of them. */
function Faces({ data }: { data: TAnswerFaces }) {
  const { t } = useTranslation();
  const gender = (value: "male" | "female" | null) =>
    value === "male" ? t("Male") : value === "female" ? t("Female") : "—";
  const rows = [
    ...(data.overall ? [{ key: "all", question: t("All questions"), ...data.overall }] : []),
    ...data.fields.map((field) => ({ key: field.fieldId, ...field })),
  ];
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="xs">
        {t("Faces, age and gender")}
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table withRowBorders aria-label={t("Faces, age and gender")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Question")}</Table.Th>
              <Table.Th ta="right">{t("Looks")}</Table.Th>
              <Table.Th ta="right">{t("Looks with a face")}</Table.Th>
              <Table.Th ta="right">{t("Most faces at once")}</Table.Th>
              {data.recognises.ageGender && <Table.Th ta="right">{t("Age")}</Table.Th>}
              {data.recognises.ageGender && <Table.Th>{t("Gender")}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} fw={row.key === "all" ? 600 : undefined}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.question}</Table.Td>
                <Table.Td ta="right">{row.samples}</Table.Td>
                <Table.Td ta="right">{row.withFace === 0 ? t("No face found") : row.withFace}</Table.Td>
                <Table.Td ta="right">{row.maxFaces}</Table.Td>
                {data.recognises.ageGender && <Table.Td ta="right">{row.age ?? "—"}</Table.Td>}
                {data.recognises.ageGender && <Table.Td>{gender(row.gender)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * What the respondent's browser recognised on the camera while each question was answered, with
 * their consent: the emotions per question against the expected ones, each question's timeline,
 * and the faces, age and gender seen (GET …/charts/fields-emotions and …/faces).
 */
export function VideoEmotionsTab({ formId, answerId }: { formId: number; answerId: number }) {
  const { t } = useTranslation();
  const emotions = useAnswerFieldsEmotions(formId, answerId);
  const faces = useAnswerFaces(formId, answerId);
  return (
    <QueryState
      isPending={emotions.isPending || faces.isPending}
      error={emotions.error ?? faces.error}
      empty={emotions.data?.fields.length === 0 && <NothingCollected what={t("Video emotions")} />}
    >
      {() =>
        emotions.data &&
        faces.data && (
          <Stack>
            <Text size="sm" c="dimmed">
              {t("Recognised in the respondent's browser with their consent; no picture was sent or kept.")}
            </Text>
            <EmotionsPerQuestion data={emotions.data} />
            <Faces data={faces.data} />
            <Title order={3} size="h5">
              {t("Emotion timeline")}
            </Title>
            {emotions.data.fields.map((field) => (
              <Timeline key={field.fieldId} field={field} />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}
