import type { TFormWithFields } from "@formloom/core/api/forms";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** What the server adds to a form and an import must not carry back: identity, dates, people. */
const NOT_EXPORTED = [
  "id",
  "creationDate",
  "lastChangeDate",
  "lastAnsweredDate",
  "creator",
  "account",
  "publicLink",
] as const;

/** The form as an importable JSON document: `{ form: settings, fields }`. */
export function exportDocument(saved: TFormWithFields): string {
  const form: Record<string, unknown> = { ...saved.form };
  for (const key of NOT_EXPORTED) delete form[key];
  return `${JSON.stringify({ form, fields: saved.fields }, null, 2)}\n`;
}

/** A file name made of the title's letters and digits, so every system can keep it. */
export function exportFileName(title: string, id: number): string {
  const slug = title
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "form"}-${id}.json`;
}

/** Downloads the form as JSON (forms.md §2, form level: export). */
export async function downloadFormJson(formId: number): Promise<void> {
  const saved: TFormWithFields = await unwrap(
    client.GET("/api/forms/{id}", { params: { path: { id: formId } } }),
  );
  const url = URL.createObjectURL(new Blob([exportDocument(saved)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = exportFileName(saved.form.title, saved.form.id);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
