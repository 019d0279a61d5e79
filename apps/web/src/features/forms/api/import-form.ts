import type { TFormWithFields } from "@formloom/core/api/forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client, formData } from "../../../lib/typed-client.ts";

/** POST /forms/import: one exported .json file, sent as the browser picked it. */
export const useImportForm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<TFormWithFields> =>
      unwrap(client.POST("/api/forms/import", { body: { file }, bodySerializer: formData })),
    onSuccess: (created) => {
      queryClient.setQueryData(["forms", created.form.id], created);
      return queryClient.invalidateQueries({ queryKey: ["forms"], exact: true });
    },
  });
};
