import type { TFormCreateBody, TFormWithFields } from "@formloom/core/api/forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useCreateForm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFormCreateBody) => api<TFormWithFields>("POST", "/forms", body),
    onSuccess: (created) => {
      queryClient.setQueryData(["forms", created.form.id], created);
      return queryClient.invalidateQueries({ queryKey: ["forms"], exact: true });
    },
  });
};
