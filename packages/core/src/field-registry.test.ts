import { describe, expect, it } from "vitest";
import { DEFAULT_TEXTS } from "./defaults.ts";
import { FIELD_TYPES } from "./element-schema.ts";
import { answerToText, fieldTypes, isAnswerable } from "./field-registry.ts";
import { createElement } from "./new-element.ts";

describe("field-type registry", () => {
  it.each(FIELD_TYPES)("%s has a definition with a default element and a text form", (type) => {
    const definition = fieldTypes[type];
    expect(definition.label).not.toBe("");
    const element = createElement(type, "e1", 0);
    expect(element.fieldType).toBe(type);
    expect(typeof definition.toText).toBe("function");
    if (definition.category === "nonField") {
      expect(isAnswerable(element)).toBe(false);
    } else {
      expect(definition.answerSchema).toBeDefined();
      expect(element.question).toBe(DEFAULT_TEXTS.newQuestion);
      expect(element.fieldComment).toBe(DEFAULT_TEXTS.fieldComment);
      expect(element.fieldLabel).toBe(DEFAULT_TEXTS.fieldLabel);
    }
  });

  it("starts choice fields with numbered 'Variant' options", () => {
    for (const type of ["radio", "checkbox", "select"] as const) {
      const titles = createElement(type, "c", 0).fieldSettings.answerVariants?.map((v) => v.title);
      expect(titles).toEqual(["Variant 1", "Variant 2", "Variant 3"]);
    }
  });

  it("writes answers as text for tables: variant titles, lists, numbers, and Other's own text", () => {
    const radio = {
      ...createElement("radio", "r", 0),
      fieldSettings: { ...createElement("radio", "r", 0).fieldSettings, hasOtherVariant: true },
    };
    expect(answerToText(radio, "v2")).toBe("Variant 2");
    expect(answerToText(radio, "other:Purple")).toBe("Purple");
    expect(answerToText(createElement("checkbox", "c", 0), ["v1", "v3"])).toBe("Variant 1, Variant 3");
    expect(answerToText(createElement("number", "n", 0), 4.5)).toBe("4.5");
    expect(answerToText(createElement("text", "t", 0), undefined)).toBe("");
  });
});
