import { ZIdParams } from "@formloom/core/api/ids";
import { ZHelpMenu, ZHelpMenuBody, ZPage, ZPageBody, ZPublicPage } from "@formloom/core/api/pages";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant, requireUser } from "../../http/context.ts";
import { deletePage, getPage, helpMenu, listPages, publicPage, savePage, setHelpMenu } from "./service.ts";

const ZAliasParams = z.object({ alias: z.string().trim().min(1).max(80) });
/** Pages may carry their images inline: a few of the allowed size each. */
const PAGE_BODY_LIMIT = 10 * 1024 * 1024;

/** Custom pages (forms.md §5) and the Help menu (platform.md §3, §7 "pages-menu"). */
export function pageRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["pages"];
  const imageLimit = deps.settings.editorImageMaxBytes;

  r.get(
    "/pages",
    {
      schema: {
        tags,
        description: "The account's pages: all for its admins, the published ones for members.",
        response: { 200: z.object({ pages: z.array(ZPage) }) },
      },
    },
    async (request) => ({ pages: await listPages(await requireTenant(deps, request, "account.view")) }),
  );

  r.get("/pages/:id", { schema: { tags, params: ZIdParams, response: { 200: ZPage } } }, async (request) =>
    getPage(await requireTenant(deps, request, "account.view"), { id: request.params.id }),
  );

  r.get(
    "/pages/alias/:alias",
    {
      schema: {
        tags,
        description: "A page of the caller's account by its alias (/page/{alias}).",
        params: ZAliasParams,
        response: { 200: ZPage },
      },
    },
    async (request) =>
      getPage(await requireTenant(deps, request, "account.view"), { alias: request.params.alias }),
  );

  r.post(
    "/pages",
    {
      bodyLimit: PAGE_BODY_LIMIT,
      schema: {
        tags,
        description:
          "Account admins write pages. The alias is slugged from the given one or the title (409 page.alias.exists); " +
          "the HTML is sanitised, and each inline image must be within the instance's limit (400 page.image.too_large).",
        body: ZPageBody,
        response: { 201: ZPage },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "account.edit");
      return reply.status(201).send(await savePage(ctx, request.body, imageLimit));
    },
  );

  r.patch(
    "/pages/:id",
    {
      bodyLimit: PAGE_BODY_LIMIT,
      schema: { tags, params: ZIdParams, body: ZPageBody, response: { 200: ZPage } },
    },
    async (request) =>
      savePage(
        await requireTenant(deps, request, "account.edit"),
        request.body,
        imageLimit,
        request.params.id,
      ),
  );

  r.delete(
    "/pages/:id",
    { schema: { tags, params: ZIdParams, response: { 200: z.object({ deleted: z.literal(true) }) } } },
    async (request) => {
      await deletePage(await requireTenant(deps, request, "account.edit"), request.params.id);
      return { deleted: true as const };
    },
  );

  r.get(
    "/public-pages/:alias",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description: "A published public page (/pages/:alias), for anyone.",
        params: ZAliasParams,
        response: { 200: ZPublicPage },
      },
    },
    async (request) => publicPage(deps.db, request.params.alias),
  );

  r.get(
    "/pages-menu",
    {
      schema: {
        tags,
        description: "The Help menu's links of the caller's account; none without an account.",
        response: { 200: ZHelpMenu },
      },
    },
    async (request) => {
      const { user } = await requireUser(deps, request);
      return { pageMenuLinks: user.accountId ? await helpMenu(deps.db, user.accountId) : [] };
    },
  );

  r.put(
    "/pages-menu",
    {
      schema: {
        tags,
        description: "Account admins replace the Help menu's links, in order.",
        body: ZHelpMenuBody,
        response: { 200: ZHelpMenu },
      },
    },
    async (request) => ({
      pageMenuLinks: await setHelpMenu(
        await requireTenant(deps, request, "account.edit"),
        request.body.pageMenuLinks,
      ),
    }),
  );
}
