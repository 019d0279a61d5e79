import { describe, expect, it } from "vitest";
import { type TElement, ZElement } from "./element-schema.ts";
import { createElement } from "./new-element.ts";
import { ZRule } from "./rule-schema.ts";
import { validateSubmission } from "./submission.ts";

const element = (type: Parameters<typeof createElement>[0], id: string, patch: Partial<TElement> = {}) =>
  ZElement.parse({ ...createElement(type, id, 0), ...patch });

const codes = (elements: TElement[], answers: Array<{ fieldId: string; answer: unknown }>) =>
  validateSubmission(elements, answers).errors.map((e) => `${e.field}:${e.code}`);

describe("validateSubmission", () => {
  it("requires visible, enabled required fields and ignores hidden or disabled ones", () => {
    const fields = [
      element("text", "name", { isRequired: true }),
      element("text", "hidden", { isRequired: true, isHidden: true }),
      element("text", "disabled", { isRequired: true, isDisabled: true }),
    ];
    expect(codes(fields, [])).toEqual(["name:answer.required"]);
    expect(codes(fields, [{ fieldId: "name", answer: "   " }])).toEqual(["name:answer.required"]);
    expect(codes(fields, [{ fieldId: "name", answer: "Ann" }])).toEqual([]);
  });

  it("returns every problem at once", () => {
    const fields = [
      element("email", "mail"),
      element("number", "age", { validationSettings: { min: 18, max: 120 } }),
      element("radio", "pick"),
      element("checkbox", "many"),
      element("text", "short", { validationSettings: { maxLength: 3 } }),
    ];
    expect(
      codes(fields, [
        { fieldId: "mail", answer: "not-an-email" },
        { fieldId: "age", answer: 12 },
        { fieldId: "pick", answer: "nope" },
        { fieldId: "many", answer: ["v1", "v1"] },
        { fieldId: "short", answer: "four" },
        { fieldId: "ghost", answer: 1 },
      ]),
    ).toEqual([
      "ghost:answer.unknown_field",
      "mail:answer.invalid_email",
      "age:answer.number_out_of_range",
      "pick:answer.unknown_variant",
      "many:answer.invalid",
      "short:answer.too_long",
    ]);
  });

  it("rejects values of the wrong type", () => {
    expect(codes([element("text", "t")], [{ fieldId: "t", answer: 5 }])).toEqual(["t:answer.invalid"]);
    expect(codes([element("number", "n")], [{ fieldId: "n", answer: "5" }])).toEqual(["n:answer.invalid"]);
    expect(codes([element("checkbox", "c")], [{ fieldId: "c", answer: "v1" }])).toEqual(["c:answer.invalid"]);
  });

  it("accepts Other only where the field offers it", () => {
    const plain = element("radio", "r");
    const withOther = element("radio", "o", {
      fieldSettings: { ...plain.fieldSettings, hasOtherVariant: true },
    });
    expect(codes([plain], [{ fieldId: "r", answer: "other:Mine" }])).toEqual(["r:answer.unknown_variant"]);
    expect(codes([withOther], [{ fieldId: "o", answer: "other:Mine" }])).toEqual([]);
    // Other chosen with nothing written beside it asks for the text.
    expect(codes([withOther], [{ fieldId: "o", answer: "other:" }])).toEqual(["o:answer.other_empty"]);
  });

  it("keeps only answered fields, with their formula names", () => {
    const fields = [
      element("text", "a", { formulaName: "first" }),
      element("text", "b"),
      element("title", "t"),
    ];
    const { answers } = validateSubmission(fields, [
      { fieldId: "a", answer: "x" },
      { fieldId: "b", answer: "" },
    ]);
    expect(answers).toEqual([{ fieldId: "a", answer: "x", formulaName: "first" }]);
  });

  it("refuses answers to non-field elements", () => {
    expect(codes([element("title", "t")], [{ fieldId: "t", answer: "x" }])).toEqual([
      "t:answer.unknown_field",
    ]);
  });
});

describe("validateSubmission with a rule that shows a question", () => {
  const fields = [element("nps", "nps"), element("text", "why", { isRequired: true })];
  const rules = [
    ZRule.parse({
      id: "low",
      name: "Low score",
      if: {
        kind: "group",
        combinator: "AND",
        conditions: [{ kind: "field", fieldId: "nps", operator: "lowerOrEqual", value: 6 }],
      },
      // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
      then: [{ type: "show", fieldIds: ["why"] }],
    }),
  ];
  const check = (answers: Array<{ fieldId: string; answer: unknown }>) => {
    const { errors, answers: kept } = validateSubmission(fields, answers, { rules });
    return { errors: errors.map((e) => `${e.field}:${e.code}`), kept: kept.map((a) => a.fieldId) };
  };

  it("neither requires nor keeps the question where the rule does not show it", () => {
    expect(check([{ fieldId: "nps", answer: 9 }])).toEqual({ errors: [], kept: ["nps"] });
    expect(
      check([
        { fieldId: "nps", answer: 9 },
        { fieldId: "why", answer: "Sent anyway" },
      ]),
    ).toEqual({ errors: [], kept: ["nps"] });
  });

  it("requires and keeps it where the rule shows it", () => {
    expect(check([{ fieldId: "nps", answer: 3 }])).toEqual({
      errors: ["why:answer.required"],
      kept: ["nps"],
    });
    expect(
      check([
        { fieldId: "nps", answer: 3 },
        { fieldId: "why", answer: "Slow" },
      ]),
    ).toEqual({ errors: [], kept: ["nps", "why"] });
  });
});

describe("validateSubmission when time ran out", () => {
  const fields = () => [
    element("text", "name", { isRequired: true }),
    element("email", "mail", { isRequired: true }),
    element("number", "age", { isRequired: true }),
  ];

  it("lets every question of a form whose time ran out be empty, keeping the answers given", () => {
    const result = validateSubmission(fields(), [{ fieldId: "name", answer: "Ann" }], {
      timeUp: { form: true },
    });
    expect(result.errors).toEqual([]);
    expect(result.answers.map((a) => [a.fieldId, a.answer])).toEqual([["name", "Ann"]]);
  });

  it("lets only the expired steps' questions be empty", () => {
    const result = validateSubmission(fields(), [], { timeUp: { fields: ["name", "mail"] } });
    expect(result.errors.map((e) => `${e.field}:${e.code}`)).toEqual(["age:answer.required"]);
  });

  it("still checks the format of answers that were given", () => {
    const result = validateSubmission(
      fields(),
      [
        { fieldId: "mail", answer: "not-an-email" },
        { fieldId: "age", answer: "twelve" },
      ],
      { timeUp: { form: true } },
    );
    expect(result.errors.map((e) => `${e.field}:${e.code}`)).toEqual([
      "mail:answer.invalid_email",
      "age:answer.invalid",
    ]);
  });

  it("without timeUp still requires every required question", () => {
    expect(codes(fields(), []).length).toBe(3);
  });
});
