import { type TEmbeddingBody, ZEmbeddingBody, ZEmbeddingOptions } from "@formloom/core/api/embeddings";
import { and, desc, eq, sql } from "drizzle-orm";
import { embeddings } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { loadForm } from "../forms/service.ts";

type EmbeddingRow = typeof embeddings.$inferSelect;

const present = (row: EmbeddingRow) => ({
  id: row.id,
  formId: row.formId,
  name: row.name,
  type: row.type,
  // Stored whole at save time; read through the schema so options added later get defaults.
  options: ZEmbeddingOptions.parse(row.options),
  created: row.createdAt.toISOString(),
  updated: row.updatedAt.toISOString(),
});

const ofForm = (ctx: TenantContext, formId: number) =>
  and(eq(embeddings.accountId, ctx.accountId), eq(embeddings.formId, formId));

const one = (ctx: TenantContext, formId: number, embeddingId: number) =>
  and(ofForm(ctx, formId), eq(embeddings.id, embeddingId));

/** The form's embeddings, newest first; another account's form is simply not found. */
export async function listEmbeddings(ctx: TenantContext, formId: number) {
  await loadForm(ctx, formId);
  const rows = await ctx.db.select().from(embeddings).where(ofForm(ctx, formId)).orderBy(desc(embeddings.id));
  return rows.map(present);
}

export async function getEmbedding(ctx: TenantContext, formId: number, embeddingId: number) {
  const [row] = await ctx.db
    .select()
    .from(embeddings)
    .where(one(ctx, formId, embeddingId));
  if (!row) throw notFound("embedding.not_found");
  return present(row);
}

export async function createEmbedding(ctx: TenantContext, formId: number, input: TEmbeddingBody) {
  const body = ZEmbeddingBody.parse(input);
  await loadForm(ctx, formId);
  const [row] = await ctx.db
    .insert(embeddings)
    .values({ accountId: ctx.accountId, formId, name: body.name, type: body.type, options: body.options })
    .returning();
  return present(row!);
}

export async function editEmbedding(
  ctx: TenantContext,
  formId: number,
  embeddingId: number,
  input: TEmbeddingBody,
) {
  const body = ZEmbeddingBody.parse(input);
  const [row] = await ctx.db
    .update(embeddings)
    .set({ name: body.name, type: body.type, options: body.options, updatedAt: sql`now()` })
    .where(one(ctx, formId, embeddingId))
    .returning();
  if (!row) throw notFound("embedding.not_found");
  return present(row);
}

export async function deleteEmbedding(ctx: TenantContext, formId: number, embeddingId: number) {
  const deleted = await ctx.db
    .delete(embeddings)
    .where(one(ctx, formId, embeddingId))
    .returning({ id: embeddings.id });
  if (deleted.length === 0) throw notFound("embedding.not_found");
}
