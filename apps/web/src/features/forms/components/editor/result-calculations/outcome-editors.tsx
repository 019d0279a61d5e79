import type { TGradation, TResultCategory } from "@formloom/core/result-schema";
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { typedNumber } from "./question-scoring.tsx";
import { emptyCategory, emptyGradation, emptyLevel, type ResultSettings } from "./scoring-edits.ts";

type PassedFailed = ResultSettings["resultsHandlingPassedFailed"];

/** Passed/failed: the passing score and what each outcome says, briefly and in detail. */
export function PassedFailedEditor({
  value,
  onChange,
}: {
  value: PassedFailed;
  onChange(next: PassedFailed): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <NumberInput
        label={t("Passing score")}
        description={t("A score at least this high passes")}
        value={value.passingScore}
        onChange={(typed) => {
          const passingScore = typedNumber(typed);
          if (passingScore !== undefined) onChange({ ...value, passingScore });
        }}
      />
      <TextInput
        label={t("Brief result when passed")}
        value={value.briefResult.passed}
        onChange={(e) =>
          onChange({ ...value, briefResult: { ...value.briefResult, passed: e.currentTarget.value } })
        }
      />
      <Textarea
        label={t("Detailed result when passed")}
        autosize
        minRows={2}
        value={value.detailedResult.passed}
        onChange={(e) =>
          onChange({ ...value, detailedResult: { ...value.detailedResult, passed: e.currentTarget.value } })
        }
      />
      <TextInput
        label={t("Brief result when failed")}
        value={value.briefResult.failed}
        onChange={(e) =>
          onChange({ ...value, briefResult: { ...value.briefResult, failed: e.currentTarget.value } })
        }
      />
      <Textarea
        label={t("Detailed result when failed")}
        autosize
        minRows={2}
        value={value.detailedResult.failed}
        onChange={(e) =>
          onChange({ ...value, detailedResult: { ...value.detailedResult, failed: e.currentTarget.value } })
        }
      />
    </Stack>
  );
}

interface RangeTexts {
  min: number;
  max: number;
  brief: string;
  detailed: string;
  hidden: string;
}

/** One score range and its texts: a gradation, or a level of a category. */
function RangeFields({
  value,
  name,
  onChange,
}: {
  value: RangeTexts;
  name: string;
  onChange(patch: Partial<RangeTexts>): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group grow gap="xs" align="flex-start">
        <NumberInput
          label={t("From score")}
          aria-label={t("{{name}}: from score", { name })}
          value={value.min}
          onChange={(typed) => {
            const min = typedNumber(typed);
            if (min !== undefined) onChange({ min });
          }}
        />
        <NumberInput
          label={t("To score")}
          aria-label={t("{{name}}: to score", { name })}
          value={value.max}
          error={value.max < value.min ? t("Below the lower bound") : undefined}
          onChange={(typed) => {
            const max = typedNumber(typed);
            if (max !== undefined) onChange({ max });
          }}
        />
      </Group>
      <TextInput
        label={t("Brief result")}
        aria-label={t("{{name}}: brief result", { name })}
        value={value.brief}
        onChange={(e) => onChange({ brief: e.currentTarget.value })}
      />
      <Textarea
        label={t("Detailed result")}
        aria-label={t("{{name}}: detailed result", { name })}
        autosize
        minRows={2}
        value={value.detailed}
        onChange={(e) => onChange({ detailed: e.currentTarget.value })}
      />
      <TextInput
        label={t("Hidden value")}
        description={t("Shown on the results page only, never to the respondent")}
        value={value.hidden}
        onChange={(e) => onChange({ hidden: e.currentTarget.value })}
      />
    </Stack>
  );
}

/** Score gradations: the range the total falls in gives the result. */
export function GradationsEditor({
  value,
  onChange,
}: {
  value: readonly TGradation[];
  onChange(next: TGradation[]): void;
}) {
  const { t } = useTranslation();
  const update = (id: string, patch: Partial<TGradation>) =>
    onChange(value.map((g) => (g.id === id ? { ...g, ...patch } : g)));
  return (
    <Stack gap="sm">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("No gradations yet. Add one for each range of scores.")}
        </Text>
      )}
      {value.map((gradation, index) => {
        const name = t("Gradation {{n}}", { n: index + 1 });
        return (
          <Card key={gradation.id} withBorder padding="sm" component="section" aria-label={name}>
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                {name}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("Delete {{name}}", { name })}
                onClick={() => onChange(value.filter((g) => g.id !== gradation.id))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <RangeFields
              name={name}
              value={{
                min: gradation.minScoreGradation,
                max: gradation.maxScoreGradation,
                brief: gradation.briefResultGradation,
                detailed: gradation.detailedResultGradation,
                hidden: gradation.hiddenValue,
              }}
              onChange={(patch) =>
                update(gradation.id, {
                  ...(patch.min !== undefined && { minScoreGradation: patch.min }),
                  ...(patch.max !== undefined && { maxScoreGradation: patch.max }),
                  ...(patch.brief !== undefined && { briefResultGradation: patch.brief }),
                  ...(patch.detailed !== undefined && { detailedResultGradation: patch.detailed }),
                  ...(patch.hidden !== undefined && { hiddenValue: patch.hidden }),
                })
              }
            />
          </Card>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => onChange([...value, emptyGradation()])}
        disabled={value.length >= 100}
      >
        {t("Add gradation")}
      </Button>
    </Stack>
  );
}

/** Result categories: each scored by its questions, with levels by score. */
export function CategoriesEditor({
  value,
  onChange,
}: {
  value: readonly TResultCategory[];
  onChange(next: TResultCategory[]): void;
}) {
  const { t } = useTranslation();
  const update = (id: string, patch: Partial<TResultCategory>) =>
    onChange(value.map((c) => (c.id === id ? { ...c, ...patch } : c)));
  return (
    <Stack gap="sm">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("No categories yet. Add one, then choose its questions in each question's scoring.")}
        </Text>
      )}
      {value.map((category, index) => {
        const name = category.title || t("Category {{n}}", { n: index + 1 });
        return (
          <Card key={category.id} withBorder padding="sm" component="section" aria-label={name}>
            <Group gap="xs" align="flex-end" wrap="nowrap" mb="xs">
              <TextInput
                style={{ flex: 1 }}
                label={t("Category title")}
                value={category.title}
                onChange={(e) => update(category.id, { title: e.currentTarget.value })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={t("Delete {{name}}", { name })}
                onClick={() => onChange(value.filter((c) => c.id !== category.id))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <Stack gap="xs">
              {category.levels.map((level, levelIndex) => {
                const levelName = t("{{category}}, level {{n}}", { category: name, n: levelIndex + 1 });
                const setLevel = (patch: Partial<typeof level>) =>
                  update(category.id, {
                    levels: category.levels.map((l, i) => (i === levelIndex ? { ...l, ...patch } : l)),
                  });
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: levels have no ids of their own
                  <Card key={levelIndex} withBorder padding="xs" bg="gray.0">
                    <Group justify="space-between" mb={4}>
                      <Text size="sm" fw={500}>
                        {t("Level {{n}}", { n: levelIndex + 1 })}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("Delete {{name}}", { name: levelName })}
                        onClick={() =>
                          update(category.id, { levels: category.levels.filter((_, i) => i !== levelIndex) })
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                    <RangeFields
                      name={levelName}
                      value={{
                        min: level.minScore,
                        max: level.maxScore,
                        brief: level.briefResult,
                        detailed: level.detailedResult,
                        hidden: level.hiddenValue,
                      }}
                      onChange={(patch) =>
                        setLevel({
                          ...(patch.min !== undefined && { minScore: patch.min }),
                          ...(patch.max !== undefined && { maxScore: patch.max }),
                          ...(patch.brief !== undefined && { briefResult: patch.brief }),
                          ...(patch.detailed !== undefined && { detailedResult: patch.detailed }),
                          ...(patch.hidden !== undefined && { hiddenValue: patch.hidden }),
                        })
                      }
                    />
                  </Card>
                );
              })}
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                onClick={() => update(category.id, { levels: [...category.levels, emptyLevel()] })}
                disabled={category.levels.length >= 50}
              >
                {t("Add level")}
              </Button>
            </Stack>
          </Card>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => onChange([...value, emptyCategory()])}
        disabled={value.length >= 100}
      >
        {t("Add category")}
      </Button>
    </Stack>
  );
}
