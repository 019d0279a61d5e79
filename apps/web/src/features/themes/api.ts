import type { TTheme, TThemeCreateBody, TThemePatchBody } from "@formloom/core/api/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

/** Whose list a theme belongs to: the user's own, or the account's common ones. */
export type ThemeKind = TTheme["kind"];

const base = (kind: ThemeKind, userId: number) =>
  kind === "own" ? `/form-themes/account/${userId}` : "/form-themes/common";
const one = (kind: ThemeKind, userId: number, themeId: number) =>
  kind === "own" ? `/form-themes/${themeId}/account/${userId}` : `/form-themes/${themeId}/common`;

export const themesKey = (kind: ThemeKind, userId: number) => ["form-themes", kind, userId] as const;

export const useThemes = (kind: ThemeKind, userId: number | undefined) =>
  useQuery({
    queryKey: themesKey(kind, userId ?? 0),
    queryFn: () => api<{ themes: TTheme[] }>("GET", base(kind, userId ?? 0)).then((r) => r.themes),
    enabled: userId !== undefined,
  });

/** Every change reloads the list it touched (forms.md §8: success reloads the themes). */
export function useThemeMutations(kind: ThemeKind, userId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: themesKey(kind, userId) });
  return {
    create: useMutation({
      mutationFn: (body: TThemeCreateBody) => api<TTheme>("POST", base(kind, userId), body),
      onSuccess: reload,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: TThemePatchBody }) =>
        api<TTheme>("PATCH", one(kind, userId, id), body),
      onSuccess: reload,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<{ deleted: true }>("DELETE", one(kind, userId, id)),
      onSuccess: reload,
    }),
  };
}
