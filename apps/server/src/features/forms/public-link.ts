import type { TFormView } from "@formloom/core/api/forms";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { accounts, forms } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";

type FormRow = typeof forms.$inferSelect;

/** A form found by its public link, with its account's subdomain. */
export interface LinkedForm {
  form: FormRow;
  subdomain: string;
}

/**
 * The form a public link opens: `/f/<alias>` of the account with `subdomain` (from `?a=` or the
 * host's first label), or, without one, the one published form of that alias in all accounts.
 * When several accounts publish the alias the link names no form: it is refused rather than
 * answered with any one account's form. With none published, the only form of the alias in all
 * accounts is found. The published check itself is the caller's, so a closed form still says it
 * is closed.
 */
export async function formByLink(db: Db, alias: string, subdomain: string | undefined): Promise<LinkedForm> {
  const wanted = alias.toLowerCase();
  if (subdomain) {
    const [found] = await db
      .select({ form: forms, subdomain: accounts.subdomain })
      .from(forms)
      .innerJoin(accounts, eq(accounts.id, forms.accountId))
      .where(and(eq(accounts.subdomain, subdomain.toLowerCase()), eq(forms.alias, wanted)));
    if (!found) throw notFound("form.not_found");
    return found;
  }
  const published = await db
    .select({ form: forms, subdomain: accounts.subdomain })
    .from(forms)
    .innerJoin(accounts, eq(accounts.id, forms.accountId))
    .where(and(eq(forms.alias, wanted), eq(forms.isPublished, true)))
    .limit(2);
  if (published.length > 1) throw notFound("form.alias.ambiguous");
  if (published[0]) return published[0];
  // The owner's short link works before the form is published too: the one form of that alias
  // anywhere is found, so its respondents read that it is closed rather than that it is missing.
  const any = await db
    .select({ form: forms, subdomain: accounts.subdomain })
    .from(forms)
    .innerJoin(accounts, eq(accounts.id, forms.accountId))
    .where(eq(forms.alias, wanted))
    .limit(2);
  if (any.length !== 1) throw notFound("form.not_found");
  return any[0]!;
}

/**
 * The link a form's owner shares: the shortest that keeps working, on the public address.
 * Without `?a=` only while no other account has a form of that alias, published or not, so
 * publishing one there later is the only way the short link can become ambiguous.
 */
export async function publicLinkOf(
  db: Db,
  linkBase: string,
  form: { accountId: number; alias: string },
  subdomain: string,
): Promise<string> {
  const [other] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.alias, form.alias), ne(forms.accountId, form.accountId)))
    .limit(1);
  const path = `${linkBase}/f/${encodeURIComponent(form.alias)}`;
  return other ? `${path}?a=${encodeURIComponent(subdomain)}` : path;
}

/** A form as its owner sees it, with the link to share (TFormView's publicLink). */
export async function withPublicLink<T extends { form: TFormView }>(
  db: Db,
  linkBase: string,
  result: T,
): Promise<T> {
  const { account, formPathAlias } = result.form;
  const publicLink = await publicLinkOf(
    db,
    linkBase,
    { accountId: account.id, alias: formPathAlias },
    account.subdomain,
  );
  return { ...result, form: { ...result.form, publicLink } };
}

/**
 * The account a host names in the subdomain form of a link, <subdomain>.<public host>/f/<alias>.
 * With PUBLIC_URL set, only a label directly in front of its host counts, so the public address
 * itself (forms.example.com) names no account; without it, the first label of a name with three
 * or more labels does, and an IP address never.
 */
export function subdomainOfHost(hostname: string, publicUrl: string | undefined): string | undefined {
  const host = hostname.replace(/:\d+$/, "").toLowerCase();
  if (publicUrl) {
    const base = new URL(publicUrl).hostname.toLowerCase();
    if (!host.endsWith(`.${base}`)) return undefined;
    const label = host.slice(0, -base.length - 1);
    return /^[a-z0-9-]+$/.test(label) ? label : undefined;
  }
  const labels = host.split(".");
  return labels.length > 2 && !/^\d+$/.test(labels.at(-1) ?? "") ? labels[0] : undefined;
}
