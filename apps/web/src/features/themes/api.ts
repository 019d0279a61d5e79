import type { TBackgroundGroups, TTheme, TThemeCreateBody, TThemePatchBody } from "@formloom/core/api/themes";
import { LOCALES, type Locale } from "@formloom/core/locales";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../lib/api-client.ts";
import { client } from "../../lib/typed-client.ts";

/** Whose list a theme belongs to: the user's own, or the account's common ones. */
export type ThemeKind = TTheme["kind"];

const list = (kind: ThemeKind, userId: number) =>
  kind === "own"
    ? client.GET("/api/form-themes/account/{userId}", { params: { path: { userId } } })
    : client.GET("/api/form-themes/common");

const create = (kind: ThemeKind, userId: number, body: TThemeCreateBody) =>
  kind === "own"
    ? client.POST("/api/form-themes/account/{userId}", { params: { path: { userId } }, body })
    : client.POST("/api/form-themes/common", { body });

const change = (kind: ThemeKind, userId: number, themeId: number, body: TThemePatchBody) =>
  kind === "own"
    ? client.PATCH("/api/form-themes/{themeId}/account/{userId}", {
        params: { path: { themeId, userId } },
        body,
      })
    : client.PATCH("/api/form-themes/{themeId}/common", { params: { path: { themeId } }, body });

const remove = (kind: ThemeKind, userId: number, themeId: number) =>
  kind === "own"
    ? client.DELETE("/api/form-themes/{themeId}/account/{userId}", { params: { path: { themeId, userId } } })
    : client.DELETE("/api/form-themes/{themeId}/common", { params: { path: { themeId } } });

export const themesKey = (kind: ThemeKind, userId: number) => ["form-themes", kind, userId] as const;

export const useThemes = (kind: ThemeKind, userId: number | undefined) =>
  useQuery({
    queryKey: themesKey(kind, userId ?? 0),
    queryFn: () => unwrap(list(kind, userId ?? 0)).then((r): TTheme[] => r.themes),
    enabled: userId !== undefined,
  });

/** Every change reloads the list it touched (forms.md §8: success reloads the themes). */
export function useThemeMutations(kind: ThemeKind, userId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: themesKey(kind, userId) });
  return {
    create: useMutation({
      mutationFn: (body: TThemeCreateBody): Promise<TTheme> => unwrap(create(kind, userId, body)),
      onSuccess: reload,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: TThemePatchBody }): Promise<TTheme> =>
        unwrap(change(kind, userId, id, body)),
      onSuccess: reload,
    }),
    remove: useMutation({
      mutationFn: (id: number) => unwrap(remove(kind, userId, id)),
      onSuccess: reload,
    }),
  };
}

/** The background library, named in the interface's language; the same for everyone, so kept long. */
export const useBackgroundLibrary = (language: string, enabled: boolean) =>
  useQuery({
    queryKey: ["backgrounds", language] as const,
    queryFn: () =>
      unwrap(
        client.GET("/api/backgrounds/grouped", {
          params: {
            query: { lang: (LOCALES as readonly string[]).includes(language) ? (language as Locale) : "en" },
          },
        }),
      ).then((r): TBackgroundGroups["groups"] => r.groups),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
