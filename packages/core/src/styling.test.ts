import { describe, expect, it } from "vitest";
import { contrastRatio, parseColour } from "./css-values.ts";
import { ZElement } from "./element-schema.ts";
import {
  categoryColour,
  DEFAULT_FIELD_STYLE,
  fieldStyleVariables,
  formStyleVariables,
  resolveElementStyle,
  resolveFormStyle,
} from "./styling.ts";

const element = (fields: Record<string, unknown> = {}) =>
  ZElement.parse({ id: "a", fieldType: "text", ...fields });

describe("styling as CSS variables", () => {
  it("gives the form its defaults of §9: 90% wide, centred, 30/20 px titles, a blue button", () => {
    const vars = formStyleVariables(
      resolveFormStyle({ formStyling: {}, fieldsGeneralStyling: {}, fieldsTypesStyling: {} }),
    );
    expect(vars).toMatchObject({
      "--fl-form-width": "90%",
      "--fl-form-inline-margin": "auto",
      "--fl-form-background": "rgb(255, 255, 255)",
      "--fl-title-size": "30px",
      "--fl-description-size": "20px",
      "--fl-button": "rgb(25, 113, 194)",
      "--fl-on-button": "#ffffff",
      "--fl-submit-radius": "3px",
      "--fl-form-border": "1px solid var(--fl-border)",
    });
  });

  it("gives every matrix of the form the head and stripe colours set on the form level", () => {
    const vars = formStyleVariables(
      resolveFormStyle({
        formStyling: { matrixHeadColor: "#e7f5ff", matrixStripeColor: "#f8f9fa" },
        fieldsGeneralStyling: {},
        fieldsTypesStyling: {},
      }),
    );
    expect(vars).toMatchObject({
      "--fl-matrix-head": "rgb(231, 245, 255)",
      "--fl-matrix-stripe": "rgb(248, 249, 250)",
    });
  });

  it("writes errors on a dark surface in a red that still reads there", () => {
    for (const background of ["#1a1b1e", "#2b2d42", "#0b1021"]) {
      const vars = formStyleVariables({ color: "#f1f3f5", background });
      const error = parseColour(vars["--fl-error"] ?? "#c2255c");
      expect(error).toBeDefined();
      expect(contrastRatio(error!, parseColour(background)!), background).toBeGreaterThanOrEqual(4.5);
    }
    // On white the error keeps its own colour, also on a light field of a dark form.
    expect(formStyleVariables({ color: "#1f2430", background: "#ffffff" })["--fl-error"]).toBe("#c2255c");
    expect(fieldStyleVariables({ color: "#1f2430", background: "#ffffff" })["--fl-error"]).toBe("#c2255c");
  });

  it("takes the form colour as the accent and finds readable text for it", () => {
    const vars = formStyleVariables({ buttonColor: "#1971c2" }, "#ffd43b");
    expect(vars["--fl-primary"]).toBe("rgb(255, 212, 59)");
    expect(vars["--fl-on-primary"]).toBe("#1f2430");
    expect(vars["--fl-button"]).toBe("rgb(25, 113, 194)");
  });

  it("writes every field level the cascade resolves: sizes, spacing, border, position", () => {
    const style = resolveElementStyle(
      element({
        styleSettings: {
          hasCustomStyling: true,
          fieldsStyling: {
            questionFontSize: 22,
            position: "right",
            width: "50%",
            borderStyle: "dashed",
            opacity: 0.9,
          },
        },
      }),
      { formStyling: {}, fieldsGeneralStyling: {}, fieldsTypesStyling: {} },
    );
    const vars = fieldStyleVariables(style);
    expect(vars).toMatchObject({
      "--fl-question-size": "22px",
      "--fl-value-size": `${DEFAULT_FIELD_STYLE.valueFontSize}px`,
      "--fl-placeholder-size": "14px",
      "--fl-comment-size": "13px",
      "--fl-section-size": "18px",
      "--fl-field-margin": "10px",
      "--fl-field-padding": "10px",
      "--fl-border": "rgb(220, 223, 230)",
      "--fl-border-style": "dashed",
      "--fl-field-width": "50%",
      "--fl-field-justify": "end",
      "--fl-field-opacity": "0.9",
    });
  });

  it("drops what is not CSS-safe, even in an element's unchecked custom style", () => {
    const style = resolveElementStyle(
      element({
        styleSettings: {
          hasCustomStyling: true,
          fieldsStyling: {
            background: "red;}</style><script>",
            color: "expression(1)",
            fontFamily: "x'); color: red; (",
            radius: "12px; color: red",
            width: "100px}",
            animation: "spin 1s",
          },
        },
      }),
      { formStyling: {}, fieldsGeneralStyling: {}, fieldsTypesStyling: {} },
    );
    const vars = fieldStyleVariables(style);
    expect(vars["--fl-field-background"]).toBeUndefined();
    expect(vars["--fl-field-image"]).toBeUndefined();
    expect(vars["--fl-text"]).toBeUndefined();
    expect(vars["--fl-radius"]).toBeUndefined();
    expect(vars["--fl-field-width"]).toBeUndefined();
    expect(vars["--fl-field-animation"]).toBeUndefined();
    expect(vars["--fl-font"]).toBe('"x color red", sans-serif');
    for (const value of Object.values(vars)) expect(value).not.toMatch(/[;{}<>]/);
  });

  it("draws a background picture or gradient, the gradient first", () => {
    expect(fieldStyleVariables({ background: "url(https://x.test/bg.png)" })["--fl-field-image"]).toBe(
      'url("https://x.test/bg.png")',
    );
    const both = fieldStyleVariables({ background: "#eee", gradient: "linear-gradient(#fff, #000)" });
    expect(both["--fl-field-background"]).toBe("rgb(238, 238, 238)");
    expect(both["--fl-field-image"]).toBe("linear-gradient(rgb(255, 255, 255), rgb(0, 0, 0))");
  });

  it("colours an element by its first coloured category, as its accent", () => {
    const colours = { maths: "not a colour", physics: "#2f9e44" };
    const accent = categoryColour(element({ elementCategories: ["maths", "physics"] }), colours);
    expect(accent).toBe("#2f9e44");
    expect(fieldStyleVariables({}, accent)).toMatchObject({
      "--fl-category": "rgb(47, 158, 68)",
      "--fl-primary": "rgb(47, 158, 68)",
    });
    expect(categoryColour(element({ elementCategories: ["maths"] }), colours)).toBeUndefined();
  });

  it("names an animation the renderer draws", () => {
    expect(fieldStyleVariables({ animation: "slide-up" })["--fl-field-animation"]).toBe("fl-slide-up");
    expect(formStyleVariables({ animation: "none" })["--fl-form-animation"]).toBe("none");
  });
});
