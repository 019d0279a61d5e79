import { describe, expect, it } from "vitest";
import { type TElement, ZElement } from "./element-schema.ts";
import {
  answersFromEntries,
  matrixRowName,
  newlyOpened,
  openQuestions,
  otherTextName,
  scriptNeed,
  sendsFiles,
} from "./form-post.ts";
import { ZFormSettings } from "./form-schema.ts";
import { createElement } from "./new-element.ts";
import { ZRule } from "./rule-schema.ts";
import { validateSubmission } from "./submission.ts";

const element = (type: Parameters<typeof createElement>[0], id: string, patch: Partial<TElement> = {}) =>
  ZElement.parse({ ...createElement(type, id, 0), ...patch });

const settings = (patch: Record<string, unknown> = {}) => ZFormSettings.parse({ title: "Form", ...patch });

describe("answersFromEntries: a form posted without JavaScript", () => {
  const fields = [
    element("text", "name"),
    element("email", "mail"),
    element("phone", "tel"),
    element("textarea", "note"),
    element("number", "age"),
    element("number", "price", { fieldSettings: { numberFormat: "comma" } }),
    element("radio", "pick"),
    element("checkbox", "many"),
    element("select", "list"),
    element("nps", "nps"),
    element("rate", "stars"),
    element("slider", "slide"),
    element("dateTime", "day"),
    element("decisionBox", "agree"),
    element("like", "thumb"),
    element("title", "heading"),
  ];

  it("gives the answers the page's script would send: ids, numbers, dates as typed", () => {
    const answers = answersFromEntries(fields, {
      name: ["Ann"],
      mail: ["ann@example.com"],
      tel: ["+1 555 0100"],
      note: ["Line one\r\nline two"],
      age: ["42"],
      price: ["3,5"],
      pick: ["v2"],
      many: ["v1", "v3"],
      list: ["v2"],
      nps: ["9"],
      stars: ["4"],
      slide: ["37.5"],
      day: ["2026-02-28"],
      agree: ["true"],
      thumb: ["dislike"],
      heading: ["ignored"],
      "fl-submission-key": ["k1"],
    });
    expect(answers).toEqual([
      { fieldId: "name", answer: "Ann" },
      { fieldId: "mail", answer: "ann@example.com" },
      { fieldId: "tel", answer: "+1 555 0100" },
      { fieldId: "note", answer: "Line one\r\nline two" },
      { fieldId: "age", answer: 42 },
      { fieldId: "price", answer: 3.5 },
      { fieldId: "pick", answer: "v2" },
      { fieldId: "many", answer: ["v1", "v3"] },
      { fieldId: "list", answer: "v2" },
      { fieldId: "nps", answer: 9 },
      { fieldId: "stars", answer: 4 },
      { fieldId: "slide", answer: 37.5 },
      { fieldId: "day", answer: "2026-02-28" },
      { fieldId: "agree", answer: true },
      { fieldId: "thumb", answer: "dislike" },
    ]);
    expect(validateSubmission(fields, answers).errors).toEqual([]);
  });

  it("leaves out empty values, so a required question reports itself as unanswered", () => {
    const required = fields.map((field) => ({ ...field, isRequired: field.fieldType !== "title" }));
    const answers = answersFromEntries(required, {
      name: ["   "],
      age: [""],
      list: [""],
      many: [],
      nps: [""],
    });
    expect(answers).toEqual([]);
    const codes = validateSubmission(required, answers).errors.map((error) => error.code);
    expect(new Set(codes)).toEqual(new Set(["answer.required"]));
  });

  it("keeps text that is no number, so validation reports it instead of storing nothing", () => {
    const answers = answersFromEntries(fields, { age: ["twelve"], price: ["3,5,1"] });
    expect(answers).toEqual([
      { fieldId: "age", answer: "twelve" },
      { fieldId: "price", answer: "3,5,1" },
    ]);
    expect(validateSubmission(fields, answers).errors.map((error) => error.code)).toEqual([
      "answer.invalid",
      "answer.invalid",
    ]);
  });

  it("stores a day typed as the form's language writes it as YYYY-MM-DD, and keeps a wrong one to refuse", () => {
    const moment = element("dateTime", "at", { fieldSettings: { dateTimeMode: "datetime" } });
    const answers = answersFromEntries([...fields, moment], { day: ["14.03.2026"], at: ["14/03/2026 9:05"] });
    expect(answers).toEqual([
      { fieldId: "day", answer: "2026-03-14" },
      { fieldId: "at", answer: "2026-03-14T09:05" },
    ]);
    const wrong = answersFromEntries(fields, { day: ["31.02.2026"] });
    expect(wrong).toEqual([{ fieldId: "day", answer: "2026-02-31" }]);
    expect(validateSubmission(fields, wrong).errors.map((error) => error.code)).toEqual([
      "answer.invalid_date",
    ]);
  });

  it("turns the Other option into other:<the typed text>, and asks for the text when none was typed", () => {
    const base = element("radio", "r");
    const radio = { ...base, fieldSettings: { ...base.fieldSettings, hasOtherVariant: true } };
    const boxes = { ...radio, id: "c", fieldType: "checkbox" as const };
    const answers = answersFromEntries([radio, boxes], {
      r: ["other:"],
      [otherTextName("r")]: ["  Purple "],
      c: ["v1", "other:"],
      [otherTextName("c")]: [""],
    });
    expect(answers).toEqual([
      { fieldId: "r", answer: "other:Purple" },
      { fieldId: "c", answer: ["v1", "other:"] },
    ]);
    expect(validateSubmission([radio, boxes], answers).errors.map((e) => `${e.field}:${e.code}`)).toEqual([
      "c:answer.other_empty",
    ]);
  });

  it("gives a picture choice one id, or a list where several pictures may be chosen", () => {
    const base = element("imageChoice", "one");
    const several = { ...base, id: "many", fieldSettings: { ...base.fieldSettings, multiple: true } };
    const answers = answersFromEntries([base, several], { one: ["v2"], many: ["v1", "v3"] });
    expect(answers).toEqual([
      { fieldId: "one", answer: "v2" },
      { fieldId: "many", answer: ["v1", "v3"] },
    ]);
    expect(validateSubmission([base, several], answers).errors).toEqual([]);
  });

  it("ignores fields the browser's own form cannot send", () => {
    expect(
      answersFromEntries([element("sortable", "s"), element("file", "f")], { s: ["x"], f: ["y"] }),
    ).toEqual([]);
  });

  it("reads a matrix row by row: one column, or several where the row takes several", () => {
    const base = element("matrix", "m");
    const matrix = {
      ...base,
      fieldSettings: {
        ...base.fieldSettings,
        answerVariants: ["good", "bad"].map((id) => ({ id, title: id, value: id })),
        questions: [
          { id: "food", question: "Food", answerValue: "", answerMultipleValues: [], multiple: false },
          { id: "room", question: "Room", answerValue: "", answerMultipleValues: [], multiple: true },
          { id: "view", question: "View", answerValue: "", answerMultipleValues: [], multiple: false },
        ],
      },
    } as unknown as typeof base;
    const answers = answersFromEntries([matrix], {
      [matrixRowName("m", "food")]: ["good"],
      [matrixRowName("m", "room")]: ["good", "bad"],
      m: ["ignored"],
    });
    expect(answers).toEqual([{ fieldId: "m", answer: { food: "good", room: ["good", "bad"] } }]);
    expect(validateSubmission([matrix], answers).errors).toEqual([]);
    expect(answersFromEntries([matrix], {})).toEqual([]);
    expect(scriptNeed(settings(), [matrix])).toBeNull();
  });
});

describe("scriptNeed: which forms can be filled without JavaScript", () => {
  const plain = [element("text", "name"), element("radio", "pick"), element("title", "t")];

  it("a single page of plain questions needs none", () => {
    expect(scriptNeed(settings(), plain)).toBeNull();
  });

  it("names what needs it: rules, timers, pages, widgets, a captcha", () => {
    const rule = (patch: Record<string, unknown>) => ({
      id: "r1",
      name: "Rule",
      if: {
        kind: "group",
        combinator: "AND",
        conditions: [{ kind: "field", fieldId: "name", operator: "empty" }],
      },
      // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
      then: [{ type: "hide", fieldIds: ["pick"] }],
      ...patch,
    });
    const withRules = (...rules: Array<Record<string, unknown>>) => settings({ conditionalRules: rules });
    // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
    const assigning = rule({ then: [{ type: "assign", fieldId: "name", value: "x" }] });
    expect(scriptNeed(withRules(assigning), plain)).toBe("rules");
    // Showing and hiding the server does itself, drawing the page again.
    expect(scriptNeed(withRules(rule({})), plain)).toBeNull();
    // Rules the server runs on sending, or switched off, ask nothing of the page.
    expect(scriptNeed(withRules(rule({ when: "submit" }), rule({ enabled: false })), plain)).toBeNull();
    // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
    expect(scriptNeed(withRules(rule({ then: [{ type: "publish" }] })), plain)).toBeNull();
    expect(scriptNeed(settings({ hasTimer: true, allFormTime: 60 }), plain)).toBe("timers");
    expect(scriptNeed(settings(), [...plain, element("timer", "clock")])).toBe("timers");
    // A form on pages is posted page by page.
    expect(scriptNeed(settings({ display: "stepByStep" }), plain)).toBeNull();
    expect(scriptNeed(settings(), [...plain, element("signature", "sign")])).toBe("fields");
    // Files go with the answers, as multipart/form-data.
    for (const type of ["file", "image", "photo", "audio", "video"] as const)
      expect(scriptNeed(settings(), [...plain, element(type, "upload")]), type).toBeNull();
    expect(sendsFiles(plain)).toBe(false);
    expect(sendsFiles([...plain, element("image", "pic")])).toBe(true);
    expect(scriptNeed(settings({ hasCaptcha: true }), plain)).toBe("captcha");
    expect(scriptNeed(settings(), [...plain, element("captcha", "cap")])).toBe("captcha");
  });
});

describe("newlyOpened: questions a post's answers show that its page had not drawn", () => {
  const fields = [element("nps", "nps"), element("text", "why"), element("text", "name")];
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
  const low = [{ fieldId: "nps", answer: 3 }];

  it("lists the questions rules act on that the page draws open", () => {
    expect(openQuestions(fields, rules, {})).toEqual([]);
    expect(openQuestions(fields, rules, { nps: 3 })).toEqual(["why"]);
    expect(openQuestions(fields, [], { nps: 3 })).toEqual([]);
  });

  it("names a question the answers open, until a page has drawn it", () => {
    expect(newlyOpened(fields, rules, low, JSON.stringify([]))).toEqual(["why"]);
    expect(newlyOpened(fields, rules, low, JSON.stringify(["why"]))).toEqual([]);
    expect(newlyOpened(fields, rules, [{ fieldId: "nps", answer: 9 }], JSON.stringify([]))).toEqual([]);
  });

  it("takes a page that did not say, or said nonsense, as drawn without answers", () => {
    expect(newlyOpened(fields, rules, low, undefined)).toEqual(["why"]);
    expect(newlyOpened(fields, rules, low, "{not json")).toEqual(["why"]);
    expect(newlyOpened(fields, rules, low, JSON.stringify({ why: true }))).toEqual(["why"]);
  });
});
