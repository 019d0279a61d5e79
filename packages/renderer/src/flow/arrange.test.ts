import { type TElement, ZElement } from "@formloom/core/element-schema";
import { createElement } from "@formloom/core/new-element";
import { describe, expect, it } from "vitest";
import { arrangeForm, questionNumbers } from "./arrange.ts";
import { timeLimits } from "./timing.ts";

const element = (
  type: Parameters<typeof createElement>[0],
  id: string,
  order: number,
  patch: Partial<TElement> = {},
) => ZElement.parse({ ...createElement(type, id, order), ...patch });

const form = [
  element("title", "intro", 0),
  element("text", "a", 1),
  element("text", "b", 2),
  element("text", "c", 3),
  element("text", "d", 4),
];
const ids = (elements: TElement[]) => elements.map((e) => e.id);

describe("arrangeForm", () => {
  it("shows the same shuffled part of the questions for one seed, texts in place", () => {
    const settings = { questionsOrder: "random", questionsOutputting: 2 } as const;
    const first = arrangeForm(form, settings, "respondent-1", false);
    expect(first.elements[0]?.id).toBe("intro");
    expect(first.elements).toHaveLength(3);
    expect(ids(arrangeForm(form, settings, "respondent-1", false).elements)).toEqual(ids(first.elements));
  });

  it("keeps the elements drawn before that did not change, so only a changed question is drawn again", () => {
    const settings = { questionsOrder: "ordered", questionsOutputting: "all" } as const;
    const first = arrangeForm(form, settings, "x", true);
    const typed = form.map((e) => (e.id === "b" ? { ...e, question: `${e.question}!` } : e));
    const next = arrangeForm(typed, settings, "x", true, first);
    const kept = next.elements.map((e, index) => e === first.elements[index]);
    expect(kept).toEqual([true, true, false, true, true]);
    expect(next.elements[2]?.question).toBe(`${form[2]?.question}!`);
    expect(next.pages[0]?.[1]).toBe(first.elements[1]);
  });

  it("shows every question in order in the builder's preview", () => {
    const arranged = arrangeForm(
      form,
      { questionsOrder: "random", questionsOutputting: 1, display: "stepByStep" },
      "x",
      true,
    );
    expect(arranged.pages.map(ids)).toEqual([["intro", "a"], ["b"], ["c"], ["d"]]);
  });
});

describe("questionNumbers", () => {
  it("numbers the questions shown with the form's template, across pages", () => {
    const arranged = arrangeForm(form, { display: "stepByStep" }, "x", false);
    const shown = (e: TElement) => e.id !== "b";
    expect(questionNumbers(arranged, shown, "custom", "Q{n})")).toEqual({ a: "Q1)", c: "Q2)", d: "Q3)" });
    expect(questionNumbers(arranged, shown, "notShow", "")).toEqual({});
  });
});

describe("timeLimits", () => {
  it("takes the form's timers only when the form has timing on, and a timer element always", () => {
    const settings = {
      hasTimer: true,
      display: "stepByStep",
      formTimer: { showTimer: "show", formTimer: 300, stepTimer: 20 },
    } as const;
    expect(timeLimits(settings, [form[1]!])).toMatchObject({ form: 300, step: 20, shown: true });
    expect(timeLimits({ ...settings, hasTimer: false }, [form[1]!])).toMatchObject({ form: 0, step: 0 });
    const timer = element("timer", "t", 9, { fieldSettings: { seconds: 2 } });
    expect(timeLimits({}, [timer, form[1]!])).toMatchObject({ form: 0, step: 2, element: timer });
  });
});
