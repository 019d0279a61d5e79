import { type TThemeCreateBody, type TThemePatchBody, ZThemeStyling } from "@formloom/core/api/themes";
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../db/errors.ts";
import { formThemes } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { invalidField, notFound } from "../../http/errors.ts";

type ThemeRow = typeof formThemes.$inferSelect;

/** Whose themes a call works on: the caller's own, or the account's common ones. */
export type ThemeScope = { kind: "own"; userId: number } | { kind: "common" };

const present = (row: ThemeRow) => ({
  id: row.id,
  uid: row.uid,
  name: row.name,
  description: row.description,
  order: row.order,
  // Read through the schema, so a stored theme always comes back in the current shape.
  styling: ZThemeStyling.parse(row.styling),
  kind: row.ownerId === null ? ("common" as const) : ("own" as const),
  creationDate: row.createdAt.toISOString(),
});

function inScope(ctx: TenantContext, scope: ThemeScope): SQL {
  return and(
    eq(formThemes.accountId, ctx.accountId),
    scope.kind === "own" ? eq(formThemes.ownerId, scope.userId) : isNull(formThemes.ownerId),
  ) as SQL;
}

/** A second theme of the same name in the same list is refused with `name.is_used` (forms.md §5). */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField("name.is_used", "name");
    throw error;
  }
}

export async function listThemes(ctx: TenantContext, scope: ThemeScope) {
  const rows = await ctx.db
    .select()
    .from(formThemes)
    .where(inScope(ctx, scope))
    .orderBy(asc(formThemes.order), asc(sql`lower(${formThemes.name})`), asc(formThemes.id));
  return rows.map(present);
}

export async function createTheme(ctx: TenantContext, scope: ThemeScope, body: TThemeCreateBody) {
  const [row] = await withUniqueName(() =>
    ctx.db
      .insert(formThemes)
      .values({
        accountId: ctx.accountId,
        ownerId: scope.kind === "own" ? scope.userId : null,
        name: body.name,
        description: body.description ?? "",
        order: body.order ?? 0,
        styling: ZThemeStyling.parse(body.styling),
      })
      .returning(),
  );
  return present(row!);
}

export async function updateTheme(
  ctx: TenantContext,
  scope: ThemeScope,
  themeId: number,
  body: TThemePatchBody,
) {
  const changes = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.order !== undefined ? { order: body.order } : {}),
    ...(body.styling !== undefined ? { styling: ZThemeStyling.parse(body.styling) } : {}),
  };
  const where = and(inScope(ctx, scope), eq(formThemes.id, themeId));
  if (Object.keys(changes).length === 0) {
    const [row] = await ctx.db.select().from(formThemes).where(where);
    if (!row) throw notFound("theme.not_found");
    return present(row);
  }
  const [row] = await withUniqueName(() => ctx.db.update(formThemes).set(changes).where(where).returning());
  if (!row) throw notFound("theme.not_found");
  return present(row);
}

export async function deleteTheme(ctx: TenantContext, scope: ThemeScope, themeId: number) {
  const deleted = await ctx.db
    .delete(formThemes)
    .where(and(inScope(ctx, scope), eq(formThemes.id, themeId)))
    .returning({ id: formThemes.id });
  if (deleted.length === 0) throw notFound("theme.not_found");
}
