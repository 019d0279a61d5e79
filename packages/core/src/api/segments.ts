import { z } from "zod";
import { BEHAVIOR_ATTRIBUTES } from "../behavior-attributes.ts";
import { ZBehaviorAttributes } from "./behavior-patterns.ts";
import { ZRowIdInBody } from "./ids.ts";

const ZValue = z.number().int().min(0, "segment.range.invalid").max(100, "segment.range.invalid");

/** One condition of a segment: an attribute's value from and to, both included (core's SegmentCondition). */
export const ZSegmentCondition = z.object({
  attribute: z.enum(BEHAVIOR_ATTRIBUTES),
  from: ZValue,
  to: ZValue,
});

/** A segment as its author writes it (platform.md §3, §5). */
export const ZSegmentInput = z
  .object({
    name: z.string().trim().min(2, "segment.name.too_short").max(100),
    description: z.string().trim().max(1000).default(""),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "segment.color.invalid"),
    attributes: z.array(ZSegmentCondition).min(1, "segment.attributes.empty").max(BEHAVIOR_ATTRIBUTES.length),
  })
  .superRefine((segment, context) => {
    const seen = new Set<string>();
    segment.attributes.forEach((condition, index) => {
      if (seen.has(condition.attribute))
        context.addIssue({
          code: "custom",
          path: ["attributes", index, "attribute"],
          message: "segment.attributes.duplicate",
        });
      seen.add(condition.attribute);
      if (condition.from > condition.to)
        context.addIssue({
          code: "custom",
          path: ["attributes", index, "to"],
          message: "segment.range.invalid",
        });
    });
  });
export type TSegmentInput = z.infer<typeof ZSegmentInput>;

export const ZSegment = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  attributes: z.array(ZSegmentCondition),
  createdAt: z.string(),
  /** Submissions found in it by the recalculations so far, over every form. */
  members: z.number().int(),
});
export type TSegment = z.infer<typeof ZSegment>;

/** PATCH /api/forms/answers/recalculate-segments/{segmentId}: the forms whose submissions are measured again. */
export const ZRecalculateSegment = z.object({
  formIds: z.array(ZRowIdInBody).min(1).max(100),
});

/** A recalculation as a job: queued, running, done or failed, with its progress in submissions. */
export const ZSegmentJob = z.object({
  id: z.number(),
  segmentId: z.number(),
  state: z.enum(["queued", "running", "done", "failed"]),
  done: z.number().int(),
  total: z.number().int(),
});
export type TSegmentJob = z.infer<typeof ZSegmentJob>;

/** GET /api/segments/{id}/members: the submissions of one form found in the segment. */
export const ZSegmentMembers = z.object({
  members: z.array(
    z.object({
      answerId: z.number(),
      number: z.number().nullable(),
      submitTime: z.string(),
      attributes: ZBehaviorAttributes.nullable(),
    }),
  ),
});
export type TSegmentMembers = z.infer<typeof ZSegmentMembers>;
