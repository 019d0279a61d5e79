import { describe, expect, it } from "vitest";
import { plausibleAnsweringTimes, withoutConsent } from "./behavior.ts";

const answers = (...times: Array<number | undefined>) =>
  times.map((answeringTime, i) => ({
    fieldId: `q${i}`,
    ...(answeringTime === undefined ? {} : { answeringTime }),
  }));

describe("answering times", () => {
  it("keeps times that fit within the filling, with a few seconds of slack", () => {
    expect(plausibleAnsweringTimes(answers(10, 20, undefined), 30)).toEqual(answers(10, 20, undefined));
    expect(plausibleAnsweringTimes(answers(33), 30)).toEqual(answers(33));
  });

  it("leaves all of them out when together they are longer than the filling", () => {
    expect(plausibleAnsweringTimes(answers(20, 20), 30)).toEqual(answers(undefined, undefined));
    expect(plausibleAnsweringTimes(answers(3600), 60)).toEqual(answers(undefined));
  });

  it("takes up to a week per question when the filling's length is unknown", () => {
    expect(plausibleAnsweringTimes(answers(86_400), null)).toEqual(answers(86_400));
    expect(plausibleAnsweringTimes(answers(8 * 86_400), null)).toEqual(answers(undefined));
  });

  it("keeps none where the form does not collect behaviour", () => {
    expect(plausibleAnsweringTimes(answers(10), 30, false)).toEqual(answers(undefined));
  });
});

describe("behaviour without consent", () => {
  it("keeps each question's focus and blur and nothing typed, clicked or pointed at", () => {
    const kept = withoutConsent([
      { type: "focus", at: 10, field: "name" },
      { type: "input", at: 200, field: "name", count: 3, text: "Ann" },
      { type: "input", at: 300, field: "name", count: -3 },
      { type: "click", at: 350, x: 1, y: 2, field: "name" },
      { type: "move", at: 360, x: 3, y: 4 },
      { type: "hide", at: 370 },
      { type: "blur", at: 400, field: "name", text: "smuggled" },
    ]);
    expect(kept).toEqual([
      { type: "focus", at: 10, field: "name" },
      { type: "blur", at: 400, field: "name" },
    ]);
  });
});
