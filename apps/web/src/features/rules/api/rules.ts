import type { TFormWithFields } from "@formloom/core/api/forms";
import type { TAccountRules } from "@formloom/core/api/rules";
import type { TRule } from "@formloom/core/rule-schema";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const accountRulesQuery = queryOptions({
  queryKey: ["form-rules", "all"],
  queryFn: () => api<TAccountRules>("GET", "/form-rules/all"),
});

export const useAccountRules = () => useQuery(accountRulesQuery);

/**
 * Saves a form's whole list of rules through the form's PATCH. The form's lastChangeDate goes
 * along as If-Match, so a save made from an old copy is refused (409 form.changed) instead of
 * undoing what someone saved meanwhile.
 */
export function useSaveRules(formId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rules, lastChangeDate }: { rules: TRule[]; lastChangeDate: string }) =>
      api<TFormWithFields>(
        "PATCH",
        `/forms/${formId}`,
        { conditionalRules: rules },
        { headers: { "if-match": lastChangeDate } },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(["forms", formId], saved);
      return queryClient.invalidateQueries({ queryKey: ["form-rules"] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ["forms", formId] }),
  });
}
