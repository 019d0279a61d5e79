import { z } from "zod/mini";
import type { TElement, TMatrixQuestion } from "../element-schema.ts";
import { choiceDefaults, variantsOf, variantTitle } from "./choice.ts";
import { defineFieldType } from "./definition.ts";

type MatrixAnswer = Record<string, string | string[]>;

const questionsOf = (element: TElement) => element.fieldSettings.questions ?? [];
const asList = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function rowIsCorrect(question: TMatrixQuestion, value: string | string[] | undefined): boolean {
  const given = asList(value);
  const expected = question.multiple
    ? question.answerMultipleValues
    : question.answerValue
      ? [question.answerValue]
      : [];
  return (
    expected.length > 0 && given.length === expected.length && expected.every((id) => given.includes(id))
  );
}

/** Rows of questions answered on one scale of columns (the answer variants). */
export const matrix = defineFieldType<MatrixAnswer>({
  category: "field",
  label: "Matrix",
  createDefault: () => ({
    ...choiceDefaults(),
    fieldSettings: {
      ...choiceDefaults().fieldSettings,
      questions: [1, 2].map((n) => ({
        id: `q${n}`,
        question: `Question ${n}`,
        answerValue: "",
        answerMultipleValues: [],
        multiple: false,
      })),
    },
  }),
  answerSchema: z.record(
    z.string().check(z.maxLength(64)),
    z.union([
      z.string().check(z.maxLength(64)),
      z.array(z.string().check(z.maxLength(64))).check(z.maxLength(100)),
    ]),
  ),
  isEmpty: (answer) => Object.values(answer).every((value) => asList(value).length === 0),
  validate: (element, answer) => {
    const columns = new Set(variantsOf(element).map((v) => v.id));
    for (const [rowId, value] of Object.entries(answer)) {
      const row = questionsOf(element).find((q) => q.id === rowId);
      if (!row || Array.isArray(value) !== row.multiple) return "answer.invalid";
      if (!asList(value).every((id) => columns.has(id))) return "answer.unknown_variant";
    }
    const unanswered = questionsOf(element).some((q) => asList(answer[q.id]).length === 0);
    return element.isRequired && unanswered ? "answer.matrix_incomplete" : null;
  },
  correctness: (element, answer) => {
    const rows = questionsOf(element);
    return rows.length === 0
      ? 0
      : rows.filter((row) => rowIsCorrect(row, answer[row.id])).length / rows.length;
  },
  toText: (element, answer) =>
    questionsOf(element)
      .filter((row) => asList(answer[row.id]).length > 0)
      .map(
        (row) =>
          `${row.question}: ${asList(answer[row.id])
            .map((id) => variantTitle(element, id))
            .join(", ")}`,
      )
      .join("; "),
});
