import type { TBrandAsset, TBrandKit } from "@formloom/core/api/brand-kit";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const KEY = ["brand-kit"];

/** The account's brand kit, read by everyone in the account. */
export const useBrandKit = (enabled = true) =>
  useQuery({ queryKey: KEY, queryFn: () => api<TBrandKit>("GET", "/account/brand-kit"), enabled });

export function useSaveBrandKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kit: TBrandKit) => api<TBrandKit>("PUT", "/account/brand-kit", kit),
    onSuccess: (kit) => queryClient.setQueryData(KEY, kit),
  });
}

/** Uploads a logo or cover picture; the server checks its type by its bytes and its size. */
export const useUploadBrandImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return api<TBrandAsset>("POST", "/account/brand-kit/images", body);
    },
  });
