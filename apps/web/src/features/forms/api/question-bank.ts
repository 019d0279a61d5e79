import type { TElementCategories, TSavedElement, TSavedElementBody } from "@formloom/core/api/question-bank";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

const key = ["elements-categories"] as const;

/** The account's questions database, by category (forms.md §7). */
export const useQuestionBank = () =>
  useQuery({
    queryKey: key,
    queryFn: () =>
      unwrap(client.GET("/api/forms/elements-categories/account")).then(
        (r): TElementCategories["categories"] => r.categories,
      ),
  });

export function useQuestionBankMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    save: useMutation({
      mutationFn: (body: TSavedElementBody): Promise<TSavedElement> =>
        unwrap(client.POST("/api/forms/elements-categories/account", { body })),
      onSuccess: reload,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        unwrap(
          client.DELETE("/api/forms/elements-categories/account/{elementId}", {
            params: { path: { elementId: id } },
          }),
        ),
      onSuccess: reload,
    }),
  };
}
