import { ALIAS_PATTERN, slugify } from "@formloom/core/slug";
import { and, eq, like, ne } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { forms } from "../../db/schema.ts";
import { badRequest, conflict } from "../../http/errors.ts";

/**
 * The alias a form is saved under. An explicit alias must be free in the account; an empty
 * one is made from the title, with a number added until it is free.
 */
export async function resolveAlias(
  db: Db,
  accountId: number,
  requested: string,
  title: string,
  formId?: number,
): Promise<string> {
  const others = formId === undefined ? undefined : ne(forms.id, formId);
  if (requested) {
    if (!ALIAS_PATTERN.test(requested))
      throw badRequest("form.alias.invalid", [
        {
          field: "formPathAlias",
          code: "form.alias.invalid",
          message: "The alias may contain only Latin letters, digits and hyphens",
        },
      ]);
    const [taken] = await db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.accountId, accountId), eq(forms.alias, requested), others));
    if (taken) throw conflict("form.alias.exists", "formPathAlias");
    return requested;
  }
  const base = slugify(title) || "form";
  const rows = await db
    .select({ alias: forms.alias })
    .from(forms)
    .where(and(eq(forms.accountId, accountId), like(forms.alias, `${base}%`), others));
  const used = new Set(rows.map((row) => row.alias));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/**
 * Writes a form under the alias resolveAlias gives. An alias made from the title is picked among
 * the free ones, and a create or save running at the same time (a double click, a script) may take
 * it first: the write is then refused by the account's unique index and tried with the next free
 * one. Each refusal means another form took an alias, so the tries end. An alias the author asked
 * for is refused with 409 form.alias.exists. Called outside a transaction: on PostgreSQL a refused
 * write aborts the transaction around it, and the next try would be refused for that instead.
 */
export async function writeWithAlias<T>(
  db: Db,
  accountId: number,
  requested: string,
  title: string,
  formId: number | undefined,
  write: (alias: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const alias = await resolveAlias(db, accountId, requested, title, formId);
    try {
      return await write(alias);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (requested || attempt === MAX_ALIAS_TRIES) throw conflict("form.alias.exists", "formPathAlias");
    }
  }
}

const MAX_ALIAS_TRIES = 50;
