import type { TPublicForm } from "@formloom/core/api/forms";
import type { TFormSettings } from "@formloom/core/form-schema";
import { publicElement, publicSettings } from "@formloom/core/public-form";
import type { Db } from "../../db/connect.ts";
import type { forms } from "../../db/schema.ts";
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
 * The published form at `/f/:alias`: of the account with this subdomain, or without one, of the
 * only account that publishes the alias (public-link.ts).
 */
export async function publicFormByPath(
  db: Db,
  alias: string,
  subdomain: string | undefined,
  visitor: UserRow | undefined,
): Promise<TPublicForm> {
  const found = await formByLink(db, alias, subdomain);
  const { settings, fields } = readForm(found.form);
  assertFillable(found.form, settings, visitor);
  // Rules may show a field that starts hidden, so the browser gets every field, each without
  // what marks a quiz: the server scores with the whole form.
  return {
    form: { ...publicSettings(settings), id: found.form.id, accountSubdomain: found.subdomain },
    fields: fields.map(publicElement),
    asksEmail: await asksRespondentEmail(db, { accountId: found.form.accountId, formId: found.form.id }),
  };
}
