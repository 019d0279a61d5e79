import { describe, expect, it } from "vitest";
import { ZElement } from "../element-schema.ts";
import { like } from "./like.ts";

describe("a like question's answer as text", () => {
  it("is the word the respondent clicked, not the stored value", () => {
    const element = ZElement.parse({ id: "q", fieldType: "like", fieldOrder: 0, question: "Q" });
    expect(like.toText(element, "like")).toBe("Like");
    expect(like.toText(element, "dislike")).toBe("Dislike");
    expect(like.toText(element, null)).toBe("");
  });
});
