import { z } from "zod";
import { parseJsonText } from "../text.ts";

/**
 * The results table's filters, sent as one JSON text in the `filters` query parameter of
 * GET /forms/{id}/answer/paginated/{page}/{size}. Every condition narrows the rows further.
 */
const ZFieldId = z.string().min(1).max(100);

/** The NPS groups a results filter narrows to (forms.md §2, the NPS scale of §9 is 0-10). */
export const NPS_GROUPS = ["promoters", "passives", "detractors"] as const;
export type TNpsGroup = (typeof NPS_GROUPS)[number];
/** Each group's inclusive score bounds. */
export const NPS_GROUP_BOUNDS: Record<TNpsGroup, readonly [number, number]> = {
  promoters: [9, 10],
  passives: [7, 8],
  detractors: [0, 6],
};

export const ZFieldFilter = z.discriminatedUnion("op", [
  /** A choice (or any answer) that is exactly this value; for several-choice fields, one of the ticked. */
  z.strictObject({ fieldId: ZFieldId, op: z.literal("equals"), value: z.string().max(500) }),
  /** A text answer holding this text, case aside. */
  z.strictObject({ fieldId: ZFieldId, op: z.literal("contains"), value: z.string().min(1).max(200) }),
  /** A number answer within the bounds (each optional, both inclusive). */
  z.strictObject({
    fieldId: ZFieldId,
    op: z.literal("range"),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
  }),
  /**
   * A date question's answer on or between these days (YYYY-MM-DD, each optional, both inclusive;
   * an answer with a time counts by its day).
   */
  z.strictObject({
    fieldId: ZFieldId,
    op: z.literal("dates"),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  }),
  /** An NPS answer in one of its groups: promoters 9-10, passives 7-8, detractors 0-6. */
  z.strictObject({ fieldId: ZFieldId, op: z.literal("nps"), group: z.enum(NPS_GROUPS) }),
]);
export type TFieldFilter = z.infer<typeof ZFieldFilter>;

export const ZAnswerFilters = z.strictObject({
  fields: z.array(ZFieldFilter).max(20).optional(),
  scoreMin: z.number().finite().optional(),
  scoreMax: z.number().finite().optional(),
  /** "passed", "failed", or a gradation's id. */
  result: z.string().min(1).max(100).optional(),
  /** Rows carrying any of these tags. */
  tags: z.array(z.string().min(1).max(50)).min(1).max(20).optional(),
  /** Submitted on or after / before the end of these days (YYYY-MM-DD, UTC) or instants (ISO). */
  dateFrom: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  dateTo: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  /** Text anywhere in the answers the reader may see, case aside. */
  search: z.string().min(1).max(200).optional(),
});
export type TAnswerFilters = z.infer<typeof ZAnswerFilters>;

/** The `filters` query parameter: JSON text of ZAnswerFilters. */
export const ZAnswerFiltersParam = z
  .string()
  .max(8000)
  .transform((text, ctx) => {
    try {
      const parsed = parseJsonText(text);
      if (parsed.storable) return parsed.value;
      ctx.addIssue({ code: "custom", message: "request.invalid_characters" });
    } catch {
      ctx.addIssue({ code: "custom", message: "request.invalid" });
    }
    return z.NEVER;
  })
  .pipe(ZAnswerFilters)
  .describe(
    "JSON: fields (equals/contains/range/dates/nps per field), scoreMin, scoreMax, result, tags, dateFrom, dateTo, search.",
  );

export const ZTag = z.string().trim().min(1, "request.invalid").max(50, "request.invalid");
export const ZUpdateTagsBody = z.strictObject({ tags: z.array(ZTag).max(20) });
export const ZUpdateScoreBody = z.strictObject({ score: z.number().finite().min(-1e9).max(1e9).nullable() });
export const ZUpdateFieldScoreBody = z.strictObject({
  field: ZFieldId,
  score: z.number().finite().min(-1e9).max(1e9),
});
export const ZUpdateCommentBody = z.strictObject({ field: ZFieldId, comment: z.string().max(2000) });

export const ZAnswerNotes = z.object({
  id: z.number(),
  tags: z.array(z.string()),
  score: z.number().nullable(),
  fieldScores: z.record(z.string(), z.number()).nullable(),
  fieldComments: z.record(z.string(), z.string()),
});
export type TAnswerNotes = z.infer<typeof ZAnswerNotes>;

export const ZTagList = z.object({ tags: z.array(z.string()) });

/** The results table's columns as one user arranged them for one form. */
export const ZResultsColumn = z.strictObject({
  /** A field's id, or one of the fixed columns: number, submitTime, formPassingTime, score, result, tags, status. */
  key: z.string().min(1).max(100),
  visible: z.boolean(),
  width: z.number().int().min(60).max(800).optional(),
});
export const ZResultsColumns = z.strictObject({ columns: z.array(ZResultsColumn).max(300) });
export type TResultsColumns = z.infer<typeof ZResultsColumns>;
