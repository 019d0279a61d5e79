import { describe, expect, it } from "vitest";
import { type TElement, ZElement } from "./element-schema.ts";
import { reachedElementIds, splitPages } from "./form-pages.ts";
import { createElement } from "./new-element.ts";
import { type TRule, ZRule } from "./rule-schema.ts";
import { validateSubmission } from "./submission.ts";

let order = 0;
const element = (type: Parameters<typeof createElement>[0], id: string, patch: Partial<TElement> = {}) =>
  ZElement.parse({ ...createElement(type, id, order++), ...patch });

const ids = (pages: TElement[][]) => pages.map((page) => page.map((e) => e.id));

/** Answer "skip" on the question `from` and the form jumps to `to`. */
const jump = (from: string, to: string): TRule =>
  ZRule.parse({
    id: `jump-${from}`,
    name: "Skip ahead",
    if: {
      kind: "group",
      combinator: "AND",
      conditions: [{ kind: "field", fieldId: from, operator: "equal", value: "skip" }],
    },
    // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
    then: [{ type: "jump", targetFieldId: to }],
  });

describe("splitPages", () => {
  const fields = () => {
    order = 0;
    return [
      element("title", "intro"),
      element("text", "a"),
      element("text", "b"),
      element("pageBreak", "break"),
      element("text", "c"),
      element("submitBtn", "send"),
    ];
  };

  it("keeps one page and drops page separators when the form shows everything at once", () => {
    expect(ids(splitPages(fields(), "all"))).toEqual([["intro", "a", "b", "c", "send"]]);
  });

  it("splits pages at page breaks", () => {
    expect(ids(splitPages(fields(), "severalPages"))).toEqual([
      ["intro", "a", "b"],
      ["c", "send"],
    ]);
  });

  it("makes each question a step, with the texts before it and the closing button on the last", () => {
    const noBreaks = fields().filter((e) => e.fieldType !== "pageBreak");
    expect(ids(splitPages(noBreaks, "stepByStep"))).toEqual([["intro", "a"], ["b"], ["c", "send"]]);
  });

  it("keeps a group's fields inside the group, on the group's page", () => {
    order = 0;
    const group = [
      element("fieldGroup", "g"),
      element("text", "x", { fieldSettings: { fieldGroup: "g", fieldGroupOrder: 1 } }),
      element("text", "y", { fieldSettings: { fieldGroup: "g", fieldGroupOrder: 0 } }),
      element("text", "z"),
    ];
    expect(ids(splitPages(group, "stepByStep"))).toEqual([["g"], ["z"]]);
  });
});

describe("logic jumps between pages", () => {
  order = 0;
  const fields = [
    element("text", "first"),
    element("pageBreak", "p1"),
    element("text", "second", { isRequired: true }),
    element("pageBreak", "p2"),
    element("text", "third"),
  ];
  const rules = [jump("first", "third")];

  it("jumps forward from the page whose answer asks for it, and skips the pages between", () => {
    expect([...reachedElementIds(fields, rules, { first: "stay" }, "severalPages")]).toEqual([
      "first",
      "second",
      "third",
    ]);
    expect([...reachedElementIds(fields, rules, { first: "skip" }, "severalPages")]).toEqual([
      "first",
      "third",
    ]);
  });

  it("does not require or keep answers on a skipped page", () => {
    const answers = [
      { fieldId: "first", answer: "skip" },
      { fieldId: "second", answer: "left from an earlier visit" },
      { fieldId: "third", answer: "done" },
    ];
    const { errors, answers: kept } = validateSubmission(fields, answers, { rules, display: "severalPages" });
    expect(errors).toEqual([]);
    expect(kept.map((a) => a.fieldId)).toEqual(["first", "third"]);
    const onePage = validateSubmission(fields, answers.slice(0, 1), { rules, display: "all" });
    expect(onePage.errors.map((e) => e.field)).toEqual(["second"]);
  });

  it("lets no answer left on a skipped page feed the rules", () => {
    // Answered "30" on the second page, then went back and chose the jump past it.
    const adult = ZRule.parse({
      id: "adult",
      name: "Adults",
      if: {
        kind: "group",
        combinator: "AND",
        conditions: [{ kind: "field", fieldId: "second", operator: "equal", value: "30" }],
      },
      // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
      then: [{ type: "assign", fieldId: "fourth", value: "adult" }],
    });
    const withFourth = [...fields, element("text", "fourth", { isHidden: true })];
    const answers = [
      { fieldId: "first", answer: "skip" },
      { fieldId: "second", answer: "30" },
      { fieldId: "third", answer: "done" },
    ];
    const rules2 = [...rules, adult];
    const skipped = validateSubmission(withFourth, answers, { rules: rules2, display: "severalPages" });
    expect(skipped.answers.map((a) => a.fieldId)).toEqual(["first", "third"]);
    expect(skipped.outcome.matched).toEqual(["jump-first"]);
    // Walked through the second page, its answer counts.
    const walked = validateSubmission(
      withFourth,
      [{ fieldId: "first", answer: "stay" }, ...answers.slice(1)],
      {
        rules: rules2,
        display: "severalPages",
      },
    );
    expect(walked.answers.map((a) => [a.fieldId, a.answer])).toContainEqual(["fourth", "adult"]);
    expect(walked.outcome.matched).toEqual(["adult"]);
  });

  it("passes over a page whose every question the rules hide, as the page's script does", () => {
    order = 0;
    const paged = [
      element("text", "route"),
      element("pageBreak", "b1"),
      element("number", "age", { isHidden: true }),
      element("pageBreak", "b2"),
      element("text", "group"),
    ];
    const showAge = ZRule.parse({
      id: "long-walk",
      name: "Long walk",
      if: {
        kind: "group",
        combinator: "AND",
        conditions: [{ kind: "field", fieldId: "route", operator: "equal", value: "long" }],
      },
      // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
      then: [{ type: "show", fieldIds: ["age"] }],
    });
    const walked = (route: string) => [
      ...reachedElementIds(paged, [showAge], { route, age: 30 }, "severalPages"),
    ];
    expect(walked("long")).toEqual(["route", "age", "group"]);
    // The age typed on the long walk stays behind with its page, as the browser leaves it.
    expect(walked("short")).toEqual(["route", "group"]);
  });
});
