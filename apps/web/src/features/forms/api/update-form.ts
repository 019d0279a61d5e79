import type { TFormPatchBody, TFormWithFields } from "@formloom/core/api/forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/**
 * Saves the form. With the lastChangeDate of the copy the change was made from, sent as If-Match,
 * the server refuses (409 form.changed) a save that would undo what someone saved meanwhile.
 */
export const useUpdateForm = (formId: number, lastChangeDate?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFormPatchBody) =>
      api<TFormWithFields>(
        "PATCH",
        `/forms/${formId}`,
        body,
        lastChangeDate ? { headers: { "if-match": lastChangeDate } } : undefined,
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(["forms", formId], saved);
      return queryClient.invalidateQueries({ queryKey: ["forms"], exact: true });
    },
  });
};
