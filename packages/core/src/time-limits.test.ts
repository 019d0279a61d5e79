import { describe, expect, it } from "vitest";
import { type TElement, ZElement } from "./element-schema.ts";
import { createElement } from "./new-element.ts";
import { formTimeLimit, stepTimeLimit, type TimerSettings, timeUpAllowed } from "./time-limits.ts";

const element = (
  type: Parameters<typeof createElement>[0],
  id: string,
  order: number,
  patch: Partial<TElement> = {},
) => ZElement.parse({ ...createElement(type, id, order), ...patch });

const timed = (patch: Partial<TimerSettings>): TimerSettings => ({
  hasTimer: true,
  display: "stepByStep",
  formTimer: { showTimer: "show", formTimer: 0, stepTimer: 0 },
  ...patch,
});

describe("time limits", () => {
  it("reads the form's time from formTimer or the older allFormTime, only with the timer on", () => {
    expect(formTimeLimit(timed({ formTimer: { showTimer: "show", formTimer: 30, stepTimer: 0 } }))).toBe(30);
    expect(formTimeLimit(timed({ allFormTime: 45 }))).toBe(45);
    expect(formTimeLimit({ ...timed({ allFormTime: 45 }), hasTimer: false })).toBe(0);
  });

  it("times a step by its timer element, else by the step time in steps only", () => {
    const timer = element("timer", "t", 0, { fieldSettings: { seconds: 12 } });
    expect(stepTimeLimit({}, [timer])).toBe(12);
    expect(stepTimeLimit(timed({ perQuestionTime: 20 }), [])).toBe(20);
    expect(stepTimeLimit(timed({ perQuestionTime: 20, display: "all" }), [])).toBe(0);
  });
});

describe("timeUpAllowed", () => {
  const fields = [
    element("text", "first", 0, { isRequired: true }),
    element("pageBreak", "break", 1),
    element("timer", "clock", 2, { fieldSettings: { seconds: 10 } }),
    element("text", "second", 3, { isRequired: true }),
  ];
  const pages: TimerSettings = { display: "severalPages" };

  it("takes the form's time only when the form has one and the filling time reached it", () => {
    const settings = timed({ formTimer: { showTimer: "notShow", formTimer: 60, stepTimer: 0 } });
    expect(timeUpAllowed(settings, fields, { form: true }, 59)).toBe(true);
    expect(timeUpAllowed(settings, fields, { form: true }, 30)).toBe(false);
    expect(timeUpAllowed(settings, fields, { form: true }, null)).toBe(false);
    expect(timeUpAllowed(pages, fields, { form: true }, 600)).toBe(false);
  });

  it("takes a question's time only when its step is timed and that time passed", () => {
    expect(timeUpAllowed(pages, fields, { fields: ["second"] }, 10)).toBe(true);
    expect(timeUpAllowed(pages, fields, { fields: ["second"] }, 3)).toBe(false);
    expect(timeUpAllowed(pages, fields, { fields: ["first"] }, 100)).toBe(false);
    expect(
      timeUpAllowed(timed({ perQuestionTime: 5, display: "severalPages" }), fields, { fields: ["first"] }, 6),
    ).toBe(true);
    expect(timeUpAllowed(pages, fields, {}, null)).toBe(true);
  });
});
