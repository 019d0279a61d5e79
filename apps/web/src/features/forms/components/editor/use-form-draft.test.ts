import { ZElement } from "@formloom/core/element-schema";
import { describe, expect, it } from "vitest";
import { type Draft, type DraftSettings, draftChanges, sameDraft, withChanges } from "./use-form-draft.ts";

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

describe("the changes kept in the browser", () => {
  it("hold only the settings changed, and the fields only when they changed", () => {
    const retitled = { ...saved, settings: { ...settings, title: "Tour" } };
    expect(draftChanges(saved, retitled)).toEqual({ settings: { title: "Tour" } });
    const shorter = { ...saved, fields: saved.fields.slice(1) };
    expect(draftChanges(saved, shorter)).toEqual({ settings: {}, fields: shorter.fields });
    expect(draftChanges(saved, saved)).toEqual({ settings: {} });
  });

  it("put back over a copy saved since, leave what they did not touch as that copy has it", () => {
    const changes = draftChanges(saved, { ...saved, settings: { ...settings, title: "Tour" } });
    const savedSince = { ...saved, settings: { ...settings, tags: ["b"] } };
    const restored = withChanges(savedSince, changes);
    expect(restored.settings.title).toBe("Tour");
    expect(restored.settings.tags).toEqual(["b"]);
    expect(restored.fields).toBe(savedSince.fields);
  });
});
