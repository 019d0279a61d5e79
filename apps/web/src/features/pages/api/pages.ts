import type { THelpLink, THelpMenuBody, TPage, TPageBody, TPublicPage } from "@formloom/core/api/pages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const usePages = () =>
  useQuery({ queryKey: ["pages"], queryFn: () => api<{ pages: TPage[] }>("GET", "/pages") });

export const usePage = (id: number) =>
  useQuery({ queryKey: ["pages", id], queryFn: () => api<TPage>("GET", `/pages/${id}`) });

/** A page of the user's account by alias (/page/{alias}). */
export const usePageByAlias = (alias: string) =>
  useQuery({
    queryKey: ["pages", "alias", alias],
    queryFn: () => api<TPage>("GET", `/pages/alias/${encodeURIComponent(alias)}`),
    retry: false,
  });

/** A published public page, for anyone (/pages/:alias). */
export const usePublicPage = (alias: string) =>
  useQuery({
    queryKey: ["public-pages", alias],
    queryFn: () => api<TPublicPage>("GET", `/public-pages/${encodeURIComponent(alias)}`),
    retry: false,
  });

export function useSavePage(id?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPageBody) =>
      id === undefined ? api<TPage>("POST", "/pages", body) : api<TPage>("PATCH", `/pages/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["pages"] }),
  });
}

export function useDeletePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api("DELETE", `/pages/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["pages"] }),
  });
}

/** The Help menu's links; a failure to load them is only logged (platform.md §8). */
export const useHelpMenu = (enabled: boolean) =>
  useQuery({
    queryKey: ["pages-menu"],
    queryFn: () =>
      api<{ pageMenuLinks: THelpLink[] }>("GET", "/pages-menu").catch((error: unknown) => {
        console.error("The help menu could not be loaded", error);
        return { pageMenuLinks: [] };
      }),
    enabled,
    staleTime: 60_000,
  });

export function useSaveHelpMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: THelpMenuBody) => api<{ pageMenuLinks: THelpLink[] }>("PUT", "/pages-menu", body),
    onSuccess: (data) => client.setQueryData(["pages-menu"], data),
  });
}
