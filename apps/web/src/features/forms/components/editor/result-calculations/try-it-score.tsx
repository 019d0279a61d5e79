import type { ScoreReport } from "@formloom/core/scoring";
import { shownScore } from "@formloom/core/shown-score";
import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { outcomeBrief } from "../../../../results/components/answer-view.tsx";

/** The preview's answers scored as the server will score them: the score and the result it gives. */
export function TryItScore({ report }: { report: ScoreReport }) {
  const { t } = useTranslation();
  const { result } = report;
  return (
    <Paper
      withBorder
      radius="sm"
      px="sm"
      py={6}
      bg="var(--mantine-color-body)"
      role="status"
      aria-live="polite"
      aria-label={t("Try-it score")}
      data-testid="try-it-score"
    >
      <Stack gap={2}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={700}>
            {t("Score: {{score}} of {{max}}", {
              score: shownScore(report.total),
              max: shownScore(report.maxScore),
            })}
          </Text>
          {result.view === "passed_failed" && (
            <Badge color={result.passed ? "green" : "red"} variant="light">
              {result.passed ? t("Passed") : t("Failed")}
            </Badge>
          )}
          {result.view !== "categories" && result.brief && (
            <Text size="sm" data-testid="try-it-result">
              {outcomeBrief(result.brief, t)}
            </Text>
          )}
          {result.view === "gradations" && !result.gradationId && (
            <Text size="sm" c="dimmed">
              {t("No gradation covers this score")}
            </Text>
          )}
        </Group>
        {result.view === "categories" &&
          result.categories.map((category) => (
            <Text key={category.id} size="xs">
              {`${category.title || "—"}: ${shownScore(category.score)}`}
              {category.brief ? ` — ${category.brief}` : ""}
            </Text>
          ))}
      </Stack>
    </Paper>
  );
}
