import { FIELD_TYPES } from "@formloom/core/element-schema";
import { fieldTypes, isAnswerable } from "@formloom/core/field-registry";
import { createElement } from "@formloom/core/new-element";
import { describe, expect, it } from "vitest";
import { canRender, fieldComponents } from "./field-components.tsx";
import { displayComponents } from "./fields/display-fields.tsx";

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
