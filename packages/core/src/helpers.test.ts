import { describe, expect, it } from "vitest";
import { thankYouTitle } from "./defaults.ts";
import { errorHelper } from "./errors.ts";
import { ZFormSettings, ZFormSettingsPatch } from "./form-schema.ts";
import { isExternalLink, normalizeExternalLink } from "./links.ts";
import { slugify } from "./slug.ts";

describe("slugify", () => {
  it.each([
    ["Опрос клиентов", "opros-klientov"],
    ["Щастя і їжак", "shchastya-i-yizhak"],
    ["Hello, World!  Again", "hello-world-again"],
    ["Café crème", "cafe-creme"],
    ["  --Spaces--  ", "spaces"],
    ["!!!", ""],
  ])("%s → %s", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});

describe("external links", () => {
  it("accepts http, https, mailto and tel, and prefixes http:// otherwise", () => {
    expect(["http://a.b", "https://a.b", "mailto:x@y.z", "tel:+123"].every(isExternalLink)).toBe(true);
    expect(isExternalLink("example.com")).toBe(false);
    expect(normalizeExternalLink("example.com/page")).toBe("http://example.com/page");
    expect(normalizeExternalLink("javascript:alert(1)")).toBe("http://javascript:alert(1)");
  });
});

describe("form settings", () => {
  it("default to forms.md §9", () => {
    expect(ZFormSettings.parse({})).toMatchObject({
      type: "data_collection",
      language: "EN",
      isPublished: true,
      hasAnonymousFilling: "anonymous",
      display: "all",
      questionsOrder: "ordered",
      questionsNumbering: "notShow",
      layoutType: "1-col",
      resultType: "passed_failed",
      resultUnits: "trueFalse",
      submitButtonDescription: "Send",
      collectBehaviorData: true,
      collectRealCharacters: true,
      hasCaptcha: false,
      nextSubmissionText: "You can not submit this form twice in such short time. Please wait!",
    });
  });

  it("a patch carries only what it names", () => {
    expect(ZFormSettingsPatch.parse({ title: "New" })).toEqual({ title: "New" });
  });

  it("fills the thank-you title placeholder", () => {
    expect(thankYouTitle(ZFormSettings.parse({}).afterFormFillingActions.thankYouPageTitle, "Poll")).toBe(
      "Form Poll was submitted successfully!",
    );
  });
});

describe("error helper", () => {
  it("prefers the first validation error, then a one-word errors text, else 'default'", () => {
    expect(
      errorHelper({
        validationErrors: [{ field: "a", code: "answer.required", message: "Fill it" }],
        errors: ["x"],
      }),
    ).toBe("answer.required");
    expect(errorHelper({ errors: ["name.is_used"] })).toBe("name.is_used");
    expect(errorHelper({ errors: ["two words"] })).toBe("default");
    expect(errorHelper(undefined)).toBe("default");
  });
});
