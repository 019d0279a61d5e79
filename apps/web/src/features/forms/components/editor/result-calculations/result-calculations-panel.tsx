import type { TElement } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import { RESULT_VIEWS } from "@formloom/core/result-schema";
import { fieldScore } from "@formloom/core/scoring";
import {
  Accordion,
  Badge,
  Divider,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useReadOnlyBuilder } from "../read-only.ts";
import { CategoriesEditor, GradationsEditor, PassedFailedEditor } from "./outcome-editors.tsx";
import { FormulaScoring, QuestionScoring } from "./question-scoring.tsx";
import {
  CategoriesAgainstHighest,
  GradationsAgainstHighest,
  HighestScore,
  PassingAgainstHighest,
} from "./score-summary.tsx";
import { formulaElements, type ResultSettings, scorableElements, tryItScore } from "./scoring-edits.ts";

interface Props {
  settings: ResultSettings;
  fields: readonly TElement[];
  /** The preview's answers, so formulas show the value they would have. */
  answers: Readonly<Record<string, unknown>>;
  onSettings(patch: Partial<ResultSettings>): void;
  onField(id: string, patch: Partial<TElement>): void;
}

type ResultView = (typeof RESULT_VIEWS)[number];

/** The "Result calculations" tab (forms.md §3, §4): how answers score and what the score means. */
export function ResultCalculationsPanel({ settings, fields, answers, onSettings, onField }: Props) {
  const { t } = useTranslation();
  const readOnly = useReadOnlyBuilder();
  const calculation = settings.type === "calculation";
  const report = useMemo(() => tryItScore(settings, fields, answers), [settings, fields, answers]);
  const questions = scorableElements(fields);
  const formulas = formulaElements(fields);
  const viewLabels: Record<ResultView, string> = {
    passed_failed: t("Passed / failed"),
    gradations: t("Gradations"),
    categories: t("Categories"),
  };
  const name = (element: TElement) =>
    element.question.trim() || element.title.trim() || t(fieldTypes[element.fieldType].label);

  return (
    <Stack gap="md">
      <Switch
        label={t("Score the answers (quiz)")}
        description={t("A calculation form scores each submission and tells the respondent the result")}
        checked={calculation}
        onChange={(event) =>
          onSettings({ type: event.currentTarget.checked ? "calculation" : "data_collection" })
        }
      />
      {calculation && (
        <>
          <HighestScore highest={report.maxScore} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="result-view-label">
              {t("Result view")}
            </Text>
            <SegmentedControl
              aria-labelledby="result-view-label"
              fullWidth
              size="xs"
              value={settings.resultType}
              onChange={(value) => onSettings({ resultType: value as ResultView })}
              data={RESULT_VIEWS.map((view) => ({ value: view, label: viewLabels[view] }))}
            />
          </Stack>
          {settings.resultType === "passed_failed" && (
            <>
              <PassedFailedEditor
                value={settings.resultsHandlingPassedFailed}
                onChange={(resultsHandlingPassedFailed) => onSettings({ resultsHandlingPassedFailed })}
              />
              <PassingAgainstHighest settings={settings} highest={report.maxScore} />
            </>
          )}
          {settings.resultType === "gradations" && (
            <>
              <GradationsEditor
                value={settings.resultsHandlingGradation}
                onChange={(resultsHandlingGradation) => onSettings({ resultsHandlingGradation })}
              />
              <GradationsAgainstHighest settings={settings} highest={report.maxScore} />
            </>
          )}
          {settings.resultType === "categories" && (
            <>
              <CategoriesEditor
                value={settings.resultsHandlingGradationCategories}
                onChange={(resultsHandlingGradationCategories) =>
                  onSettings({ resultsHandlingGradationCategories })
                }
              />
              <CategoriesAgainstHighest settings={settings} fields={fields} />
            </>
          )}
          <Divider />
          <Title order={3} size="h5">
            {t("Scoring of each question")}
          </Title>
          {questions.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("Add questions to score them.")}
            </Text>
          ) : (
            <Accordion
              multiple
              variant="separated"
              chevronPosition="right"
              {...(readOnly && { value: questions.map((element) => element.id) })}
            >
              {questions.map((element) => (
                <Accordion.Item key={element.id} value={element.id}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" lineClamp={2}>
                        {name(element)}
                      </Text>
                      <Badge
                        variant="light"
                        color={element.isNotCalculable ? "gray" : "blue"}
                        style={{ flexShrink: 0 }}
                      >
                        {t("{{count}} points", { count: maxOf(element) })}
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <QuestionScoring
                      element={element}
                      fields={fields}
                      categories={
                        settings.resultType === "categories"
                          ? settings.resultsHandlingGradationCategories
                          : null
                      }
                      onChange={(patch) => onField(element.id, patch)}
                    />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </>
      )}
      {formulas.length > 0 && (
        <>
          <Divider />
          <Title order={3} size="h5">
            {t("Formulas")}
          </Title>
          {formulas.map((element) => (
            <FormulaScoring
              key={element.id}
              element={element}
              fields={fields}
              value={report.formulas[element.formulaName]}
              onChange={(patch) => onField(element.id, patch)}
            />
          ))}
        </>
      )}
    </Stack>
  );
}

/** The most one question can score, as core counts it. */
const maxOf = (element: TElement) => fieldScore(element, undefined).max;
