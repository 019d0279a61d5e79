import type { TFormChain, TFormChainBody, TFormChainRuns } from "@formloom/core/api/form-chains";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Every chain query starts with "form-chains", so a change refreshes the list and the chain's pages. */
const KEY = "form-chains";

export const useFormChains = () =>
  useQuery({
    queryKey: [KEY, "all"],
    queryFn: () => api<{ chains: TFormChain[] }>("GET", "/form-chains/all").then((r) => r.chains),
  });

export const useFormChain = (id: number) =>
  useQuery({ queryKey: [KEY, id], queryFn: () => api<TFormChain>("GET", `/form-chains/${id}`) });

export const useFormChainRuns = (id: number) =>
  useQuery({
    queryKey: [KEY, id, "runs"],
    queryFn: () => api<TFormChainRuns>("GET", `/form-chains/${id}/runs`),
  });

function useChainMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const useCreateFormChain = () =>
  useChainMutation((body: TFormChainBody) => api<TFormChain>("POST", "/form-chains", body));

export const useEditFormChain = (id: number) =>
  useChainMutation((body: TFormChainBody) => api<TFormChain>("PUT", `/form-chains/${id}`, body));

export const useDeleteFormChain = () =>
  useChainMutation((chain: TFormChain) => api<{ deleted: true }>("DELETE", `/form-chains/${chain.id}`));
