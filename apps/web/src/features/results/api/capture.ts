import type { TAnswerCapture } from "@formloom/core/api/captures";
import { useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

const captureKey = (formId: number, answerId: number) => ["forms", formId, "answer", answerId, "capture"];

/** What was captured of a submission's filling (GET …/answer/{answerId}/capture). */
export const useCapture = (formId: number, answerId: number) =>
  useQuery({
    queryKey: captureKey(formId, answerId),
    queryFn: (): Promise<TAnswerCapture> =>
      unwrap(
        client.GET("/api/forms/{id}/answer/{answerId}/capture", {
          params: { path: { id: formId, answerId } },
        }),
      ),
  });

/**
 * The captured video or audio itself (GET …/capture/media), fetched as the signed-in reader: a
 * <video> element cannot send the reader's token, so it plays the fetched bytes.
 */
export const useCaptureMedia = (formId: number, answerId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...captureKey(formId, answerId), "media"],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: (): Promise<Blob> =>
      unwrap(
        client.GET("/api/forms/{id}/answer/{answerId}/capture/media", {
          params: { path: { id: formId, answerId } },
          parseAs: "blob",
        }),
      ) as Promise<Blob>,
  });
