import { z } from "zod";
import { BEHAVIOR_EVENT_TYPES, BEHAVIOR_LIMITS } from "../behavior.ts";
import { ZRowIdInBody } from "./ids.ts";

const ZCoordinate = z.number().int().min(-100_000).max(100_000);

export const ZBehaviorEvent = z.strictObject({
  type: z.enum(BEHAVIOR_EVENT_TYPES),
  at: z.number().int().min(0).max(BEHAVIOR_LIMITS.maxAtMs),
  field: z.string().min(1).max(64).optional(),
  x: ZCoordinate.optional(),
  y: ZCoordinate.optional(),
  count: z.number().int().min(-100_000).max(100_000).optional(),
  text: z.string().max(BEHAVIOR_LIMITS.textLength).optional(),
});

/** POST /api/forms/logger: one batch of a filling's behaviour (core's behavior.ts). */
export const ZBehaviorBatch = z.strictObject({
  formId: ZRowIdInBody,
  key: z.string().regex(/^[\x21-\x7e]{1,200}$/, "submission.key.invalid"),
  seq: z.number().int().min(0).max(BEHAVIOR_LIMITS.maxBatchesPerFilling),
  behavioralConfirmOptions: z.array(z.string().max(64)).max(20).optional(),
  events: z.array(ZBehaviorEvent).min(1).max(BEHAVIOR_LIMITS.eventsPerBatch, "logger.batch_too_large"),
});
export type TBehaviorBatch = z.infer<typeof ZBehaviorBatch>;

/** GET /api/forms/{id}/answer/{answerId}/event-logs: the behaviour recorded while the submission was filled. */
export const ZEventLog = z.object({
  /** Batches the page sent, in order; their events run from the page's opening. */
  batches: z.number(),
  events: z.array(ZBehaviorEvent),
});
export type TEventLog = z.infer<typeof ZEventLog>;
