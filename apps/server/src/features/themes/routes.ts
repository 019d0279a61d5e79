import {
  ZBackgroundGroups,
  ZBackgroundsQuery,
  ZCommonThemeParams,
  ZOwnThemeParams,
  ZOwnThemesParams,
  ZTheme,
  ZThemeCreateBody,
  ZThemeList,
  ZThemePatchBody,
} from "@formloom/core/api/themes";
import { groupedBackgrounds } from "@formloom/core/backgrounds";
import { LOCALES, type Locale } from "@formloom/core/locales";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Deps, requireTenant, type TenantContext } from "../../http/context.ts";
import { forbidden } from "../../http/errors.ts";
import { createTheme, deleteTheme, listThemes, type ThemeScope, updateTheme } from "./service.ts";

/** The first of the Accept-Language header's languages the interface speaks; English otherwise. */
function acceptedLocale(header: string | undefined): Locale {
  const asked = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = Number(
        params
          .find((param) => param.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { code: tag.slice(0, 2), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return (asked.find((entry) => (LOCALES as readonly string[]).includes(entry.code))?.code as Locale) ?? "en";
}

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

  // forms.md §7 lists it with the respondent's calls: the library is the same for everyone, so
  // it needs no sign-in.
  r.get(
    "/backgrounds/grouped",
    {
      config: { public: true },
      schema: {
        tags,
        description:
          "The designer's background library: colours and gradients in groups, named in one language.",
        querystring: ZBackgroundsQuery,
        response: { 200: ZBackgroundGroups },
      },
    },
    async (request) => ({
      groups: groupedBackgrounds(request.query.lang ?? acceptedLocale(request.headers["accept-language"])),
    }),
  );
}
