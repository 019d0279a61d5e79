import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useDeleteForm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: number) => api<void>("DELETE", `/forms/${formId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["forms"], exact: true }),
  });
};
