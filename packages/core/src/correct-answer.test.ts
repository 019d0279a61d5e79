import { describe, expect, it } from "vitest";
import { checksAnswer } from "./correct-answer.ts";
import { type TElement, ZElement } from "./element-schema.ts";
import { ZFormSettings } from "./form-schema.ts";
import { createElement } from "./new-element.ts";
import { scoreSubmission } from "./scoring.ts";

const el = (
  type: Parameters<typeof createElement>[0],
  id: string,
  patch: Record<string, unknown> = {},
): TElement => ZElement.parse({ ...createElement(type, id, 0), ...patch });
const answer = (title: string, value: string, checkValue = true) => ({
  id: `a_${title}_${value}`,
  title,
  value,
  checkValue,
  defaultChecked: false,
});
const options = (correct: string | null) =>
  ["v1", "v2", "v3"].map((id, i) => ({
    id,
    title: `Option ${i + 1}`,
    value: String(i + 1),
    checkValue: id === correct,
    defaultChecked: false,
  }));
const quiz = ZFormSettings.parse({ type: "calculation" });
const score = (elements: TElement[], answers: Record<string, unknown>) =>
  scoreSubmission(quiz, elements, answers);

describe("a number question's correct answer", () => {
  it("is the number the author wrote, not the value kept beside it", () => {
    // What the builder stored: the answer typed as "7", a value of "1" left from the list's numbering.
    const days = el("number", "days", { fieldSettings: { answerVariants: [answer("7", "1")] } });
    expect(score([days], { days: 7 }).fieldScores.days).toBe(1);
    expect(score([days], { days: 1 }).fieldScores.days).toBe(0);
  });

  it("is the value where the written answer is no number, and reads a decimal comma", () => {
    const days = el("number", "days", {
      fieldSettings: { answerVariants: [answer("A week", "7"), answer("2,5", "")] },
    });
    expect(score([days], { days: 7 }).fieldScores.days).toBe(1);
    expect(score([days], { days: 2.5 }).fieldScores.days).toBe(1);
    expect(score([days], { days: 8 }).fieldScores.days).toBe(0);
  });
});

describe("which questions count", () => {
  it("counts a question with a correct answer set, with no separate setting to check it", () => {
    const planet = el("radio", "planet", { fieldSettings: { answerVariants: options("v2") } });
    const capital = el("text", "capital", {
      fieldSettings: { answerVariants: [answer("Rome", ""), answer("Roma", "")] },
    });
    expect(planet.calcSettings.calcType).toBe("exclude");
    const report = score([planet, capital], { planet: "v2", capital: " roma " });
    expect(report.fieldScores).toEqual({ planet: 1, capital: 1 });
    expect(report.maxScore).toBe(2);
    expect(score([planet, capital], { planet: "v1", capital: "Milan" }).total).toBe(0);
  });

  it("counts points for any answer with no correct answer and no setting to check it", () => {
    const comment = el("text", "comment", {
      calcSettings: { calcType: "exclude", notEmptyScore: 2, points: 1 },
    });
    expect(score([comment], { comment: "fine" }).fieldScores.comment).toBe(2);
    expect(score([comment], {}).maxScore).toBe(2);
  });

  it("leaves out a question with no correct answer and no points", () => {
    const planet = el("radio", "planet", { fieldSettings: { answerVariants: options(null) } });
    expect(checksAnswer(planet)).toBe(false);
    expect(score([planet], { planet: "v2" }).maxScore).toBe(0);
  });

  it("keeps the questions whose answer is the question itself unchecked until asked", () => {
    const order = el("sortable", "order", { fieldSettings: { answerVariants: options(null) } });
    expect(checksAnswer(order)).toBe(false);
    expect(score([order], { order: ["v1", "v2", "v3"] }).maxScore).toBe(0);
    const asked = { ...order, calcSettings: { ...order.calcSettings, calcType: "check_values" as const } };
    expect(score([asked], { order: ["v1", "v2", "v3"] }).fieldScores.order).toBe(1);
  });

  it("counts nothing of a question left out of the score, whatever its answer", () => {
    const planet = el("radio", "planet", {
      fieldSettings: { answerVariants: options("v2") },
      calcSettings: { calcType: "check_values", notEmptyScore: 1, points: 3 },
      isNotCalculable: true,
    });
    expect(checksAnswer(planet)).toBe(false);
    expect(score([planet], { planet: "v2" })).toMatchObject({ total: 0, maxScore: 0 });
  });

  it("scores a stored form that was set to check its answers as before", () => {
    const checked = { calcType: "check_values" as const, notEmptyScore: 0.5, points: 2 };
    const stored = [
      el("radio", "planet", { calcSettings: checked, fieldSettings: { answerVariants: options("v2") } }),
      el("number", "days", { calcSettings: checked, fieldSettings: { answerVariants: [answer("7", "7")] } }),
      // Checked with no correct answer: its points stay in the highest score, as they always were.
      el("text", "capital", { calcSettings: checked }),
      el("matrix", "grid", {
        calcSettings: checked,
        fieldSettings: {
          answerVariants: options(null),
          questions: [
            { id: "r1", question: "A", answerValue: "v1", answerMultipleValues: [], multiple: false },
          ],
        },
      }),
    ];
    const report = score(stored, { planet: "v2", days: 7, capital: "Rome", grid: { r1: "v1" } });
    expect(report.fieldScores).toEqual({ planet: 2.5, days: 2.5, capital: 0.5, grid: 2.5 });
    expect(report.maxScore).toBe(10);
    expect(score(stored, { planet: "v1", days: 6 }).total).toBe(1);
  });
});
