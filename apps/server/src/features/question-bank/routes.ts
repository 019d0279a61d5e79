import {
  ZElementCategories,
  ZSavedElement,
  ZSavedElementBody,
  ZSavedElementParams,
} from "@formloom/core/api/question-bank";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { deleteSavedElement, listCategories, saveElement } from "./service.ts";

/**
 * forms.md §7 "GET /forms/elements-categories/account": the questions database, a tab of the
 * form editor, so it is for those who may edit forms: a reader limited to some fields of a form
 * must not find the rest of it among the saved questions.
 */
export function questionBankRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["forms"];

  r.get(
    "/forms/elements-categories/account",
    { schema: { tags, response: { 200: ZElementCategories } } },
    async (request) => listCategories(await requireTenant(deps, request, "forms.edit")),
  );

  r.post(
    "/forms/elements-categories/account",
    {
      schema: {
        tags,
        description:
          "Saves a copy of an element into a category of the account's questions database (at most 500). " +
          "Refusals: question_bank.category.empty, question_bank.limit.",
        body: ZSavedElementBody,
        response: { 201: ZSavedElement },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "forms.edit");
      return reply.status(201).send(await saveElement(ctx, request.body));
    },
  );

  r.delete(
    "/forms/elements-categories/account/:elementId",
    {
      schema: {
        tags,
        params: ZSavedElementParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "forms.edit");
      await deleteSavedElement(ctx, request.params.elementId);
      return { deleted: true as const };
    },
  );
}
