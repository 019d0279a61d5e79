import type { TPublicForm } from "@formloom/core/api/forms";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { accounts, forms } from "../../db/schema.ts";
import type { UserRow } from "../../http/context.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { readFields, readSettings } from "./presenter.ts";

type FormRow = typeof forms.$inferSelect;

/**
 * Whether this visitor may fill the form: it must be published, and a form limited to
 * registered users admits only signed-in users of its own account.
 */
export function assertFillable(row: FormRow, visitor: UserRow | undefined): void {
  if (!row.isPublished) throw forbidden("form.closed");
  const settings = readSettings(row);
  if (settings.hasAnonymousFilling === "registered" && visitor?.accountId !== row.accountId) {
    throw forbidden("form.access_denied");
  }
}

/** The published form at `/f/:alias` of the account with this subdomain. */
export async function publicFormByPath(
  db: Db,
  alias: string,
  subdomain: string,
  visitor: UserRow | undefined,
): Promise<TPublicForm> {
  const [found] = await db
    .select({ form: forms, subdomain: accounts.subdomain })
    .from(forms)
    .innerJoin(accounts, eq(accounts.id, forms.accountId))
    .where(and(eq(accounts.subdomain, subdomain.toLowerCase()), eq(forms.alias, alias.toLowerCase())));
  if (!found) throw notFound("form.not_found");
  assertFillable(found.form, visitor);
  return {
    form: { ...readSettings(found.form), id: found.form.id, accountSubdomain: found.subdomain },
    // Rules may show a field that starts hidden, so the browser gets every field.
    fields: readFields(found.form),
  };
}
