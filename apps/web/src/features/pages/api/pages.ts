import type { THelpLink, THelpMenuBody, TPage, TPageBody, TPublicPage } from "@formloom/core/api/pages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client as api } from "../../../lib/typed-client.ts";

export const usePages = () =>
  useQuery({
    queryKey: ["pages"],
    queryFn: (): Promise<{ pages: TPage[] }> => unwrap(api.GET("/api/pages")),
  });

export const usePage = (id: number) =>
  useQuery({
    queryKey: ["pages", id],
    queryFn: (): Promise<TPage> => unwrap(api.GET("/api/pages/{id}", { params: { path: { id } } })),
  });

/** A page of the user's account by alias (/page/{alias}). */
export const usePageByAlias = (alias: string) =>
  useQuery({
    queryKey: ["pages", "alias", alias],
    queryFn: (): Promise<TPage> =>
      unwrap(api.GET("/api/pages/alias/{alias}", { params: { path: { alias } } })),
    retry: false,
  });

/** A published public page, for anyone (/pages/:alias). */
export const usePublicPage = (alias: string) =>
  useQuery({
    queryKey: ["public-pages", alias],
    queryFn: (): Promise<TPublicPage> =>
      unwrap(api.GET("/api/public-pages/{alias}", { params: { path: { alias } } })),
    retry: false,
  });

export function useSavePage(id?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPageBody): Promise<TPage> =>
      unwrap(
        id === undefined
          ? api.POST("/api/pages", { body })
          : api.PATCH("/api/pages/{id}", { params: { path: { id } }, body }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ["pages"] }),
  });
}

export function useDeletePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE("/api/pages/{id}", { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["pages"] }),
  });
}

/** The Help menu's links; a failure to load them is only logged (platform.md §8). */
export const useHelpMenu = (enabled: boolean) =>
  useQuery({
    queryKey: ["pages-menu"],
    queryFn: (): Promise<{ pageMenuLinks: THelpLink[] }> =>
      unwrap(api.GET("/api/pages-menu")).catch((error: unknown) => {
        console.error("The help menu could not be loaded", error);
        return { pageMenuLinks: [] };
      }),
    enabled,
    staleTime: 60_000,
  });

export function useSaveHelpMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: THelpMenuBody): Promise<{ pageMenuLinks: THelpLink[] }> =>
      unwrap(api.PUT("/api/pages-menu", { body })),
    onSuccess: (data) => client.setQueryData(["pages-menu"], data),
  });
}
