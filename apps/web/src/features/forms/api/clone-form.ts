import type { TFormWithFields } from "@formloom/core/api/forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const useCloneForm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: number): Promise<TFormWithFields> =>
      unwrap(client.POST("/api/forms/{id}/clone", { params: { path: { id: formId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["forms"], exact: true }),
  });
};
