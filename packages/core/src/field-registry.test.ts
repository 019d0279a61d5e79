import { describe, expect, it } from "vitest";
import { DEFAULT_TEXTS } from "./defaults.ts";
import { FIELD_TYPES, type FieldType, type TElement, ZElement } from "./element-schema.ts";
import { answerToText, fieldTypes, isAnswerable } from "./field-registry.ts";
import { createElement } from "./new-element.ts";
import { checkAnswer } from "./submission.ts";

/** Every type forms.md §3 names, in its own words, and the registry key it is stored under. */
const SPEC_TYPES: Record<string, FieldType> = {
  markup: "markup",
  imageSlider: "imageSlider",
  popup: "popup",
  submitBtn: "submitBtn",
  captcha: "captcha",
  title: "title",
  imagePromo: "imagePromo",
  stepper: "stepper",
  pageBreak: "pageBreak",
  pageButtons: "pageButtons",
  fieldGroup: "fieldGroup",
  imageChoice: "imageChoice",
  checkbox: "checkbox",
  radio: "radio",
  matrix: "matrix",
  decisionBox: "decisionBox",
  scoring: "scoring",
  text: "text",
  textarea: "textarea",
  number: "number",
  dateTime: "dateTime",
  phone: "phone",
  email: "email",
  currency: "currency",
  initials: "initials",
  website: "website",
  password: "password",
  multipleInput: "multipleInput",
  multipleChoice: "multipleChoice",
  slider: "slider",
  sortable: "sortable",
  nps: "nps",
  gapText: "gapText",
  select: "select",
  signature: "signature",
  map: "map",
  video: "video",
  "QR/bar code": "qrCode",
  file: "file",
  image: "image",
  rate: "rate",
  like: "like",
  colour: "colour",
  audio: "audio",
  location: "location",
  "code highlight": "codeHighlight",
  photo: "photo",
  correspondence: "correspondence",
  timer: "timer",
  formula: "formula",
};

const NON_FIELD = [
  "markup",
  "imageSlider",
  "popup",
  "submitBtn",
  "captcha",
  "title",
  "imagePromo",
  "stepper",
  "pageBreak",
  "pageButtons",
];
const IMAGE = ["imageSlider", "imagePromo", "imageChoice"];
/** Types that show, arrange or compute rather than ask: no answer of their own. */
const NO_ANSWER = [...NON_FIELD, "fieldGroup", "timer", "formula"];

const file = { url: "/files/a", name: "a.png", size: 10, mimeType: "image/png" };
/** For each answerable type: an answer it accepts, one it refuses, and the text the first reads as. */
const SAMPLES: Partial<
  Record<FieldType, { valid: unknown; invalid: unknown; text: string; patch?: Partial<TElement> }>
> = {
  imageChoice: { valid: "v1", invalid: ["v1"], text: "Variant 1" },
  checkbox: { valid: ["v1", "v3"], invalid: ["v9"], text: "Variant 1, Variant 3" },
  radio: { valid: "v2", invalid: "v9", text: "Variant 2" },
  matrix: {
    valid: { q1: "v1", q2: "v2" },
    invalid: { q9: "v1" },
    text: "Question 1: Variant 1; Question 2: Variant 2",
  },
  decisionBox: { valid: true, invalid: "yes", text: "Yes" },
  scoring: { valid: 7, invalid: 11, text: "7" },
  text: { valid: "Hello", invalid: 5, text: "Hello" },
  textarea: { valid: "Two\nlines", invalid: ["x"], text: "Two\nlines" },
  number: { valid: 4.5, invalid: "4.5", text: "4.5" },
  dateTime: { valid: "2026-02-28", invalid: "2026-02-30", text: "28.02.2026" },
  phone: { valid: "+44 20 7946 0958", invalid: "call me", text: "+44 20 7946 0958" },
  email: { valid: "ada@example.com", invalid: "ada@", text: "ada@example.com" },
  currency: {
    valid: { amount: 12.5, currency: "EUR" },
    invalid: { amount: 1, currency: "JPY" },
    text: "12.5 EUR",
  },
  initials: {
    valid: { firstName: "Ada", lastName: "Lovelace" },
    invalid: { firstName: "Ada", lastName: "" },
    text: "Ada Lovelace",
  },
  website: { valid: "example.com/page", invalid: "not a site", text: "example.com/page" },
  password: { valid: "s3cret!", invalid: 7, text: "••••••••" },
  multipleInput: { valid: ["a", "b"], invalid: "a", text: "a; b" },
  multipleChoice: { valid: ["v1"], invalid: ["v1", "v1"], text: "Variant 1" },
  slider: { valid: 42.5, invalid: 101, text: "42.5" },
  sortable: { valid: ["v3", "v1", "v2"], invalid: ["v1", "v2"], text: "Variant 3 → Variant 1 → Variant 2" },
  nps: { valid: 9, invalid: 11, text: "9" },
  gapText: { valid: ["blue"], invalid: ["blue", "extra"], text: "blue" },
  select: { valid: "v1", invalid: "nope", text: "Variant 1" },
  signature: { valid: "data:image/png;base64,iVBORw0KGgo=", invalid: "<svg/>", text: "(signature)" },
  map: { valid: { lat: 51.5, lng: -0.12 }, invalid: { lat: 91, lng: 0 }, text: "51.500000, -0.120000" },
  video: { valid: [{ ...file, name: "a.webm", mimeType: "video/webm" }], invalid: [file], text: "a.webm" },
  qrCode: { valid: "4006381333931", invalid: 1, text: "4006381333931" },
  file: { valid: [file], invalid: [{ name: "x" }], text: "a.png" },
  image: { valid: [file], invalid: [{ ...file, mimeType: "application/pdf" }], text: "a.png" },
  rate: { valid: 4, invalid: 6, text: "4" },
  like: { valid: "like", invalid: "love", text: "Like" },
  colour: { valid: "#ff8800", invalid: "orange-ish", text: "#ff8800" },
  audio: {
    valid: [{ ...file, name: "a.ogg", mimeType: "audio/ogg" }],
    invalid: [{ ...file, mimeType: "video/mp4" }],
    text: "a.ogg",
  },
  location: { valid: { lat: 0, lng: 0, accuracy: 5 }, invalid: { lat: 0 }, text: "0.000000, 0.000000" },
  codeHighlight: { valid: "let x = 1;", invalid: {}, text: "let x = 1;" },
  photo: { valid: [file], invalid: [{ ...file, mimeType: "audio/ogg" }], text: "a.png" },
  correspondence: { valid: { v1: "m2" }, invalid: { v1: "m9" }, text: "Variant 1 = Match 2" },
};

describe("field-type registry", () => {
  it("holds every type forms.md §3 names, and nothing else", () => {
    expect(Object.values(SPEC_TYPES).sort()).toEqual([...FIELD_TYPES].sort());
    for (const [specName, key] of Object.entries(SPEC_TYPES)) expect(fieldTypes[key], specName).toBeDefined();
  });

  it("sorts types into field, non-field and image as §3 does", () => {
    for (const type of FIELD_TYPES) {
      const { category } = fieldTypes[type];
      if (IMAGE.includes(type)) expect(category, type).toBe("image");
      else if (NON_FIELD.includes(type)) expect(category, type).toBe("nonField");
      else expect(category, type).toBe("field");
    }
  });

  it.each(FIELD_TYPES)("%s has a label, a default element and a text form", (type) => {
    const definition = fieldTypes[type];
    expect(definition.label).not.toBe("");
    const element = createElement(type, "e1", 0);
    expect(ZElement.parse(element)).toEqual(element);
    expect(typeof definition.toText).toBe("function");
    expect(isAnswerable(element)).toBe(!NO_ANSWER.includes(type));
    if (isAnswerable(element)) {
      expect(element.question).toBe(DEFAULT_TEXTS.newQuestion);
      expect(element.fieldComment).toBe(DEFAULT_TEXTS.fieldComment);
      expect(element.fieldLabel).toBe(DEFAULT_TEXTS.fieldLabel);
    }
  });

  it.each(FIELD_TYPES.filter((type) => !NO_ANSWER.includes(type)))(
    "%s validates its answers and writes them as text",
    (type) => {
      const sample = SAMPLES[type];
      expect(sample, `no sample answers for ${type}`).toBeDefined();
      if (!sample) return;
      const element = ZElement.parse({ ...createElement(type, "e1", 0), ...sample.patch });
      expect(checkAnswer(element, sample.valid)).toBeNull();
      expect(checkAnswer(element, sample.invalid)).toMatch(/^answer\./);
      expect(answerToText(element, sample.valid)).toBe(sample.text);
    },
  );

  it("starts choice fields with numbered 'Variant' options", () => {
    for (const type of [
      "radio",
      "checkbox",
      "select",
      "multipleChoice",
      "imageChoice",
      "sortable",
    ] as const) {
      const titles = createElement(type, "c", 0).fieldSettings.answerVariants?.map((v) => v.title);
      expect(titles).toEqual(["Variant 1", "Variant 2", "Variant 3"]);
    }
  });

  it("writes Other's own text and hides passwords", () => {
    const base = createElement("radio", "r", 0);
    const radio = { ...base, fieldSettings: { ...base.fieldSettings, hasOtherVariant: true } };
    expect(answerToText(radio, "other:Purple")).toBe("Purple");
    expect(answerToText(createElement("password", "p", 0), "hunter2")).not.toContain("hunter2");
    expect(answerToText(createElement("text", "t", 0), undefined)).toBe("");
  });
});
