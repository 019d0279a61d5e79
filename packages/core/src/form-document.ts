import { type TElement, ZElements } from "./element-schema.ts";
import { type TFormSettings, ZFormSettings } from "./form-schema.ts";

/**
 * The version of the form model. A form document written at this version was parsed, with
 * every default filled in, when it was saved, so reading it back needs no second parse.
 * Raise it whenever a schema change means stored documents must be read through the schemas.
 */
export const MODEL_VERSION = 1;

export interface FormDocument {
  version: number;
  settings: unknown;
  fields: unknown;
}

/** A form ready to store: parsed, defaults filled, marked with the model version. */
export function normalizeForm(
  settings: unknown,
  fields: unknown,
): { version: number; settings: TFormSettings; fields: TElement[] } {
  return { version: MODEL_VERSION, settings: ZFormSettings.parse(settings), fields: ZElements.parse(fields) };
}

/** Reads a stored form: as it is when written at this model version, through the schemas when older. */
export function hydrateForm(document: FormDocument): { settings: TFormSettings; fields: TElement[] } {
  if (document.version === MODEL_VERSION) {
    return { settings: document.settings as TFormSettings, fields: document.fields as TElement[] };
  }
  return { settings: ZFormSettings.parse(document.settings), fields: ZElements.parse(document.fields) };
}
