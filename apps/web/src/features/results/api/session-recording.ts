import type { TSessionRecording } from "@formloom/core/api/session-recordings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

const recordingKey = (formId: number, answerId: number) => [
  "forms",
  formId,
  "answer",
  answerId,
  "session-recording",
];

/** The session recording of a submission's filling (GET …/answer/{answerId}/session-recording). */
export const useSessionRecording = (formId: number, answerId: number) =>
  useQuery({
    queryKey: recordingKey(formId, answerId),
    queryFn: (): Promise<TSessionRecording> =>
      unwrap(
        client.GET("/api/forms/{id}/answer/{answerId}/session-recording", {
          params: { path: { id: formId, answerId } },
        }),
      ),
  });

/** Deletes the recording; the submission stays. */
export function useDeleteSessionRecording(formId: number, answerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        client.DELETE("/api/forms/{id}/answer/{answerId}/session-recording", {
          params: { path: { id: formId, answerId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordingKey(formId, answerId) }),
  });
}
