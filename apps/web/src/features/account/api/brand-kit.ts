import type { TBrandAsset, TBrandKit } from "@formloom/core/api/brand-kit";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client, formData } from "../../../lib/typed-client.ts";

const KEY = ["brand-kit"];

/** The account's brand kit, read by everyone in the account. */
export const useBrandKit = (enabled = true) =>
  useQuery({
    queryKey: KEY,
    queryFn: (): Promise<TBrandKit> => unwrap(client.GET("/api/account/brand-kit")),
    enabled,
  });

export function useSaveBrandKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kit: TBrandKit): Promise<TBrandKit> =>
      unwrap(client.PUT("/api/account/brand-kit", { body: kit })),
    onSuccess: (kit) => queryClient.setQueryData(KEY, kit),
  });
}

/** Uploads a logo or cover picture; the server checks its type by its bytes and its size. */
export const useUploadBrandImage = () =>
  useMutation({
    mutationFn: (file: File): Promise<TBrandAsset> =>
      unwrap(client.POST("/api/account/brand-kit/images", { body: { file }, bodySerializer: formData })),
  });
