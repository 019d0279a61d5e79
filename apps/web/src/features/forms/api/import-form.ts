import type { TFormWithFields } from "@formloom/core/api/forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** POST /forms/import: one exported .json file, sent as the browser picked it. */
export const useImportForm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file, file.name);
      return api<TFormWithFields>("POST", "/forms/import", body);
    },
    onSuccess: (created) => {
      queryClient.setQueryData(["forms", created.form.id], created);
      return queryClient.invalidateQueries({ queryKey: ["forms"], exact: true });
    },
  });
};
