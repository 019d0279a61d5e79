import { ZFormWithFields } from "@formloom/core/api/forms";
import { importForm } from "@formloom/core/form-import";
import { formTemplateIn } from "@formloom/core/templates/catalogue-language";
import { formTemplate, templateDocument } from "@formloom/core/templates/form-templates";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant } from "../../http/context.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { withPublicLink } from "../forms/public-link.ts";
import { createForm } from "../forms/service.ts";

/**
 * forms.md §2 "Templates: forms": a form made from a starter template, read through the same
 * importForm an uploaded file goes through. Like an import, it starts unpublished, and it speaks
 * the caller's interface language.
 */
export function templateRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/forms/templates/:templateId",
    {
      schema: {
        tags: ["forms"],
        description:
          "Creates a form in the caller's account from a starter template, in the caller's interface language (its texts and the form's language). Refusal: template.not_found.",
        params: z.object({ templateId: z.string().min(1).max(64) }),
        response: { 201: ZFormWithFields },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "forms.create");
      const found = formTemplate(request.params.templateId);
      if (!found) throw notFound("template.not_found");
      // In the caller's interface language, as the templates page showed it.
      const template = formTemplateIn(found, ctx.user.locale);
      const text = templateDocument(template);
      const result = importForm(`${template.id}.json`, text.length, text);
      // The templates are checked by core's tests; a broken one is the server's fault, said plainly.
      if (!result.ok) throw badRequest(result.code);
      const { settings, fields } = result.form;
      const created = await createForm(ctx, { ...settings, isPublished: false, fields });
      return reply.status(201).send(await withPublicLink(deps.db, deps.settings.linkBase, created));
    },
  );
}
