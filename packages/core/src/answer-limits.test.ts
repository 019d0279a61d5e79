import { describe, expect, it } from "vitest";
import { answerLimit } from "./answer-limits.ts";
import { ZElement } from "./element-schema.ts";

const element = (fieldType: string, settings: object) =>
  ZElement.parse({ id: "q", fieldType, fieldOrder: 0, question: "Q", ...settings });

describe("the limit an error speaks of", () => {
  it("names the bounds a question sets, one or both", () => {
    const range = element("number", { validationSettings: { min: 0, max: 5 } });
    expect(answerLimit(range, "answer.number_out_of_range")).toEqual({
      text: "from {{min}} to {{max}}",
      values: { min: 0, max: 5 },
    });
    const floor = element("number", { validationSettings: { min: 3 } });
    expect(answerLimit(floor, "answer.number_out_of_range")?.values).toEqual({ min: 3 });
    const slider = element("slider", {});
    expect(answerLimit(slider, "answer.number_out_of_range")?.values).toEqual({ min: 0, max: 100 });
    const choices = element("multipleChoice", { fieldSettings: { minChoices: 2, maxChoices: 3 } });
    expect(answerLimit(choices, "answer.too_few_choices")?.values).toEqual({ min: 2 });
    expect(answerLimit(choices, "answer.too_many_choices")?.values).toEqual({ max: 3 });
    const file = element("file", { fieldSettings: { maxFileSizeMb: 4 } });
    expect(answerLimit(file, "answer.file_too_large")?.values).toEqual({ size: 4 });
    // The server's size, where it is the smaller or the question names none.
    expect(answerLimit(file, "answer.file_too_large", 2)?.values).toEqual({ size: 2 });
    expect(answerLimit(file, "answer.file_too_large", 10)?.values).toEqual({ size: 4 });
    expect(answerLimit(element("file", {}), "answer.file_too_large", 10)?.values).toEqual({ size: 10 });
    const pdf = element("file", { fieldSettings: { accept: [".pdf", ".docx"] } });
    expect(answerLimit(pdf, "answer.file_type")?.values).toEqual({ types: ".pdf, .docx" });
  });

  it("is none when the question sets no such limit or the error is of another kind", () => {
    expect(answerLimit(element("number", {}), "answer.number_out_of_range")).toBeNull();
    expect(answerLimit(element("text", {}), "answer.too_long")).toBeNull();
    expect(answerLimit(element("file", {}), "answer.file_type")).toBeNull();
    const text = element("text", { validationSettings: { maxLength: 10 } });
    expect(answerLimit(text, "answer.required")).toBeNull();
  });
});
