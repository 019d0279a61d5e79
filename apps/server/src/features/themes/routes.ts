import {
  ZCommonThemeParams,
  ZOwnThemeParams,
  ZOwnThemesParams,
  ZTheme,
  ZThemeCreateBody,
  ZThemeList,
  ZThemePatchBody,
} from "@formloom/core/api/themes";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant, type TenantContext } from "../../http/context.ts";
import { forbidden } from "../../http/errors.ts";
import { createTheme, deleteTheme, listThemes, type ThemeScope, updateTheme } from "./service.ts";

/** forms.md §7 "Themes": a user's own themes and the account's common ones. */
export function themeRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["themes"];
  const deleted = z.object({ deleted: z.literal(true) });

  /** Own themes are the caller's alone: another user's id in the path is refused. */
  async function own(request: FastifyRequest, userId: number): Promise<[TenantContext, ThemeScope]> {
    const ctx = await requireTenant(deps, request, "account.view");
    if (ctx.user.id !== userId) throw forbidden();
    return [ctx, { kind: "own", userId }];
  }
  const common = { kind: "common" } as const;

  r.get(
    "/form-themes/account/:userId",
    { schema: { tags, params: ZOwnThemesParams, response: { 200: ZThemeList } } },
    async (request) => ({ themes: await listThemes(...(await own(request, request.params.userId))) }),
  );

  r.post(
    "/form-themes/account/:userId",
    { schema: { tags, params: ZOwnThemesParams, body: ZThemeCreateBody, response: { 200: ZTheme } } },
    async (request) => createTheme(...(await own(request, request.params.userId)), request.body),
  );

  r.patch(
    "/form-themes/:themeId/account/:userId",
    { schema: { tags, params: ZOwnThemeParams, body: ZThemePatchBody, response: { 200: ZTheme } } },
    async (request) =>
      updateTheme(...(await own(request, request.params.userId)), request.params.themeId, request.body),
  );

  r.delete(
    "/form-themes/:themeId/account/:userId",
    { schema: { tags, params: ZOwnThemeParams, response: { 200: deleted } } },
    async (request) => {
      await deleteTheme(...(await own(request, request.params.userId)), request.params.themeId);
      return { deleted: true as const };
    },
  );

  r.get("/form-themes/common", { schema: { tags, response: { 200: ZThemeList } } }, async (request) => ({
    themes: await listThemes(await requireTenant(deps, request, "account.view"), common),
  }));

  r.post(
    "/form-themes/common",
    { schema: { tags, body: ZThemeCreateBody, response: { 200: ZTheme } } },
    async (request) =>
      createTheme(await requireTenant(deps, request, "themes.common.manage"), common, request.body),
  );

  r.patch(
    "/form-themes/:themeId/common",
    { schema: { tags, params: ZCommonThemeParams, body: ZThemePatchBody, response: { 200: ZTheme } } },
    async (request) =>
      updateTheme(
        await requireTenant(deps, request, "themes.common.manage"),
        common,
        request.params.themeId,
        request.body,
      ),
  );

  r.delete(
    "/form-themes/:themeId/common",
    { schema: { tags, params: ZCommonThemeParams, response: { 200: deleted } } },
    async (request) => {
      await deleteTheme(
        await requireTenant(deps, request, "themes.common.manage"),
        common,
        request.params.themeId,
      );
      return { deleted: true as const };
    },
  );
}
