import { type TElement, ZElement } from "@formloom/core/element-schema";
import { describe, expect, it } from "vitest";
import { changedOver } from "./use-checked-element.ts";

const radio = (question: string, settings: Record<string, unknown>) =>
  ZElement.parse({ id: "r", fieldType: "radio", question, fieldSettings: settings });

describe("a change made from an earlier drawing of the element", () => {
  const seen = radio("Colour", { hasOtherVariant: false, otherVariantLabel: "Other" });
  // Typed since that drawing: the question and the label of "Other".
  const now = radio("Favourite colour", { hasOtherVariant: false, otherVariantLabel: "Something else" });

  it("changes only what it changes, one level into the settings, and keeps what was typed since", () => {
    const next: TElement = { ...seen, fieldSettings: { ...seen.fieldSettings, hasOtherVariant: true } };
    const merged = changedOver(now, seen, next);
    expect(merged.question).toBe("Favourite colour");
    expect(merged.fieldSettings).toMatchObject({
      hasOtherVariant: true,
      otherVariantLabel: "Something else",
    });
  });

  it("takes a setting taken out, and a whole value that is not an object", () => {
    const { otherVariantLabel: _, ...rest } = seen.fieldSettings as Record<string, unknown>;
    const merged = changedOver(now, seen, { ...seen, isRequired: true, fieldSettings: rest as never });
    expect(merged.isRequired).toBe(true);
    expect(merged.fieldSettings).not.toHaveProperty("otherVariantLabel");
    expect(merged.question).toBe("Favourite colour");
  });

  it("is the change itself when drawn from the element as it is", () => {
    const next = { ...now, question: "Colour?" };
    expect(changedOver(now, now, next)).toBe(next);
  });
});
