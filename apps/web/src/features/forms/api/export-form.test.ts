import { ZFormView } from "@formloom/core/api/forms";
import { ZElements } from "@formloom/core/element-schema";
import { importForm } from "@formloom/core/form-import";
import { describe, expect, it } from "vitest";
import { exportDocument, exportFileName } from "./export-form.ts";

const saved = {
  form: ZFormView.parse({
    id: 7,
    title: "Event sign-up",
    formPathAlias: "event-sign-up",
    formStyling: { background: "#fff4e6" },
    creationDate: "2026-01-02T03:04:05.000Z",
    lastChangeDate: "2026-01-02T03:04:05.000Z",
    lastAnsweredDate: null,
    creator: { id: 1, username: "ada", email: "ada@example.com" },
    account: { id: 3, name: "Ada's team", subdomain: "ada" },
  }),
  fields: ZElements.parse([{ id: "name", fieldType: "text", question: "Your name" }]),
  removedFields: [],
  rights: { edit: true, delete: true, clone: true },
};

describe("a form exported as JSON", () => {
  it("is read back by core's importForm with its settings and fields, and carries no people or ids", () => {
    const text = exportDocument(saved);
    expect(text).not.toContain("ada@example.com");
    expect(JSON.parse(text).form).not.toHaveProperty("id");
    const imported = importForm(exportFileName(saved.form.title, saved.form.id), text.length, text);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.form.settings).toMatchObject({
      title: "Event sign-up",
      formStyling: { background: "#fff4e6" },
    });
    expect(imported.form.settings.formPathAlias).toBe("");
    expect(imported.form.fields).toEqual(saved.fields);
  });

  it("is named after the form's title, in letters and digits only", () => {
    expect(exportFileName("Event sign-up", 7)).toBe("Event-sign-up-7.json");
    expect(exportFileName("Опрос: №1 / 2026", 8)).toBe("Опрос-1-2026-8.json");
    expect(exportFileName("Май", 10)).toBe("Май-10.json");
    expect(exportFileName("???", 9)).toBe("form-9.json");
  });
});
