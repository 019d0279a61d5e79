import type { TFormPatchBody, TFormWithFields } from "@formloom/core/api/forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/**
 * Saves the form. With the lastChangeDate of the copy the change was made from, sent as If-Match,
 * the server refuses (409 form.changed) a save that would undo what someone saved meanwhile.
 */
export const useUpdateForm = (formId: number, lastChangeDate?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFormPatchBody): Promise<TFormWithFields> =>
      unwrap(
        client.PATCH("/api/forms/{id}", {
          params: { path: { id: formId } },
          body,
          headers: lastChangeDate ? { "if-match": lastChangeDate } : undefined,
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(["forms", formId], saved);
      return queryClient.invalidateQueries({ queryKey: ["forms"], exact: true });
    },
  });
};
