import { FIELD_TYPES } from "@formloom/core/element-schema";
import { fieldTypes, isAnswerable } from "@formloom/core/field-registry";
import { createElement } from "@formloom/core/new-element";
import { describe, expect, it } from "vitest";
import { canRender, fieldComponents } from "./field-components.tsx";
import { displayComponents } from "./fields/display-fields.tsx";
import { commaNumberAnswer } from "./fields/text-fields.tsx";

describe("the renderer draws every field type of the model", () => {
  it.each(FIELD_TYPES)("%s has a component", (type) => {
    expect(canRender(type)).toBe(true);
  });

  it("draws an answerable type with an input component, never as mere display", () => {
    const missing = FIELD_TYPES.filter((type) => {
      const element = createElement(type, "f_test", 0);
      return isAnswerable(element) && fieldComponents[type] === undefined;
    });
    expect(missing).toEqual([]);
  });

  it("knows no type the registry does not", () => {
    const known = new Set(Object.keys(fieldTypes));
    for (const type of [...Object.keys(fieldComponents), ...Object.keys(displayComponents)])
      expect(known.has(type), type).toBe(true);
  });
});

describe("a number written with a decimal comma", () => {
  it.each([
    ["3,5", 3.5],
    ["3.5", 3.5],
    [" -0,25 ", -0.25],
    [",5", 0.5],
    ["3,", 3],
    ["", null],
    ["3,5,1", "3,5,1"],
    ["three", "three"],
  ])("takes %j as %j", (typed, answer) => {
    expect(commaNumberAnswer(typed)).toBe(answer);
  });
});
