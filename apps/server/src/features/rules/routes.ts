import { ZAccountRules } from "@formloom/core/api/rules";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { forms } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { type Deps, requireTenant } from "../../http/context.ts";
import { readSettings } from "../forms/presenter.ts";

/** Every rule of every form of the caller's account, form by form in the order they were made. */
async function accountRules(ctx: TenantContext) {
  const rows = await ctx.db
    .select()
    .from(forms)
    .where(and(eq(forms.accountId, ctx.accountId)))
    .orderBy(asc(forms.id));
  return rows.flatMap((row) => {
    const settings = readSettings(row);
    return settings.conditionalRules.map((rule) => ({
      formId: row.id,
      formTitle: row.title,
      isPublished: row.isPublished,
      rule,
    }));
  });
}

/** Rules are edited with their form (PATCH /forms/:id, conditionalRules); this lists them across forms. */
export function ruleRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/form-rules/all",
    { schema: { tags: ["forms"], response: { 200: ZAccountRules } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "forms.view");
      return { rules: await accountRules(ctx) };
    },
  );
}
