import { MESSAGES } from "@formloom/core/errors";
import { describe, expect, it } from "vitest";
import { fieldErrorCode, summaryKey } from "./error-text.ts";
import { catalogTranslate, englishText } from "./translate.ts";

describe("the required-field message", () => {
  it("is singular under one field", () => {
    expect(englishText(fieldErrorCode("answer.required"))).toBe("Please fill in this field");
    expect(fieldErrorCode("answer.invalid_email")).toBe("answer.invalid_email");
  });

  it("is plural only in the summary by the send button", () => {
    expect(englishText(summaryKey(["answer.invalid_email", "answer.required"]) ?? "")).toBe(
      MESSAGES["answer.required"],
    );
    expect(MESSAGES["answer.required"]).toBe("Please fill in the required fields");
    expect(summaryKey(["answer.invalid_email"])).toBe("Please correct the marked answers");
    expect(summaryKey([])).toBeNull();
  });

  it("follows the form's language, in both forms", () => {
    const russian = catalogTranslate({
      "codes.answer.field_required": "Заполните это поле",
      "codes.answer.required": "Заполните обязательные поля",
    });
    expect(russian(fieldErrorCode("answer.required"))).toBe("Заполните это поле");
    expect(russian(summaryKey(["answer.required"]) ?? "")).toBe("Заполните обязательные поля");
  });
});

describe("respondent texts", () => {
  it("fill their placeholders and fall back to English", () => {
    const italian = catalogTranslate({ "Step {{current}} of {{total}}": "Passo {{current}} di {{total}}" });
    expect(italian("Step {{current}} of {{total}}", { current: 2, total: 5 })).toBe("Passo 2 di 5");
    expect(italian("Next")).toBe("Next");
    expect(italian("answer.invalid_email")).toBe(MESSAGES["answer.invalid_email"]);
  });
});
