import type { TApiKey, TApiKeyAddBody, TApiKeyEditBody } from "@formloom/core/api/api-keys";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const useApiKeys = () =>
  useQuery({
    queryKey: ["api-keys"],
    queryFn: () => unwrap(client.GET("/api/account/api-keys")).then((r): TApiKey[] => r.keys),
  });

export const useApiKey = (id: number) =>
  useQuery({
    queryKey: ["api-keys", id],
    queryFn: (): Promise<TApiKey> =>
      unwrap(client.GET("/api/account/api-keys/{id}", { params: { path: { id } } })),
  });

function useKeyMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["api-keys"] }),
  });
}

export const useAddApiKey = () =>
  useKeyMutation(
    (body: TApiKeyAddBody): Promise<TApiKey> => unwrap(client.POST("/api/account/api-keys", { body })),
  );
export const useEditApiKey = (id: number) =>
  useKeyMutation(
    (body: TApiKeyEditBody): Promise<TApiKey> =>
      unwrap(client.POST("/api/account/api-keys/{id}/edit", { params: { path: { id } }, body })),
  );
export const useDeleteApiKey = () =>
  useKeyMutation((id: number) =>
    unwrap(client.POST("/api/account/api-keys/{id}/delete", { params: { path: { id } } })),
  );
