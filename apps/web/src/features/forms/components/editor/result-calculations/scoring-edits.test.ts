import { ZElement } from "@formloom/core/element-schema";
import { ZFormSettings } from "@formloom/core/form-schema";
import { createElement } from "@formloom/core/new-element";
import { describe, expect, it } from "vitest";
import {
  acceptedAnswers,
  categoryHighest,
  correctAnswerKind,
  emptyGradation,
  formulaProblem,
  hasCorrectAnswer,
  markCorrect,
  scoresWithoutGradation,
  tryItScore,
  withAcceptedAnswers,
  withMatrixAnswer,
  withPair,
  withPoints,
} from "./scoring-edits.ts";

const element = (type: Parameters<typeof createElement>[0], id: string) =>
  ZElement.parse(createElement(type, id, 0));
const apply = <T extends object>(target: T, patch: Partial<T>): T => ({ ...target, ...patch });

describe("correct answers as the builder edits them", () => {
  it("names how each scorable type takes its correct answer, and none for unchecked types", () => {
    expect(correctAnswerKind(element("radio", "a"))).toBe("oneOption");
    expect(correctAnswerKind(element("checkbox", "a"))).toBe("someOptions");
    expect(correctAnswerKind(element("email", "a"))).toBe("texts");
    expect(correctAnswerKind(element("number", "a"))).toBe("numbers");
    expect(correctAnswerKind(element("matrix", "a"))).toBe("matrix");
    expect(correctAnswerKind(element("correspondence", "a"))).toBe("pairs");
    expect(correctAnswerKind(element("sortable", "a"))).toBe("order");
    expect(correctAnswerKind(element("gapText", "a"))).toBe("gaps");
    expect(correctAnswerKind(element("decisionBox", "a"))).toBe("ticked");
    expect(correctAnswerKind(element("nps", "a"))).toBeNull();
    expect(correctAnswerKind(element("title", "a"))).toBeNull();
  });

  it("keeps one correct option for a one-answer question, several for a many-answer one", () => {
    let radio = element("radio", "r");
    radio = apply(radio, markCorrect(radio, "v1", true));
    radio = apply(radio, markCorrect(radio, "v2", true));
    expect(radio.fieldSettings.answerVariants?.filter((v) => v.checkValue).map((v) => v.id)).toEqual(["v2"]);
    let boxes = element("checkbox", "c");
    boxes = apply(boxes, markCorrect(boxes, "v1", true));
    boxes = apply(boxes, markCorrect(boxes, "v3", true));
    expect(boxes.fieldSettings.answerVariants?.filter((v) => v.checkValue).map((v) => v.id)).toEqual([
      "v1",
      "v3",
    ]);
    boxes = apply(boxes, markCorrect(boxes, "v1", false));
    expect(boxes.fieldSettings.answerVariants?.filter((v) => v.checkValue).map((v) => v.id)).toEqual(["v3"]);
  });

  it("stores accepted texts and numbers, dropping blanks, repeats and non-numbers", () => {
    let text = element("text", "t");
    expect(hasCorrectAnswer(text)).toBe(false);
    text = apply(text, withAcceptedAnswers(text, [" Paris ", "", "Paris", "paris"]));
    expect(acceptedAnswers(text)).toEqual(["Paris", "paris"]);
    let number = element("number", "n");
    number = apply(number, withAcceptedAnswers(number, ["4", "4,5", "four"]));
    expect(acceptedAnswers(number)).toEqual(["4", "4.5"]);
    expect(hasCorrectAnswer(number)).toBe(true);
  });

  it("sets a matrix row's column and a matching pair's partner", () => {
    let matrix = element("matrix", "m");
    matrix = apply(matrix, withMatrixAnswer(matrix, "q1", "v2"));
    expect(matrix.fieldSettings.questions?.[0]?.answerValue).toBe("v2");
    let pairs = element("correspondence", "p");
    pairs = apply(pairs, withPair(pairs, "v1", "m3"));
    expect(pairs.fieldSettings.answerVariants?.[0]?.matchId).toBe("m3");
    pairs = apply(pairs, withPair(pairs, "v1", null));
    expect(pairs.fieldSettings.answerVariants?.[0]).not.toHaveProperty("matchId");
  });

  it("shows a number question's correct answer as the number written, not a value left beside it", () => {
    const number = element("number", "n");
    const kept = { id: "a1", title: "7", value: "1", checkValue: true, defaultChecked: false };
    expect(acceptedAnswers(apply(number, { fieldSettings: { answerVariants: [kept] } }))).toEqual(["7"]);
  });

  it("asks for checking by setting points only where the question itself is the answer", () => {
    const order = element("sortable", "s");
    expect(apply(order, withPoints(order, 2)).calcSettings).toMatchObject({
      calcType: "check_values",
      points: 2,
    });
    // A choice is checked once an option is marked correct: its points leave the stored setting alone.
    const choice = element("radio", "r");
    expect(apply(choice, withPoints(choice, 2)).calcSettings).toMatchObject({
      calcType: "exclude",
      points: 2,
    });
  });

  it("says what is wrong with a formula", () => {
    const fields = [{ ...element("number", "n"), formulaName: "age" }];
    expect(formulaProblem("age * 2 + score", fields)).toBeNull();
    expect(formulaProblem("age +", fields)).toEqual({ kind: "syntax" });
    expect(formulaProblem("height / age", fields)).toEqual({ kind: "unknown", names: ["height"] });
  });
});

describe("gradations against the highest score", () => {
  it("names the whole scores no gradation takes, up to the highest", () => {
    const range = (min: number, max: number) => ({
      ...emptyGradation(),
      minScoreGradation: min,
      maxScoreGradation: max,
    });
    expect(scoresWithoutGradation([range(0, 2), range(3, 5)], 5)).toEqual([]);
    expect(scoresWithoutGradation([range(1, 2), range(5, 5)], 7)).toEqual([
      [0, 0],
      [3, 4],
      [6, 7],
    ]);
    expect(scoresWithoutGradation([], 0)).toEqual([[0, 0]]);
  });

  it("gives a category the most its own questions can score", () => {
    let planet = element("radio", "p");
    planet = apply(planet, markCorrect(planet, "v1", true));
    planet = apply(planet, {
      elementCategories: ["space"],
      calcSettings: { ...planet.calcSettings, points: 2 },
    });
    const note = apply(element("text", "n"), {
      elementCategories: ["space"],
      calcSettings: { calcType: "exclude", notEmptyScore: 0.5, points: 1 },
    });
    const other = apply(element("text", "o"), {
      calcSettings: { calcType: "exclude", notEmptyScore: 3, points: 1 },
    });
    expect(categoryHighest([planet, note, other], "space")).toBe(2.5);
    expect(categoryHighest([planet, note, other], "history")).toBe(0);
  });
});

describe("the try-it score", () => {
  it("counts a question once its correct answer is set, with nothing else switched on", () => {
    let q1 = element("radio", "q1");
    q1 = apply(q1, markCorrect(q1, "v2", true));
    let q2 = element("number", "q2");
    q2 = apply(q2, withAcceptedAnswers(q2, ["7"]));
    const settings = ZFormSettings.parse({ type: "calculation" });
    expect(tryItScore(settings, [q1, q2], {}).maxScore).toBe(2);
    expect(tryItScore(settings, [q1, q2], { q1: "v2", q2: 7 }).total).toBe(2);
  });

  it("scores a quiz edited with these helpers as core scores it, gradation included", () => {
    let q1 = element("radio", "q1");
    q1 = apply(q1, markCorrect(q1, "v2", true));
    q1 = apply(q1, { calcSettings: { calcType: "check_values", notEmptyScore: 0, points: 2 } });
    let q2 = element("text", "q2");
    q2 = apply(q2, withAcceptedAnswers(q2, ["Paris"]));
    q2 = apply(q2, { calcSettings: { calcType: "check_values", notEmptyScore: 1, points: 3 } });
    const settings = ZFormSettings.parse({
      type: "calculation",
      resultType: "gradations",
      resultsHandlingGradation: [
        { ...emptyGradation(), minScoreGradation: 0, maxScoreGradation: 2, briefResultGradation: "Low" },
        { ...emptyGradation(), minScoreGradation: 3, maxScoreGradation: 6, briefResultGradation: "High" },
      ],
    });
    const fields = [q1, q2];
    expect(tryItScore(settings, fields, {}).maxScore).toBe(6);
    const low = tryItScore(settings, fields, { q1: "v1", q2: "London" });
    expect(low.total).toBe(1);
    expect(low.result).toMatchObject({ view: "gradations", brief: "Low" });
    const high = tryItScore(settings, fields, { q1: "v2", q2: " paris " });
    expect(high.total).toBe(6);
    expect(high.result).toMatchObject({ view: "gradations", brief: "High" });
  });
});
