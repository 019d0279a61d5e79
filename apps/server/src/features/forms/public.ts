import type { TPublicForm } from "@formloom/core/api/forms";
import { formClosed, type TFormClosed } from "@formloom/core/closing";
import { scopeCustomCss } from "@formloom/core/custom-css";
import { isUploadField } from "@formloom/core/field-types/file-like";
import type { TFormSettings } from "@formloom/core/form-schema";
import { publicFields, publicSettings } from "@formloom/core/public-form";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { formAnswerCounts, type forms } from "../../db/schema.ts";
import type { UserRow } from "../../http/context.ts";
import { forbidden } from "../../http/errors.ts";
import { asksRespondentEmail } from "../notifications/respondent-email.ts";
import { readForm } from "./presenter.ts";
import { formByLink } from "./public-link.ts";

type FormRow = typeof forms.$inferSelect;

/**
 * Whether this visitor may fill the form: it must be published, and a form limited to
 * registered users admits only signed-in users of its own account.
 */
export function assertFillable(row: FormRow, settings: TFormSettings, visitor: UserRow | undefined): void {
  if (!row.isPublished) throw forbidden("form.closed");
  if (settings.hasAnonymousFilling === "registered" && visitor?.accountId !== row.accountId) {
    throw forbidden("form.access_denied");
  }
}

/**
 * Whether a filling may begin, or send a file, towards a submission: the form is fillable for
 * this visitor and not closed by its date or its limit. What a filling sends after its
 * submission (its behaviour's last batch, a recording's last chunk) asks only assertFillable,
 * so the last submission a limit takes keeps them.
 */
export async function assertOpen(
  db: Db,
  row: FormRow,
  settings: TFormSettings,
  visitor: UserRow | undefined,
): Promise<void> {
  assertFillable(row, settings, visitor);
  if (await closedReason(db, row, settings)) throw forbidden("form.closed");
}

/**
 * Why the form no longer takes submissions by its closing date or response limit (null while it
 * does): the count is the one the submission statement keeps (form_answer_counts), read only when
 * the form has a limit.
 */
export async function closedReason(
  db: Db,
  row: FormRow,
  settings: TFormSettings,
): Promise<TFormClosed | null> {
  if (!settings.closeAt && typeof settings.maxResponses !== "number") return null;
  const [counted] =
    typeof settings.maxResponses === "number"
      ? await db
          .select({ total: formAnswerCounts.total })
          .from(formAnswerCounts)
          .where(and(eq(formAnswerCounts.accountId, row.accountId), eq(formAnswerCounts.formId, row.id)))
      : [];
  return formClosed(settings, counted?.total ?? 0);
}

/**
 * The published form at `/f/:alias`: of the account with this subdomain, or without one, of the
 * only account that publishes the alias (public-link.ts). A form closed by its date or its limit
 * is refused as an unpublished one is (forms.md §8 "form closed for submission").
 */
export async function publicFormByPath(
  db: Db,
  alias: string,
  subdomain: string | undefined,
  visitor: UserRow | undefined,
  options: { thankYou?: boolean; uploadMaxBytes?: number } = {},
): Promise<TPublicForm> {
  const found = await formByLink(db, alias, subdomain);
  const { settings, fields } = readForm(found.form);
  assertFillable(found.form, settings, visitor);
  // Closed by its date or its limit, the form is not shown: respondents are told before they start.
  // The thank-you page still is, to the respondent whose submission was the last one.
  if (!options.thankYou && (await closedReason(db, found.form, settings))) throw forbidden("form.closed");
  // Rules may show a field that starts hidden, so the browser gets every field, each without
  // what marks a quiz: the server scores with the whole form.
  return {
    form: {
      ...publicSettings(settings),
      customCss: servedCustomCss(settings.customCss),
      id: found.form.id,
      accountSubdomain: found.subdomain,
    },
    fields: publicFields(fields),
    asksEmail: await asksRespondentEmail(db, { accountId: found.form.accountId, formId: found.form.id }),
    // A file question keeps to the server's size: the page refuses a larger file before sending
    // it and says the size; a recording stops there.
    ...(options.uploadMaxBytes !== undefined && fields.some(isUploadField)
      ? { uploadMaxMb: options.uploadMaxBytes / (1024 * 1024) }
      : {}),
  };
}

/**
 * The author's style sheet as the page draws it: put under the form's root. Checked again here,
 * not only when saved, so a form stored before a check existed (or imported) serves nothing unsafe.
 */
function servedCustomCss(text: string | undefined): string {
  const scoped = scopeCustomCss(text ?? "");
  return scoped.ok ? scoped.css : "";
}
