import { type TElementInput, ZElement } from "@formloom/core/element-schema";
import { LAYOUT_TYPES } from "@formloom/core/form-schema";
import { describe, expect, it } from "vitest";
import { columnOf, fieldStyle, formStyle, LAYOUTS, layoutAreas } from "./form-style.ts";
import { fitFor } from "./use-form-styling.ts";

const el = (id: string, fieldType: TElementInput["fieldType"], extra: Partial<TElementInput> = {}) =>
  ZElement.parse({ id, fieldType, ...extra });

describe("layouts", () => {
  it("draws every one of the fourteen layouts of the model", () => {
    expect(LAYOUT_TYPES).toHaveLength(14);
    for (const layout of LAYOUT_TYPES) expect(LAYOUTS[layout]).toBeDefined();
    expect(LAYOUTS["2-col-33-67"].tracks).toBe("minmax(0, 1fr) minmax(0, 2fr)");
    expect(LAYOUTS["4-col-header"]).toMatchObject({ columns: 4, header: true, footer: false });
  });

  it("puts the opening title-like elements in the header and the closing ones in the footer", () => {
    const fields = [
      el("t", "title"),
      el("m", "markup"),
      el("q", "text"),
      el("s", "title"),
      el("q2", "text"),
      el("end", "markup"),
    ];
    const areas = layoutAreas(LAYOUTS["1-col-header-footer"], fields);
    expect(Object.fromEntries(areas)).toEqual({ t: "header", m: "header", s: "full", end: "footer" });
    expect(Object.fromEntries(layoutAreas(LAYOUTS["2-col"], fields))).toEqual({ t: "full", s: "full" });
  });

  it("gives the footer the last element when nothing closes the form", () => {
    const fields = [el("q1", "text"), el("q2", "email"), el("go", "submitBtn")];
    expect(layoutAreas(LAYOUTS["1-col-footer"], fields).get("q2")).toBe("footer");
  });

  it("keeps an element in the column its author chose, when the layout has it", () => {
    const second = el("a", "text", { fieldColumn: "col-second" });
    expect(columnOf(second, LAYOUTS["2-col"])).toBe(2);
    expect(columnOf(second, LAYOUTS["1-col"])).toBeUndefined();
    expect(columnOf(el("b", "text", { fieldColumn: "col-fourth" }), LAYOUTS["3-col"])).toBeUndefined();
  });

  it("narrows to two columns, then one, at the form style's break points", () => {
    expect(fitFor(1000, 480, 800)).toBe("all");
    expect(fitFor(600, 480, 800)).toBe("2");
    expect(fitFor(350, 480, 800)).toBe("1");
    expect(fitFor(600, 700, 900)).toBe("1");
  });
});

describe("style on the page", () => {
  it("gives an unknown layout the single column", () => {
    expect(formStyle({ layoutType: "9-col" as never }).layout).toBe("1-col");
  });

  it("sets an element's type style over the all-fields one, and its own over both", () => {
    const settings = {
      fieldsGeneralStyling: { questionFontSize: 15 },
      fieldsTypesStyling: { email: { questionFontSize: 19 } },
      fieldsCategoriesColors: { vip: "#e8590c" },
    };
    const size = (element: ReturnType<typeof el>) =>
      (fieldStyle(element, settings, undefined).style as Record<string, string>)["--fl-question-size"];
    expect(size(el("a", "text"))).toBe("15px");
    expect(size(el("b", "email"))).toBe("19px");
    const own = el("c", "email", {
      styleSettings: {
        hasCustomStyling: true,
        fieldsStyling: { questionFontSize: 24 },
        uniqFieldStyling: {},
      },
      elementCategories: ["vip"],
    });
    expect(size(own)).toBe("24px");
    expect(fieldStyle(own, settings, "footer")).toMatchObject({ "data-area": "footer", "data-category": "" });
  });
});
