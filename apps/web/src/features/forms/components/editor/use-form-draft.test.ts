import { ZElement } from "@formloom/core/element-schema";
import { describe, expect, it } from "vitest";
import { type Draft, type DraftSettings, sameDraft } from "./use-form-draft.ts";

const el = (input: Record<string, unknown>) => ZElement.parse(input);
const settings = { title: "Trip", tags: ["a"], formStyling: { color: "#000" } } as unknown as DraftSettings;
const saved: Draft = {
  settings,
  fields: [
    el({ id: "a", fieldType: "text", question: "A" }),
    el({ id: "b", fieldType: "text", question: "B" }),
  ],
};

describe("whether the draft holds what was saved", () => {
  it("sees an edit of one field, of a setting, and a field added or moved", () => {
    const edited = {
      ...saved,
      fields: saved.fields.map((f) => (f.id === "b" ? { ...f, question: "Bee" } : f)),
    };
    expect(sameDraft(saved, edited)).toBe(false);
    expect(sameDraft(saved, { ...saved, settings: { ...settings, title: "Tour" } })).toBe(false);
    expect(sameDraft(saved, { ...saved, settings: { ...settings, tags: ["a", "b"] } })).toBe(false);
    expect(sameDraft(saved, { ...saved, fields: [...saved.fields].reverse() })).toBe(false);
    expect(sameDraft(saved, { ...saved, fields: saved.fields.slice(1) })).toBe(false);
  });

  it("takes a change typed and typed back, or equal copies, as no change", () => {
    const back = { ...saved, fields: saved.fields.map((f) => ({ ...f })) };
    expect(sameDraft(saved, back)).toBe(true);
    expect(sameDraft(saved, { ...saved, settings: { ...settings, formStyling: { color: "#000" } } })).toBe(
      true,
    );
    expect(sameDraft(saved, saved)).toBe(true);
  });
});
