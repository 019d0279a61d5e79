import { describe, expect, it } from "vitest";
import { ZElement } from "./element-schema.ts";
import { styleProblems } from "./style-guard.ts";
import { clearAllStyling, fieldStyleVariables, pageButtonVariables } from "./styling.ts";

describe("the matrix and page-break helpers (forms.md §4)", () => {
  it("colour a matrix's header row and every second row, and nothing else's", () => {
    expect(fieldStyleVariables({ matrixHeadColor: "#e7f5ff", matrixStripeColor: "#f8f9fa" })).toMatchObject({
      "--fl-matrix-head": "rgb(231, 245, 255)",
      "--fl-matrix-stripe": "rgb(248, 249, 250)",
    });
    expect(fieldStyleVariables({})).not.toHaveProperty("--fl-matrix-head");
    expect(styleProblems({ matrixHeadColor: "url(javascript:alert(1))" })).toEqual([
      { property: "matrixHeadColor", code: "style.css.forbidden" },
    ]);
  });

  it("give the Next and Back buttons between pages the page-break type's button style", () => {
    const vars = pageButtonVariables({
      fieldsTypesStyling: {
        pageBreak: { buttonColor: "#8c1d35", buttonTextColor: "#ffffff", buttonRadius: 20 },
      },
    });
    expect(vars).toEqual({
      "--fl-submit-radius": "20px",
      "--fl-button": "rgb(140, 29, 53)",
      "--fl-on-button": "rgb(255, 255, 255)",
    });
    expect(pageButtonVariables({ fieldsTypesStyling: {} })).toEqual({});
  });

  it("are reset when all styling is cleared", () => {
    const matrix = ZElement.parse({
      id: "m",
      fieldType: "matrix",
      styleSettings: { hasCustomStyling: true, fieldsStyling: { matrixStripeColor: "#f8f9fa" } },
    });
    const cleared = clearAllStyling([matrix]);
    expect(cleared.slots.fieldsTypesStyling).toEqual({});
    expect(cleared.elements[0]?.styleSettings).toMatchObject({ hasCustomStyling: false, fieldsStyling: {} });
    expect(pageButtonVariables(cleared.slots)).toEqual({});
  });
});
