import { z } from "zod";
import { SESSION_RECORDING_LIMITS } from "../session-recording.ts";
import { ZRowIdInBody } from "./ids.ts";

/** One rrweb event: its kind and moment; the rest is rrweb's own and replayed as it came. */
const ZRecordedEvent = z.looseObject({
  type: z.number().int().min(0).max(10),
  timestamp: z.number().nonnegative(),
});

/** POST /api/forms/answer/session-recording: one batch of a filling's session recording. */
export const ZSessionRecordingBatch = z.strictObject({
  formId: ZRowIdInBody,
  key: z.string().regex(/^[\x21-\x7e]{1,200}$/, "submission.key.invalid"),
  seq: z.number().int().min(0).max(SESSION_RECORDING_LIMITS.maxBatchesPerFilling),
  capturingConfirmOptions: z.array(z.string().max(64)).max(20),
  /** The behavioural consent options the respondent ticked: without them no pointer event is kept. */
  behavioralConfirmOptions: z.array(z.string().max(64)).max(20).optional(),
  events: z
    .array(ZRecordedEvent)
    .min(1)
    .max(SESSION_RECORDING_LIMITS.eventsPerBatch, "session_recording.too_large"),
});
export type TSessionRecordingBatch = z.infer<typeof ZSessionRecordingBatch>;

/** GET /api/forms/{id}/answer/{answerId}/session-recording: the events to replay, in order. */
export const ZSessionRecording = z.object({
  /** Empty when nothing was recorded. */
  events: z.array(ZRecordedEvent),
  /** The gzipped size stored. */
  bytes: z.number(),
});
export type TSessionRecording = z.infer<typeof ZSessionRecording>;
