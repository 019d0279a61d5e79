import type { TApiKey, TApiKeyAddBody, TApiKeyEditBody } from "@formloom/core/api/api-keys";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useApiKeys = () =>
  useQuery({
    queryKey: ["api-keys"],
    queryFn: () => api<{ keys: TApiKey[] }>("GET", "/account/api-keys").then((r) => r.keys),
  });

export const useApiKey = (id: number) =>
  useQuery({ queryKey: ["api-keys", id], queryFn: () => api<TApiKey>("GET", `/account/api-keys/${id}`) });

function useKeyMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["api-keys"] }),
  });
}

export const useAddApiKey = () =>
  useKeyMutation((body: TApiKeyAddBody) => api<TApiKey>("POST", "/account/api-keys", body));
export const useEditApiKey = (id: number) =>
  useKeyMutation((body: TApiKeyEditBody) => api<TApiKey>("POST", `/account/api-keys/${id}/edit`, body));
export const useDeleteApiKey = () =>
  useKeyMutation((id: number) => api<{ deleted: true }>("POST", `/account/api-keys/${id}/delete`));
