import type { TElement } from "@formloom/core/element-schema";
import type { TFormSettings } from "@formloom/core/form-schema";
import { parseInterval } from "@formloom/core/interval";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { forms } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import { readForm } from "../forms/presenter.ts";
import { captchaField } from "./captcha.ts";

/** A form as a submission needs it: read and hydrated once per version, not once per request. */
export interface FillableForm {
  row: typeof forms.$inferSelect;
  settings: TFormSettings;
  fields: TElement[];
  /**
   * `updated_at` exactly as the database writes it. The statement that stores a submission
   * checks it, so an answer checked against a copy the form has since outgrown is never stored.
   */
  version: string;
  /** The field a captcha's refusal is reported under; null when the form has no captcha. */
  captchaAt: string | null;
  /** The time one respondent must wait between submissions; null when the form sets none. */
  intervalSeconds: number | null;
}

const MAX_FORMS = 1000;

/** A form from the cache, and whether it was read from the database for this very call. */
export interface CachedForm {
  form: FillableForm;
  fresh: boolean;
}

/**
 * Forms by id, kept per process. Nothing here has to agree across processes: an acceptance is
 * checked against the database's current version in the same statement that stores the answer,
 * and a refusal decided on a copy not read just now is decided again on a fresh read (submit.ts).
 */
export function createFormCache(db: Db) {
  const cached = new Map<number, FillableForm>();

  async function load(formId: number): Promise<FillableForm> {
    const [found] = await db
      .select({ row: forms, version: sql<string>`${forms.updatedAt}::text` })
      .from(forms)
      .where(eq(forms.id, formId));
    cached.delete(formId);
    if (!found) throw notFound("form.not_found");
    const { settings, fields } = readForm(found.row);
    const interval = parseInterval(settings.nextSubmissionTime);
    const form: FillableForm = {
      settings,
      fields,
      row: found.row,
      version: found.version,
      captchaAt: captchaField(settings, fields),
      intervalSeconds: interval.ok ? interval.seconds : null,
    };
    if (cached.size >= MAX_FORMS) cached.delete(cached.keys().next().value!);
    cached.set(formId, form);
    return form;
  }

  return {
    /** The cached copy, or a fresh read when there is none or `fresh` asks for one. */
    async get(formId: number, fresh = false): Promise<CachedForm> {
      const form = fresh ? undefined : cached.get(formId);
      return form ? { form, fresh: false } : { form: await load(formId), fresh: true };
    },
  };
}

export type FormCache = ReturnType<typeof createFormCache>;
