import { checksAnswer } from "@formloom/core/correct-answer";
import type { TElement } from "@formloom/core/element-schema";
import { checkFormulaName } from "@formloom/core/formula-names";
import type { TResultCategory } from "@formloom/core/result-schema";
import { MultiSelect, NumberInput, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { messageText } from "../../../../../i18n/i18n.ts";
import { CorrectAnswer } from "./correct-answer.tsx";
import {
  answerInQuestion,
  correctAnswerKind,
  formulaProblem,
  hasCorrectAnswer,
  withPoints,
} from "./scoring-edits.ts";

/** A number typed in, or nothing while the box is being cleared. */
export const typedNumber = (value: string | number): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

interface Props {
  element: TElement;
  fields: readonly TElement[];
  categories: readonly TResultCategory[] | null;
  onChange(patch: Partial<TElement>): void;
}

/**
 * One question's scoring: points for any answer, the correct answer and its points, its formula
 * name. A correct answer set is enough for the question to be checked; where the question itself
 * is the answer (an order, gaps, a ticked box) the author switches checking on.
 */
export function QuestionScoring({ element, fields, categories, onChange }: Props) {
  const { t } = useTranslation();
  const kind = correctAnswerKind(element);
  const calc = element.calcSettings;
  const needsSwitch = answerInQuestion(kind);
  const checked = checksAnswer(element);
  const setCalc = (patch: Partial<TElement["calcSettings"]>) =>
    onChange({ calcSettings: { ...calc, ...patch } });

  return (
    <Stack gap="sm">
      <Switch
        label={t("Leave out of the score")}
        checked={element.isNotCalculable}
        onChange={(event) => onChange({ isNotCalculable: event.currentTarget.checked })}
      />
      {!element.isNotCalculable && (
        <>
          <NumberInput
            label={t("Points for any answer")}
            description={t("Given when the question is not left empty")}
            value={calc.notEmptyScore}
            onChange={(value) => {
              const points = typedNumber(value);
              if (points !== undefined) setCalc({ notEmptyScore: points });
            }}
          />
          {!kind && (
            <Text size="xs" c="dimmed">
              {t("Answers of this type are not checked; only points for any answer apply.")}
            </Text>
          )}
          {needsSwitch && (
            <Switch
              label={t("Check the answer")}
              checked={checked}
              onChange={(event) =>
                setCalc({ calcType: event.currentTarget.checked ? "check_values" : "exclude" })
              }
            />
          )}
          {kind && (!needsSwitch || checked) && (
            <>
              <NumberInput
                label={t("Points for a correct answer")}
                min={0}
                value={calc.points}
                onChange={(value) => {
                  const points = typedNumber(value);
                  if (points !== undefined && points >= 0) onChange(withPoints(element, points));
                }}
              />
              <CorrectAnswer element={element} kind={kind} onChange={onChange} />
              {!hasCorrectAnswer(element) && (
                <Text size="sm" c="orange.8" role="status">
                  {t("No correct answer yet: this question scores no points for being right.")}
                </Text>
              )}
            </>
          )}
        </>
      )}
      {categories && (
        <MultiSelect
          label={t("Result categories")}
          description={t("The question's points count towards these categories")}
          data={categories.map((category, index) => ({
            value: category.id,
            label: category.title || t("Category {{n}}", { n: index + 1 }),
          }))}
          value={element.elementCategories.filter((id) => categories.some((category) => category.id === id))}
          onChange={(elementCategories) => onChange({ elementCategories })}
        />
      )}
      <FormulaName element={element} fields={fields} onChange={onChange} />
    </Stack>
  );
}

/** The name formulas use for an element, checked as core checks it on saving. */
export function FormulaName({
  element,
  fields,
  onChange,
}: {
  element: TElement;
  fields: readonly TElement[];
  onChange(patch: Partial<TElement>): void;
}) {
  const { t } = useTranslation();
  const name = element.formulaName;
  const required = element.fieldType === "formula";
  const problem = name || required ? checkFormulaName(name, element, fields) : null;
  return (
    <TextInput
      label={t("Formula name")}
      description={t("Formulas use this field's value by this name")}
      withAsterisk={required}
      value={name}
      error={problem ? messageText(problem) : undefined}
      onChange={(event) => onChange({ formulaName: event.currentTarget.value.trim() })}
    />
  );
}

/** A formula field: its name and its expression over other fields' names and `score`. */
export function FormulaScoring({
  element,
  fields,
  value,
  onChange,
}: {
  element: TElement;
  fields: readonly TElement[];
  value: number | null | undefined;
  onChange(patch: Partial<TElement>): void;
}) {
  const { t } = useTranslation();
  const expression = element.fieldSettings.formula ?? "";
  const problem = formulaProblem(expression, fields);
  return (
    <Stack gap="sm">
      <FormulaName element={element} fields={fields} onChange={onChange} />
      <TextInput
        label={t("Formula")}
        description={t("Other fields' formula names, score, numbers and min, max, round, sum, avg, if…")}
        value={expression}
        onChange={(event) =>
          onChange({ fieldSettings: { ...element.fieldSettings, formula: event.currentTarget.value } })
        }
        error={
          problem?.kind === "syntax"
            ? t("This formula cannot be read")
            : problem?.kind === "unknown"
              ? t("No field is named {{names}}", { names: problem.names.join(", ") })
              : undefined
        }
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      />
      {!problem && (
        <Text size="xs" c="dimmed">
          {t("Value with the preview's answers: {{value}}", { value: value ?? "—" })}
        </Text>
      )}
    </Stack>
  );
}
