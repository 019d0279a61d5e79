import type { TFormPatchBody, TFormWithFields } from "@formloom/core/api/forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useUpdateForm = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFormPatchBody) => api<TFormWithFields>("PATCH", `/forms/${formId}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(["forms", formId], saved);
      return queryClient.invalidateQueries({ queryKey: ["forms"], exact: true });
    },
  });
};
