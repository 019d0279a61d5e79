import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const useDeleteForm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: number) =>
      unwrap(client.DELETE("/api/forms/{id}", { params: { path: { id: formId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["forms"], exact: true }),
  });
};
