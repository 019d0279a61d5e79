import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useSetAnswersViewed = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerIds, viewed }: { answerIds: number[]; viewed: boolean }) =>
      api<{ updated: number }>("PATCH", `/forms/${formId}/answer/status/${viewed ? "read" : "unread"}`, {
        answerIds,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["forms"] }),
  });
};
