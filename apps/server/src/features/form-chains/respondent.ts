import { randomUUID } from "node:crypto";
import type { TChainPlace } from "@formloom/core/api/form-chains";
import { and, asc, eq, sql } from "drizzle-orm";
import type { SecretBox } from "../../auth/secret-box.ts";
import type { Db } from "../../db/connect.ts";
import { accounts, formChainAnswers, formChainItems, forms } from "../../db/schema.ts";
import { readSettings } from "../forms/presenter.ts";
import { closedReason } from "../forms/public.ts";

/**
 * A respondent going through a form chain carries `?chain=<token>` from one form to the next:
 * the chain, the run that ties their submissions together and the place of the form the link
 * opens, sealed with SECRET_KEY so nobody can join another's run or forge a place.
 */
export const CHAIN_PARAM = "chain";

interface ChainStep {
  accountId: number;
  chainId: number;
  run: string;
  position: number;
}

const sealStep = (secrets: SecretBox, step: ChainStep) =>
  secrets.seal(JSON.stringify([step.accountId, step.chainId, step.run, step.position]));

function openStep(secrets: SecretBox, token: string | undefined): ChainStep | null {
  if (!token || token.length > 400) return null;
  try {
    const [accountId, chainId, run, position] = JSON.parse(secrets.open(token)) as unknown[];
    if (typeof accountId !== "number" || typeof chainId !== "number") return null;
    if (typeof run !== "string" || typeof position !== "number") return null;
    return { accountId, chainId, run, position };
  } catch {
    return null;
  }
}

/**
 * The step a form is at: the token's, when it names this very form; else, for a form opened
 * without one, its first place in the account's first chain holding it (a new run).
 */
async function stepOf(db: Db, secrets: SecretBox, formId: number, token: string | undefined) {
  const step = openStep(secrets, token);
  if (step) {
    const [item] = await db
      .select({ formId: formChainItems.formId })
      .from(formChainItems)
      .where(
        and(
          eq(formChainItems.accountId, step.accountId),
          eq(formChainItems.chainId, step.chainId),
          eq(formChainItems.position, step.position),
        ),
      );
    if (item?.formId === formId) return step;
  }
  const [first] = await db
    .select({
      accountId: formChainItems.accountId,
      chainId: formChainItems.chainId,
      position: formChainItems.position,
    })
    .from(formChainItems)
    .where(eq(formChainItems.formId, formId))
    .orderBy(asc(formChainItems.chainId), asc(formChainItems.position))
    .limit(1);
  return first ? { ...first, run: "" } : null;
}

const chainLength = async (db: Db, accountId: number, chainId: number) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formChainItems)
    .where(and(eq(formChainItems.accountId, accountId), eq(formChainItems.chainId, chainId)));
  return Number(row?.n ?? 0);
};

/** Where a public form stands in the chain it is filled through ("Form 2 of 3"); null outside chains. */
export async function chainPlace(
  db: Db,
  secrets: SecretBox,
  formId: number,
  token: string | undefined,
): Promise<TChainPlace | null> {
  const step = await stepOf(db, secrets, formId, token);
  if (!step) return null;
  return { current: step.position + 1, total: await chainLength(db, step.accountId, step.chainId) };
}

/** The chain token a submission's path args carry, taken out so it is not kept as a path arg. */
export function takeChainToken(misc: { pathArgs?: unknown } | undefined): string | undefined {
  const args = misc?.pathArgs;
  if (!args || typeof args !== "object") return undefined;
  const token = (args as Record<string, unknown>)[CHAIN_PARAM];
  delete (args as Record<string, unknown>)[CHAIN_PARAM];
  return typeof token === "string" ? token : undefined;
}

/**
 * Ties a stored submission to its chain run and names the next form's link, with the token
 * for its place; null when the form is the chain's last or in no chain. A retried submission
 * keeps the run it was tied to first.
 */
export async function continueChain(
  db: Db,
  secrets: SecretBox,
  formId: number,
  answerId: number,
  token: string | undefined,
): Promise<string | null> {
  const found = await stepOf(db, secrets, formId, token);
  if (!found) return null;
  const step = { ...found, run: found.run || randomUUID() };
  await db
    .insert(formChainAnswers)
    .values({ ...step, answerId, formId })
    .onConflictDoNothing();
  const [tied] = await db
    .select({
      chainId: formChainAnswers.chainId,
      run: formChainAnswers.run,
      position: formChainAnswers.position,
    })
    .from(formChainAnswers)
    .where(and(eq(formChainAnswers.accountId, step.accountId), eq(formChainAnswers.answerId, answerId)));
  const at = tied ? { accountId: step.accountId, ...tied } : step;
  const [next] = await db
    .select({ form: forms, subdomain: accounts.subdomain })
    .from(formChainItems)
    .innerJoin(forms, and(eq(forms.accountId, formChainItems.accountId), eq(forms.id, formChainItems.formId)))
    .innerJoin(accounts, eq(accounts.id, formChainItems.accountId))
    .where(
      and(
        eq(formChainItems.accountId, at.accountId),
        eq(formChainItems.chainId, at.chainId),
        eq(formChainItems.position, at.position + 1),
      ),
    );
  if (!next) return null;
  // A next form that takes no submissions now (unpublished, past its date or limit) would only say
  // so: the run ends here, on this form's own thank-you page.
  if (!next.form.isPublished || (await closedReason(db, next.form, readSettings(next.form)))) return null;
  const query = new URLSearchParams({
    a: next.subdomain,
    [CHAIN_PARAM]: sealStep(secrets, { ...at, position: at.position + 1 }),
  });
  return `/f/${encodeURIComponent(next.form.alias)}?${query}`;
}
