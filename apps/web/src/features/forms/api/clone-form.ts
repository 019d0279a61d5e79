import type { TFormWithFields } from "@formloom/core/api/forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useCloneForm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: number) => api<TFormWithFields>("POST", `/forms/${formId}/clone`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["forms"], exact: true }),
  });
};
