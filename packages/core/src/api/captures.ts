import { z } from "zod";
import { CAPTURE_TYPES } from "../capture.ts";

/** GET /api/forms/{id}/answer/{answerId}/capture: what was captured of the submission's filling. */
export const ZAnswerCapture = z.object({
  /** Null when nothing was captured. */
  capture: z
    .object({
      mimeType: z.enum(CAPTURE_TYPES),
      chunks: z.number().int(),
      bytes: z.number().int(),
    })
    .nullable(),
});
export type TAnswerCapture = z.infer<typeof ZAnswerCapture>;

/** POST /api/forms/answer/upload_capture: the chunk stored (or stored before, when sent again). */
export const ZCaptureChunkStored = z.object({ seq: z.number().int(), stored: z.boolean() });
