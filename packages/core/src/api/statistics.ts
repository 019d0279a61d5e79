import { z } from "zod";

/** A calendar day or an instant; a bare day means its whole day in the caller's time zone. */
const ZDateBound = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, "request.invalid")
  .optional();

/** IANA time zone in which days and months are counted; the user's own when absent. */
const ZTimeZone = z.string().min(1).max(64).optional();

export const ZStatsRangeQuery = z.object({
  date_from: ZDateBound,
  date_to: ZDateBound,
  timezone: ZTimeZone,
});

/** daily-submissions names its range in camel case, as the spec does. */
export const ZDailyQuery = z.object({ dateFrom: ZDateBound, dateTo: ZDateBound, timezone: ZTimeZone });

export const ZChoiceCount = z.object({
  id: z.string(),
  title: z.string(),
  count: z.number(),
  /** Share of the field's answered submissions, 0-100 (a multiple choice may sum past 100). */
  percent: z.number(),
});

export const ZNpsCounts = z.object({
  total: z.number(),
  promoters: z.number(),
  passives: z.number(),
  detractors: z.number(),
  /** Promoters' share minus detractors' share, -100 to 100; null without answers. */
  score: z.number().nullable(),
});
export type TNpsCounts = z.infer<typeof ZNpsCounts>;

export const ZFieldSummary = z.object({
  fieldId: z.string(),
  fieldType: z.string(),
  title: z.string(),
  kind: z.enum(["choice", "numeric", "scale", "nps", "matrix", "text"]),
  /** Submissions with a non-empty answer to the field. */
  answered: z.number(),
  choices: z.array(ZChoiceCount).optional(),
  numeric: z
    .object({ min: z.number(), max: z.number(), mean: z.number(), median: z.number() })
    .nullable()
    .optional(),
  distribution: z.array(z.object({ value: z.number(), count: z.number(), percent: z.number() })).optional(),
  nps: ZNpsCounts.optional(),
  matrix: z
    .object({
      columns: z.array(z.object({ id: z.string(), title: z.string() })),
      rows: z.array(
        z.object({ id: z.string(), title: z.string(), counts: z.record(z.string(), z.number()) }),
      ),
    })
    .optional(),
  /** The latest non-empty answers, as text. */
  samples: z.array(z.string()).optional(),
});
export type TFieldSummary = z.infer<typeof ZFieldSummary>;

export const ZAnswersSummary = z.object({ total: z.number(), fields: z.array(ZFieldSummary) });
export type TAnswersSummary = z.infer<typeof ZAnswersSummary>;

export const ZDayCount = z.object({ date: z.string(), count: z.number() });
export const ZDailySubmissions = z.object({ total: z.number(), days: z.array(ZDayCount) });
export type TDailySubmissions = z.infer<typeof ZDailySubmissions>;

export const ZGroupedDay = ZDayCount.extend({
  forms: z.array(z.object({ formId: z.number(), title: z.string(), count: z.number() })),
});
export const ZGroupedDates = z.object({ days: z.array(ZGroupedDay) });
export const ZMonthQuery = z.object({
  /** YYYY-MM; the current month when absent. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "request.invalid")
    .optional(),
  timezone: ZTimeZone,
});

export const NPS_PERIODS = ["day", "week", "month", "year"] as const;

export const ZNpsQuery = ZStatsRangeQuery.extend({
  nps_id: z.string().min(1).max(200).optional(),
  period: z.enum(NPS_PERIODS).default("month"),
});

export const ZNpsResult = ZNpsCounts.extend({
  fieldId: z.string(),
  title: z.string(),
  /** How many gave each score 0-10. */
  distribution: z.array(z.object({ value: z.number(), count: z.number() })),
  /** The same counts per period (its first day), oldest first. */
  periods: z.array(ZNpsCounts.extend({ period: z.string() })),
});
export type TNpsResult = z.infer<typeof ZNpsResult>;

export const ZNpsFields = z.object({ fields: z.array(z.object({ id: z.string(), title: z.string() })) });

export const ZNpsTimelineQuery = ZStatsRangeQuery.extend({
  nps_id: z.string().min(1).max(200).optional(),
  itemsPerPage: z.coerce.number().int().min(1).max(500).default(20),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

export const ZNpsTimeline = z.object({
  fieldId: z.string(),
  total: z.number(),
  page: z.number(),
  itemsPerPage: z.number(),
  items: z.array(
    z.object({
      answerId: z.number(),
      submitTime: z.string(),
      value: z.number(),
      group: z.enum(["promoter", "passive", "detractor"]),
    }),
  ),
});
