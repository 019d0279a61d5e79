import { z } from "zod";
import { ZRowIdInBody } from "./ids.ts";

/**
 * The answers so far of a filling not yet sent (PUT /api/forms/partial), kept under the key the
 * submission will be sent with; a later save under the same key replaces it, the submission
 * itself takes its place.
 */
export const ZPartialResponse = z.object({
  formId: ZRowIdInBody,
  key: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, "submission.key.invalid")
    .describe("The Idempotency-Key the submission will be sent with."),
  answers: z.array(z.object({ fieldId: z.string().min(1).max(64), answer: z.unknown() })).max(1000),
  /** The page the respondent is on (0 = first). */
  page: z.number().int().min(0).max(10_000).default(0),
  /** The question where they are: the first of their page. */
  stoppedAt: z.string().min(1).max(64).nullable().default(null),
  startTime: z.iso.datetime({ offset: true }).optional(),
});
export type TPartialResponse = z.infer<typeof ZPartialResponse>;

/** Which rows the results table lists: sent submissions (the default) or partial responses. */
export const ANSWER_STATUSES = ["completed", "partial"] as const;
export type TAnswerStatus = (typeof ANSWER_STATUSES)[number];
