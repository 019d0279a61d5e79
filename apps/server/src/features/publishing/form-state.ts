import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connect.ts";
import { forms } from "../../db/schema.ts";

/** What a publishing change did: changed, found the form already so, or found no such form. */
export type PublishingChange = "changed" | "unchanged" | "missing";

/**
 * Publishes or unpublishes one form of an account, as a rule's action does (forms.md §4). The
 * column the public page and the submission statement read and the stored settings the builder
 * reads change together. A form already in that state is left untouched: a new change date would
 * make submissions checked against the form meanwhile check again for nothing. A change of state
 * does move it on, so a submission checked against the published form is refused once the form
 * is closed (answers/answer-writer.ts).
 */
export async function setFormPublished(
  db: Db | Tx,
  form: { accountId: number; formId: number },
  published: boolean,
): Promise<PublishingChange> {
  if (!Number.isInteger(form.accountId) || form.accountId <= 0) return "missing";
  const changed = await db
    .update(forms)
    .set({
      isPublished: published,
      settings: sql`jsonb_set(${forms.settings}, '{isPublished}', to_jsonb(${published}::bool))`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(forms.accountId, form.accountId),
        eq(forms.id, form.formId),
        sql`${forms.isPublished} is distinct from ${published}::bool`,
      ),
    )
    .returning({ id: forms.id });
  if (changed.length > 0) return "changed";
  const [found] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.accountId, form.accountId), eq(forms.id, form.formId)));
  return found ? "unchanged" : "missing";
}
