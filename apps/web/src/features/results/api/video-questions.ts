import type { TVideoQuestionAnswers } from "@formloom/core/api/video-questions";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** Every submission's recording for one video or audio question, a page at a time, newest first. */
export const useVideoQuestionAnswers = (formId: number, fieldId: string, page: number, size: number) =>
  useQuery({
    queryKey: ["forms", formId, "video-questions", fieldId, page, size],
    queryFn: (): Promise<TVideoQuestionAnswers> =>
      unwrap(
        client.GET("/api/forms/{id}/video-questions/{fieldId}/{page}/{size}", {
          params: { path: { id: formId, fieldId, page, size } },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** A stored upload's address under the API (`/api/forms/{id}/files/{fileId}`), read as its path's parts; null for any other address. */
export function storedFile(url: string): { id: number; fileId: string } | null {
  const parts = /^\/api\/forms\/(\d+)\/files\/([0-9a-f]{32})$/.exec(url);
  return parts ? { id: Number(parts[1]), fileId: parts[2]! } : null;
}

/** How long a recording's bytes are kept once no player shows them. */
const KEPT_MS = 60_000;

/**
 * A recording's bytes, fetched as the signed-in reader: a <video> element cannot send the
 * reader's token, so it plays the fetched copy. Fetched only once `wanted` (its player came into
 * view), and let go a minute after no player shows it: a page of recordings is not all
 * downloaded, nor kept for the session.
 */
export const useRecording = (url: string, wanted: boolean) => {
  const path = storedFile(url);
  return useQuery({
    queryKey: ["answer-file", path],
    enabled: path !== null && wanted,
    // A stored file never changes.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: KEPT_MS,
    queryFn: (): Promise<Blob> =>
      unwrap(
        client.GET("/api/forms/{id}/files/{fileId}", {
          params: { path: path ?? { id: 0, fileId: "" } },
          parseAs: "blob",
        }),
      ) as Promise<Blob>,
  });
};
