import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useDeleteAnswers = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answerIds: number[]) =>
      api<{ deleted: number }>("DELETE", `/forms/${formId}/answer`, { answerIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["forms"] }),
  });
};
