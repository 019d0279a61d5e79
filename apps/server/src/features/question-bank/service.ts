import {
  QUESTION_BANK_LIMIT,
  type TSavedElementBody,
  ZSavedElementBody,
} from "@formloom/core/api/question-bank";
import { ZElement } from "@formloom/core/element-schema";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { savedElements } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { badRequest, notFound } from "../../http/errors.ts";

type Row = typeof savedElements.$inferSelect;

const present = (row: Row) => ({
  id: row.id,
  category: row.category,
  // Read through the schema, so a saved element always comes back in the current shape.
  element: ZElement.parse(row.element),
  creationDate: row.createdAt.toISOString(),
});

/** The account's saved elements by category, categories in alphabetical order (case aside). */
export async function listCategories(ctx: TenantContext) {
  const rows = await ctx.db
    .select()
    .from(savedElements)
    .where(eq(savedElements.accountId, ctx.accountId))
    .orderBy(asc(sql`lower(${savedElements.category})`), asc(savedElements.id));
  const byName = new Map<string, { name: string; elements: ReturnType<typeof present>[] }>();
  for (const row of rows) {
    // Categories differing only in case are one category, named as first saved.
    const key = row.category.toLowerCase();
    const category = byName.get(key) ?? { name: row.category, elements: [] };
    category.elements.push(present(row));
    byName.set(key, category);
  }
  return { categories: [...byName.values()] };
}

/**
 * Saves a copy of an element. It leaves its form's group and conditions behind: what is kept is
 * the question itself. The count is checked under a lock, so parallel saves cannot pass the limit.
 */
export async function saveElement(ctx: TenantContext, body: TSavedElementBody) {
  const { category, element } = ZSavedElementBody.parse(body);
  const { fieldGroup: _group, fieldGroupOrder: _order, ...fieldSettings } = element.fieldSettings;
  const saved = { ...element, fieldSettings, fieldOrder: 0, isNew: false, isHidden: false };
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved-elements'), ${ctx.accountId}::int4)`);
    const [used] = await tx
      .select({ n: count() })
      .from(savedElements)
      .where(eq(savedElements.accountId, ctx.accountId));
    if ((used?.n ?? 0) >= QUESTION_BANK_LIMIT) throw badRequest("question_bank.limit");
    // An existing category's spelling wins, so "Demographics" and "demographics" stay one.
    const [existing] = await tx
      .select({ category: savedElements.category })
      .from(savedElements)
      .where(
        and(
          eq(savedElements.accountId, ctx.accountId),
          eq(sql`lower(${savedElements.category})`, category.toLowerCase()),
        ),
      )
      .orderBy(asc(savedElements.id))
      .limit(1);
    const [row] = await tx
      .insert(savedElements)
      .values({
        accountId: ctx.accountId,
        category: existing?.category ?? category,
        element: saved,
        createdBy: ctx.user.id,
      })
      .returning();
    return present(row!);
  });
}

export async function deleteSavedElement(ctx: TenantContext, id: number) {
  const removed = await ctx.db
    .delete(savedElements)
    .where(and(eq(savedElements.accountId, ctx.accountId), eq(savedElements.id, id)))
    .returning({ id: savedElements.id });
  if (removed.length === 0) throw notFound("question_bank.not_found");
}
