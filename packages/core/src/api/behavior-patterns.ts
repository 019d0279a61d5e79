import { z } from "zod";
import { BEHAVIOR_ATTRIBUTES } from "../behavior-attributes.ts";

/** The six behavioural attributes of a submission, each 0–100 (core's behavior-attributes.ts, docs/behaviour.md). */
export const ZBehaviorAttributes = z.object(
  Object.fromEntries(BEHAVIOR_ATTRIBUTES.map((name) => [name, z.number().int().min(0).max(100)])) as Record<
    (typeof BEHAVIOR_ATTRIBUTES)[number],
    z.ZodNumber
  >,
);
export type TBehaviorAttributes = z.infer<typeof ZBehaviorAttributes>;

/** One question's time with the focus against the author's expected shortest and longest time. */
export const ZFieldBehavior = z.object({
  fieldId: z.string(),
  question: z.string(),
  seconds: z.number(),
  visits: z.number().int(),
  minTime: z.number().nullable(),
  maxTime: z.number().nullable(),
  /** Where the time fell outside the expected bounds; null when within them or without bounds. */
  outside: z.enum(["shorter", "longer"]).nullable(),
});

/** GET /api/forms/{id}/answer/{answerId}/spider: a submission's behaviour pattern. */
export const ZAnswerSpider = z.object({
  answerId: z.number(),
  number: z.number().nullable(),
  /** Null when its page recorded no behaviour that spans any time. */
  attributes: ZBehaviorAttributes.nullable(),
  fields: z.array(ZFieldBehavior),
});
export type TAnswerSpider = z.infer<typeof ZAnswerSpider>;

/** GET /api/forms/{id}/answer/list/spider/{page}/{size}: the patterns of a page of submissions, newest first. */
export const ZSpiderList = z.object({
  total: z.number().int(),
  /** The mean of each attribute over the measured submissions of the page; null when none was measured. */
  average: ZBehaviorAttributes.nullable(),
  submissions: z.array(
    z.object({
      answerId: z.number(),
      number: z.number().nullable(),
      submitTime: z.string(),
      attributes: ZBehaviorAttributes.nullable(),
    }),
  ),
});
export type TSpiderList = z.infer<typeof ZSpiderList>;
