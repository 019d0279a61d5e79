import type { TFormChain, TFormChainBody, TFormChainRuns } from "@formloom/core/api/form-chains";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** Every chain query starts with "form-chains", so a change refreshes the list and the chain's pages. */
const KEY = "form-chains";

export const useFormChains = () =>
  useQuery({
    queryKey: [KEY, "all"],
    queryFn: () => unwrap(client.GET("/api/form-chains/all")).then((r): TFormChain[] => r.chains),
  });

export const useFormChain = (id: number) =>
  useQuery({
    queryKey: [KEY, id],
    queryFn: (): Promise<TFormChain> =>
      unwrap(client.GET("/api/form-chains/{id}", { params: { path: { id } } })),
  });

export const useFormChainRuns = (id: number) =>
  useQuery({
    queryKey: [KEY, id, "runs"],
    queryFn: (): Promise<TFormChainRuns> =>
      unwrap(client.GET("/api/form-chains/{id}/runs", { params: { path: { id } } })),
  });

function useChainMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const useCreateFormChain = () =>
  useChainMutation(
    (body: TFormChainBody): Promise<TFormChain> => unwrap(client.POST("/api/form-chains", { body })),
  );

export const useEditFormChain = (id: number) =>
  useChainMutation(
    (body: TFormChainBody): Promise<TFormChain> =>
      unwrap(client.PUT("/api/form-chains/{id}", { params: { path: { id } }, body })),
  );

export const useDeleteFormChain = () =>
  useChainMutation((chain: TFormChain) =>
    unwrap(client.DELETE("/api/form-chains/{id}", { params: { path: { id: chain.id } } })),
  );
