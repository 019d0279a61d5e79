import type { TFormCreateBody, TFormWithFields } from "@formloom/core/api/forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const useCreateForm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFormCreateBody): Promise<TFormWithFields> =>
      unwrap(client.POST("/api/forms", { body })),
    onSuccess: (created) => {
      queryClient.setQueryData(["forms", created.form.id], created);
      return queryClient.invalidateQueries({ queryKey: ["forms"], exact: true });
    },
  });
};
