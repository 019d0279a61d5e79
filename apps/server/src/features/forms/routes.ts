import {
  ZFormCreateBody,
  ZFormListItem,
  ZFormPatchBody,
  ZFormSummary,
  ZFormWithFields,
  ZNewAnswerCount,
  ZPublicForm,
} from "@formloom/core/api/forms";
import { ZIdParams } from "@formloom/core/api/ids";
import { ZIfMatchHeaders } from "@formloom/core/api/rules";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, optionalUser, requireTenant } from "../../http/context.ts";
import { issueRespondentCookie } from "../answers/respondent.ts";
import { removeOrphanFiles } from "../files/uploads.ts";
import { publicFormByPath } from "./public.ts";
import { subdomainOfHost, withPublicLink } from "./public-link.ts";
import {
  cloneForm,
  createForm,
  deleteForm,
  formSummary,
  getForm,
  listForms,
  newAnswerCount,
  updateForm,
} from "./service.ts";

export function formRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["forms"];
  const params = ZIdParams;
  const withLink = <T extends Parameters<typeof withPublicLink>[2]>(result: T) =>
    withPublicLink(deps.db, deps.settings.linkBase, result);

  r.post(
    "/forms",
    { schema: { tags, body: ZFormCreateBody, response: { 201: ZFormWithFields } } },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "forms.create");
      return reply.status(201).send(await withLink(await createForm(ctx, request.body)));
    },
  );

  r.get(
    "/forms/account",
    { schema: { tags, response: { 200: z.object({ forms: z.array(ZFormListItem) }) } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "forms.view");
      return { forms: await listForms(ctx) };
    },
  );

  r.get(
    "/forms/account/answer/count-new",
    { schema: { tags: ["answers"], response: { 200: ZNewAnswerCount } } },
    async (request) => newAnswerCount(await requireTenant(deps, request, "results.view")),
  );

  r.get("/forms/:id", { schema: { tags, params, response: { 200: ZFormWithFields } } }, async (request) => {
    const ctx = await requireTenant(deps, request, "forms.view");
    return withLink(await getForm(ctx, request.params.id));
  });

  r.patch(
    "/forms/:id",
    {
      schema: {
        tags,
        params,
        headers: ZIfMatchHeaders,
        body: ZFormPatchBody,
        response: { 200: ZFormWithFields },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "forms.edit");
      const expected = request.headers["if-match"];
      return withLink(await updateForm(ctx, request.params.id, request.body, expected));
    },
  );

  r.delete(
    "/forms/:id",
    { schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "forms.delete");
      await deleteForm(ctx, request.params.id);
      // Files uploaded to the form and never submitted go with it.
      await removeOrphanFiles(deps.db, deps.storage, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/forms/:id/clone",
    { schema: { tags, params, response: { 201: ZFormWithFields } } },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "forms.create");
      return reply.status(201).send(await withLink(await cloneForm(ctx, request.params.id)));
    },
  );

  r.get(
    "/forms/:id/summary",
    { schema: { tags, params, response: { 200: ZFormSummary } } },
    async (request) => {
      const ctx = await requireTenant(deps, request, "forms.view");
      return formSummary(ctx, request.params.id);
    },
  );

  r.get(
    "/forms/path/:alias/:subdomain",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description:
          "The published form at /f/{alias} of the account with this subdomain (no sign-in needed).",
        params: z.object({ alias: z.string().min(1).max(80), subdomain: z.string().min(1).max(63) }),
        response: { 200: ZPublicForm },
      },
    },
    async (request, reply) => {
      const visitor = await optionalUser(deps, request).catch(() => undefined);
      const form = await publicFormByPath(deps.db, request.params.alias, request.params.subdomain, visitor, {
        uploadMaxBytes: deps.settings.uploadMaxBytes,
      });
      issueRespondentCookie(request, reply);
      return form;
    },
  );

  r.get(
    "/forms/path/:alias",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description:
          "The published form at /f/{alias} of the account the host names (<subdomain>.<public host>), else of the one account that publishes that alias; 404 form.alias.ambiguous when several do (no sign-in needed).",
        params: z.object({ alias: z.string().min(1).max(80) }),
        response: { 200: ZPublicForm },
      },
    },
    async (request, reply) => {
      const visitor = await optionalUser(deps, request).catch(() => undefined);
      const subdomain = subdomainOfHost(request.hostname, deps.settings.publicUrl);
      const form = await publicFormByPath(deps.db, request.params.alias, subdomain, visitor, {
        uploadMaxBytes: deps.settings.uploadMaxBytes,
      });
      issueRespondentCookie(request, reply);
      return form;
    },
  );
}
