import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** Deletes the submissions (forms.md §4: at most what one request names). */
export const deleteAnswers = (formId: number, answerIds: number[]) =>
  unwrap(client.DELETE("/api/forms/{id}/answer", { params: { path: { id: formId } }, body: { answerIds } }));

export const useDeleteAnswers = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answerIds: number[]) => deleteAnswers(formId, answerIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["forms"] }),
  });
};
