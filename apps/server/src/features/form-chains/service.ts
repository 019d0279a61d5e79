import type { TFormChain, TFormChainBody, TFormChainRun } from "@formloom/core/api/form-chains";
import { CHAIN_NAME_IS_USED } from "@formloom/core/errors";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { isUniqueViolation } from "../../db/errors.ts";
import { formAnswers, formChainAnswers, formChainItems, formChains, forms } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { conflict, invalidField, notFound } from "../../http/errors.ts";
import { answerAccessByForm } from "../../http/policy.ts";

type ChainRow = typeof formChains.$inferSelect;

/** The chains' items with their forms' titles and links as they are now, chain by chain. */
async function itemsOf(ctx: TenantContext, chainIds: number[]) {
  if (chainIds.length === 0) return new Map<number, TFormChain["items"]>();
  const rows = await ctx.db
    .select({
      chainId: formChainItems.chainId,
      formId: formChainItems.formId,
      name: formChainItems.name,
      formTitle: forms.title,
      formAlias: forms.alias,
      isPublished: forms.isPublished,
    })
    .from(formChainItems)
    .innerJoin(forms, and(eq(forms.accountId, formChainItems.accountId), eq(forms.id, formChainItems.formId)))
    .where(and(eq(formChainItems.accountId, ctx.accountId), inArray(formChainItems.chainId, chainIds)))
    .orderBy(asc(formChainItems.chainId), asc(formChainItems.position));
  const byChain = new Map<number, TFormChain["items"]>();
  for (const { chainId, ...item } of rows) byChain.set(chainId, [...(byChain.get(chainId) ?? []), item]);
  return byChain;
}

function present(row: ChainRow, items: TFormChain["items"] | undefined): TFormChain {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    items: items ?? [],
    creationDate: row.createdAt.toISOString(),
  };
}

async function loadChain(ctx: TenantContext, chainId: number): Promise<ChainRow> {
  const [row] = await ctx.db
    .select()
    .from(formChains)
    .where(and(eq(formChains.accountId, ctx.accountId), eq(formChains.id, chainId)));
  if (!row) throw notFound("formChain.not_found");
  return row;
}

export async function listChains(ctx: TenantContext): Promise<TFormChain[]> {
  const rows = await ctx.db
    .select()
    .from(formChains)
    .where(eq(formChains.accountId, ctx.accountId))
    .orderBy(asc(formChains.id));
  const items = await itemsOf(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(row, items.get(row.id)));
}

export async function getChain(ctx: TenantContext, chainId: number): Promise<TFormChain> {
  const row = await loadChain(ctx, chainId);
  return present(row, (await itemsOf(ctx, [row.id])).get(row.id));
}

/**
 * Every item's form must be one of the caller's account's forms. Another account's form is
 * refused as one that does not exist, so its id tells nothing.
 */
async function assertOwnForms(ctx: TenantContext, items: TFormChainBody["items"]): Promise<void> {
  const ids = [...new Set(items.map((item) => item.formId))];
  if (ids.length === 0) return;
  const found = await ctx.db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.accountId, ctx.accountId), inArray(forms.id, ids)));
  const own = new Set(found.map((row) => row.id));
  const missing = items.findIndex((item) => !own.has(item.formId));
  if (missing !== -1) throw invalidField("form.not_found", `items.${missing}.formId`);
}

/** Writes the chain and its items in one transaction; a name used in the account is name.is_used. */
async function save(ctx: TenantContext, chainId: number | null, body: TFormChainBody): Promise<number> {
  await assertOwnForms(ctx, body.items);
  try {
    return await ctx.db.transaction(async (tx) => {
      const values = { name: body.name, description: body.description };
      const [row] =
        chainId === null
          ? await tx
              .insert(formChains)
              .values({ accountId: ctx.accountId, ...values })
              .returning({ id: formChains.id })
          : await tx
              .update(formChains)
              .set(values)
              .where(and(eq(formChains.accountId, ctx.accountId), eq(formChains.id, chainId)))
              .returning({ id: formChains.id });
      if (!row) throw notFound("formChain.not_found");
      await tx
        .delete(formChainItems)
        .where(and(eq(formChainItems.accountId, ctx.accountId), eq(formChainItems.chainId, row.id)));
      if (body.items.length > 0)
        await tx.insert(formChainItems).values(
          body.items.map((item, position) => ({
            accountId: ctx.accountId,
            chainId: row.id,
            position,
            formId: item.formId,
            name: item.name,
          })),
        );
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("name.is_used", "name", CHAIN_NAME_IS_USED);
    throw error;
  }
}

export async function createChain(ctx: TenantContext, body: TFormChainBody): Promise<TFormChain> {
  return getChain(ctx, await save(ctx, null, body));
}

export async function updateChain(ctx: TenantContext, chainId: number, body: TFormChainBody) {
  await loadChain(ctx, chainId);
  return getChain(ctx, await save(ctx, chainId, body));
}

export async function deleteChain(ctx: TenantContext, chainId: number): Promise<void> {
  const deleted = await ctx.db
    .delete(formChains)
    .where(and(eq(formChains.accountId, ctx.accountId), eq(formChains.id, chainId)))
    .returning({ id: formChains.id });
  if (deleted.length === 0) throw notFound("formChain.not_found");
}

/** Whether a form is an item of any chain of its account (it may then not be deleted). */
export async function isInChain(ctx: TenantContext, formId: number): Promise<boolean> {
  const [item] = await ctx.db
    .select({ chainId: formChainItems.chainId })
    .from(formChainItems)
    .where(and(eq(formChainItems.accountId, ctx.accountId), eq(formChainItems.formId, formId)))
    .limit(1);
  return Boolean(item);
}

/** How many runs the view lists, newest first. */
const RUNS_SHOWN = 200;

/**
 * The chain's runs, newest first, each with its submissions in chain order: only those of forms
 * whose answers the reader may see, and only runs with one of them.
 */
export async function chainRuns(ctx: TenantContext, chainId: number) {
  const chain = await getChain(ctx, chainId);
  const rows = await ctx.db
    .select({
      run: formChainAnswers.run,
      position: formChainAnswers.position,
      formId: formChainAnswers.formId,
      formTitle: forms.title,
      creatorId: forms.creatorId,
      answerId: formChainAnswers.answerId,
      number: formAnswers.number,
      submitTime: formAnswers.submitTime,
    })
    .from(formChainAnswers)
    .innerJoin(
      formAnswers,
      and(
        eq(formAnswers.accountId, formChainAnswers.accountId),
        eq(formAnswers.id, formChainAnswers.answerId),
      ),
    )
    .innerJoin(
      forms,
      and(eq(forms.accountId, formChainAnswers.accountId), eq(forms.id, formChainAnswers.formId)),
    )
    .where(and(eq(formChainAnswers.accountId, ctx.accountId), eq(formChainAnswers.chainId, chainId)))
    .orderBy(desc(formChainAnswers.createdAt), asc(formChainAnswers.position))
    .limit(RUNS_SHOWN * Math.max(1, chain.items.length));
  const access = await answerAccessByForm(ctx, [
    ...new Map(rows.map((row) => [row.formId, { id: row.formId, creatorId: row.creatorId }])).values(),
  ]);
  const runs = new Map<string, TFormChainRun>();
  for (const row of rows) {
    if ((access.get(row.formId)?.level ?? "none") === "none") continue;
    const run = runs.get(row.run) ?? { run: row.run, startedAt: "", submissions: [] };
    runs.set(row.run, run);
    const submitTime = row.submitTime.toISOString();
    run.submissions.push({
      position: row.position,
      formId: row.formId,
      itemName:
        chain.items[row.position]?.formId === row.formId ? chain.items[row.position]!.name : row.formTitle,
      formTitle: row.formTitle,
      answerId: row.answerId,
      number: row.number,
      submitTime,
    });
    if (!run.startedAt || submitTime < run.startedAt) run.startedAt = submitTime;
  }
  for (const run of runs.values()) run.submissions.sort((a, b) => a.position - b.position);
  return { chain, runs: [...runs.values()].slice(0, RUNS_SHOWN) };
}
