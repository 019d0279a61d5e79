import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const useSetAnswersViewed = (formId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerIds, viewed }: { answerIds: number[]; viewed: boolean }) =>
      unwrap(
        viewed
          ? client.PATCH("/api/forms/{id}/answer/status/read", {
              params: { path: { id: formId } },
              body: { answerIds },
            })
          : client.PATCH("/api/forms/{id}/answer/status/unread", {
              params: { path: { id: formId } },
              body: { answerIds },
            }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["forms"] }),
  });
};
