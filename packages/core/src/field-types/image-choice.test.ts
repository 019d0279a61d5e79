import { describe, expect, it } from "vitest";
import { createElement } from "../new-element.ts";
import { checkAnswer } from "../submission.ts";
import { fitImageChoice } from "./image-choice.ts";

describe("an image choice held while the setting switches between one and several", () => {
  const element = createElement("imageChoice", "pics", 0);
  const single = { ...element, fieldSettings: { ...element.fieldSettings, multiple: false } };
  const several = { ...element, fieldSettings: { ...element.fieldSettings, multiple: true } };

  it("keeps only the first picture when several were chosen and one is now allowed", () => {
    const fitted = fitImageChoice(["v2", "v3"], false);
    expect(fitted).toBe("v2");
    expect(checkAnswer(single, fitted)).toBeNull();
    // The list as it was is what the form would refuse.
    expect(checkAnswer(single, ["v2", "v3"])).toBe("answer.invalid");
  });

  it("turns one chosen picture into a list of one when several are allowed", () => {
    const fitted = fitImageChoice("v1", true);
    expect(fitted).toEqual(["v1"]);
    expect(checkAnswer(several, fitted)).toBeNull();
    expect(checkAnswer(several, "v1")).toBe("answer.invalid");
  });

  it("leaves nothing chosen as not answered in either shape", () => {
    expect(fitImageChoice([], false)).toBeUndefined();
    expect(fitImageChoice("", true)).toBeUndefined();
    expect(fitImageChoice(undefined, true)).toBeUndefined();
  });
});
