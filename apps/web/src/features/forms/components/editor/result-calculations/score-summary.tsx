import type { TElement } from "@formloom/core/element-schema";
import { Alert, List, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { categoryHighest, type ResultSettings, scoresWithoutGradation } from "./scoring-edits.ts";

/** The highest score the questions can give; a quiz none of whose questions scores says so. */
export function HighestScore({ highest }: { highest: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm">{t("Highest possible score: {{score}}", { score: highest })}</Text>
      {highest <= 0 && (
        <Alert variant="light" color="orange" role="status" p="xs">
          {t("No question scores points yet: give a question a correct answer, or points for any answer.")}
        </Alert>
      )}
    </Stack>
  );
}

/** Each gradation's range against the highest score, and the scores no gradation takes. */
export function GradationsAgainstHighest({
  settings,
  highest,
}: {
  settings: ResultSettings;
  highest: number;
}) {
  const { t } = useTranslation();
  const gradations = settings.resultsHandlingGradation;
  if (gradations.length === 0) return null;
  const gaps = scoresWithoutGradation(gradations, highest);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="gradations-against-highest">
        {t("Gradations against the highest score ({{score}})", { score: highest })}
      </Text>
      <List size="sm" aria-labelledby="gradations-against-highest">
        {gradations.map((gradation, index) => (
          <List.Item key={gradation.id}>
            {t("{{from}} to {{to}}: {{result}}", {
              from: gradation.minScoreGradation,
              to: gradation.maxScoreGradation,
              result: gradation.briefResultGradation || t("Gradation {{n}}", { n: index + 1 }),
            })}
            {gradation.minScoreGradation > highest && (
              <Text span size="sm" c="orange.8">
                {" — "}
                {t("above the highest score: no one gets it")}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      {gaps.map(([from, to]) => (
        <Text key={from} size="sm" c="orange.8" role="status">
          {from === to
            ? t("A score of {{score}} gets no gradation", { score: from })
            : t("Scores {{from}} to {{to}} get no gradation", { from, to })}
        </Text>
      ))}
    </Stack>
  );
}

/** The passing score against the highest: a form no one can pass says so. */
export function PassingAgainstHighest({ settings, highest }: { settings: ResultSettings; highest: number }) {
  const { t } = useTranslation();
  const passing = settings.resultsHandlingPassedFailed.passingScore;
  return passing > highest ? (
    <Text size="sm" c="orange.8" role="status">
      {t("The passing score is above the highest score: no one can pass.")}
    </Text>
  ) : (
    <Text size="sm">{t("Passing score {{passing}} of {{score}}", { passing, score: highest })}</Text>
  );
}

/** Each category's highest score, from the questions that carry it, and its levels beyond it. */
export function CategoriesAgainstHighest({
  settings,
  fields,
}: {
  settings: ResultSettings;
  fields: readonly TElement[];
}) {
  const { t } = useTranslation();
  const categories = settings.resultsHandlingGradationCategories;
  if (categories.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="categories-against-highest">
        {t("Categories against their highest scores")}
      </Text>
      <List size="sm" aria-labelledby="categories-against-highest">
        {categories.map((category, index) => {
          const highest = categoryHighest(fields, category.id);
          return (
            <List.Item key={category.id}>
              {t("{{category}}: highest possible score {{score}}", {
                category: category.title || t("Category {{n}}", { n: index + 1 }),
                score: highest,
              })}
              {category.levels
                .filter((level) => level.minScore > highest)
                .map((level) => (
                  <Text key={`${level.minScore}-${level.maxScore}`} size="sm" c="orange.8">
                    {t("A level from {{from}} is above the highest score: no one gets it", {
                      from: level.minScore,
                    })}
                  </Text>
                ))}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
