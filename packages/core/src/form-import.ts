import { z } from "zod";
import { ZElements } from "./element-schema.ts";
import type { MessageCode } from "./errors.ts";
import { ZFormSettings } from "./form-schema.ts";
import { parseJsonText } from "./text.ts";

/** forms.md §5: an import is one .json file under 5 MB, not empty, holding valid data. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** The alternate setting names (forms.md §3) and the model's names they stand for. */
const ALTERNATE_NAMES: Record<string, string> = {
  formTitle: "title",
  formDescription: "description",
  formTextAfterButton: "textAfterButton",
  formThematicTags: "tags",
  formFieldsCategoriesColors: "fieldsCategoriesColors",
  formCaptcha: "hasCaptcha",
  formLanguage: "language",
  formAccess: "hasAnonymousFilling",
  formDisplay: "display",
  formQuestionsDisplayOrder: "questionsOrder",
  hasVideoAudio: "hasVideoAudioQuestions",
  formNewAnswers: "hasAnswerNotifications",
  formCursorOutOfField: "cursorOutActions",
  sendButton: "submitButtonDescription",
  alias: "formPathAlias",
  isCollectBehaviorData: "collectBehaviorData",
};

/** Maps a settings object written with the alternate names onto the model's names. */
function normalizeSettingNames(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === "formQuestionsNumbering" && value && typeof value === "object") {
      const numbering = value as { questionsNumbering?: unknown; template?: unknown };
      if (numbering.questionsNumbering !== undefined) out.questionsNumbering = numbering.questionsNumbering;
      if (numbering.template !== undefined) out.questionsNumberingTemplate = numbering.template;
      continue;
    }
    out[ALTERNATE_NAMES[key] ?? key] = value;
  }
  return out;
}

export const ZImportedForm = z.object({ settings: ZFormSettings, fields: ZElements });
export type TImportedForm = z.infer<typeof ZImportedForm>;

export type ImportResult = { ok: true; form: TImportedForm } | { ok: false; code: MessageCode };

/**
 * Reads an exported form: `{ form | settings, fields }` or a flat settings object with
 * `fields`, in either naming. The copy keeps its title (no "(copy)") and gets an empty alias.
 */
export function importForm(fileName: string, size: number, text: string): ImportResult {
  if (!fileName.toLowerCase().endsWith(".json")) return { ok: false, code: "import.type" };
  if (size > IMPORT_MAX_BYTES) return { ok: false, code: "import.too_large" };
  if (size === 0 || text.trim() === "") return { ok: false, code: "import.empty" };
  let data: unknown;
  try {
    const parsed = parseJsonText(text);
    if (!parsed.storable) return { ok: false, code: "request.invalid_characters" };
    data = parsed.value;
  } catch {
    return { ok: false, code: "import.invalid" };
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return { ok: false, code: "import.invalid" };
  const record = data as Record<string, unknown>;
  const rawSettings = (record.form ?? record.settings ?? record) as Record<string, unknown>;
  if (!rawSettings || typeof rawSettings !== "object") return { ok: false, code: "import.invalid" };
  const { fields: _fields, id: _id, ...settings } = normalizeSettingNames(rawSettings);
  const parsed = ZImportedForm.safeParse({
    settings: { ...settings, formPathAlias: "" },
    fields: record.fields ?? rawSettings.fields ?? [],
  });
  return parsed.success ? { ok: true, form: parsed.data } : { ok: false, code: "import.invalid" };
}
