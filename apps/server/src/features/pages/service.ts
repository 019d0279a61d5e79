import { type TPage, type TPageBody, ZPageBody } from "@formloom/core/api/pages";
import { RESERVED_PAGE_ALIASES } from "@formloom/core/custom-pages";
import { ALIAS_PATTERN, slugify } from "@formloom/core/slug";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { customPages, helpMenuLinks } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { conflict, invalidField, notFound } from "../../http/errors.ts";
import { sanitizePage } from "./sanitize.ts";

type PageRow = typeof customPages.$inferSelect;

export function presentPage(row: PageRow): TPage {
  return {
    id: row.id,
    title: row.title,
    alias: row.alias,
    body: row.body,
    isPublished: row.isPublished,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** forms.md §5: an alias is slugged (Cyrillic transliterated, spaces to hyphens, punctuation dropped). */
function aliasOf(body: { alias: string; title: string }): string {
  const alias = slugify(body.alias || body.title);
  if (!ALIAS_PATTERN.test(alias)) throw invalidField("page.alias.invalid", "alias");
  if ((RESERVED_PAGE_ALIASES as readonly string[]).includes(alias))
    throw conflict("page.alias.exists", "alias");
  return alias;
}

/** Pages of the account: every page for its admins, published ones for members. */
export async function listPages(ctx: TenantContext): Promise<TPage[]> {
  const rows = await ctx.db
    .select()
    .from(customPages)
    .where(
      and(
        eq(customPages.accountId, ctx.accountId),
        ctx.user.isAccountAdmin ? undefined : eq(customPages.isPublished, true),
      ),
    )
    .orderBy(desc(customPages.updatedAt));
  return rows.map(presentPage);
}

export async function getPage(ctx: TenantContext, where: { id: number } | { alias: string }): Promise<TPage> {
  const [row] = await ctx.db
    .select()
    .from(customPages)
    .where(
      and(
        eq(customPages.accountId, ctx.accountId),
        "id" in where ? eq(customPages.id, where.id) : eq(customPages.alias, where.alias),
        ctx.user.isAccountAdmin ? undefined : eq(customPages.isPublished, true),
      ),
    );
  if (!row) throw notFound("page.not_found");
  return presentPage(row);
}

export async function savePage(
  ctx: TenantContext,
  input: TPageBody,
  imageLimit: number,
  id?: number,
): Promise<TPage> {
  const body = ZPageBody.parse(input);
  const values = {
    title: body.title,
    alias: aliasOf(body),
    body: sanitizePage(body.body, imageLimit),
    isPublished: body.isPublished,
    isPublic: body.isPublic,
  };
  try {
    const [row] =
      id === undefined
        ? await ctx.db
            .insert(customPages)
            .values({ ...values, accountId: ctx.accountId, creatorId: ctx.user.id })
            .returning()
        : await ctx.db
            .update(customPages)
            .set({ ...values, updatedAt: sql`now()` })
            .where(and(eq(customPages.accountId, ctx.accountId), eq(customPages.id, id)))
            .returning();
    if (!row) throw notFound("page.not_found");
    return presentPage(row);
  } catch (error) {
    // The only unique key a page has besides its id is its alias.
    if (isUniqueViolation(error)) throw conflict("page.alias.exists", "alias");
    throw error;
  }
}

export async function deletePage(ctx: TenantContext, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(customPages)
    .where(and(eq(customPages.accountId, ctx.accountId), eq(customPages.id, id)))
    .returning({ id: customPages.id });
  if (deleted.length === 0) throw notFound("page.not_found");
}

/** A published public page, for anyone (/pages/:alias). */
export async function publicPage(db: Db, alias: string) {
  const [row] = await db
    .select()
    .from(customPages)
    .where(
      and(eq(customPages.alias, alias), eq(customPages.isPublished, true), eq(customPages.isPublic, true)),
    );
  if (!row) throw notFound("page.not_found");
  const { title, body, updatedAt } = presentPage(row);
  return { title, alias: row.alias, body, updatedAt };
}

export async function helpMenu(db: Db, accountId: number) {
  const rows = await db
    .select()
    .from(helpMenuLinks)
    .where(eq(helpMenuLinks.accountId, accountId))
    .orderBy(asc(helpMenuLinks.position), asc(helpMenuLinks.id));
  return rows.map(({ id, text, href, typeMachineName }) => ({ id, text, href, typeMachineName }));
}

/** Replaces the account's help-menu links with these, in this order, in one transaction. */
export async function setHelpMenu(
  ctx: TenantContext,
  links: ReadonlyArray<{ text: string; href: string; typeMachineName: "internal_alias" | "external_link" }>,
) {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(helpMenuLinks).where(eq(helpMenuLinks.accountId, ctx.accountId));
    if (links.length > 0) {
      await tx
        .insert(helpMenuLinks)
        .values(links.map((link, position) => ({ ...link, position, accountId: ctx.accountId })));
    }
  });
  return helpMenu(ctx.db, ctx.accountId);
}
