import type { TElementCategories, TSavedElement, TSavedElementBody } from "@formloom/core/api/question-bank";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const key = ["elements-categories"] as const;

/** The account's questions database, by category (forms.md §7). */
export const useQuestionBank = () =>
  useQuery({
    queryKey: key,
    queryFn: () =>
      api<TElementCategories>("GET", "/forms/elements-categories/account").then((r) => r.categories),
  });

export function useQuestionBankMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    save: useMutation({
      mutationFn: (body: TSavedElementBody) =>
        api<TSavedElement>("POST", "/forms/elements-categories/account", body),
      onSuccess: reload,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        api<{ deleted: true }>("DELETE", `/forms/elements-categories/account/${id}`),
      onSuccess: reload,
    }),
  };
}
