import { z } from "zod";
import { isDay } from "./days.ts";
import { ZRowIdInBody } from "./ids.ts";

/** A calendar day or an instant; a bare day means its whole day in the caller's time zone. */
const ZDateBound = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, "request.invalid")
  .refine(isDay, "request.invalid")
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
  kind: z.enum(["choice", "numeric", "scale", "nps", "matrix", "ranking", "text"]),
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
  /**
   * A ranking (sortable) question's items, best placed first: the average place each was put in
   * (1 is first; null before any answer) and how many put it in each place, first place first.
   */
  ranking: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        averagePosition: z.number().nullable(),
        positions: z.array(z.number()),
      }),
    )
    .optional(),
  /** The latest non-empty answers, as text (an upload question's: its files' names). */
  samples: z.array(z.string()).optional(),
  /** An upload question's latest files, one list per submission, as `samples` names them. */
  sampleFiles: z
    .array(z.array(z.object({ url: z.string(), name: z.string(), size: z.number(), mimeType: z.string() })))
    .optional(),
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
export type TGroupedDates = z.infer<typeof ZGroupedDates>;
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
export type TNpsTimeline = z.infer<typeof ZNpsTimeline>;

/**
 * POST /api/forms/start: the respondent's page says a filling began (the first time a question is
 * touched). `key` is the Idempotency-Key its submission will be sent with; a key is counted once.
 */
export const ZFillStart = z.strictObject({
  formId: ZRowIdInBody,
  key: z.string().regex(/^[\x21-\x7e]{1,200}$/, "submission.key.invalid"),
});
export type TFillStart = z.infer<typeof ZFillStart>;

/** A share in percent with one decimal, null where there is nothing to divide by. */
const ZRate = z.number().nullable();

export const ZSubmitRate = z.object({
  /**
   * Times a browser was served the form's public page (not its thank-you page; HEAD requests,
   * prefetches and known crawlers left out). Kept per hour: the views of the hours that begin in
   * the range (exact for whole days in a zone a whole number of hours from UTC).
   */
  views: z.number(),
  /**
   * Fillings begun: the page reported a first touch of a question, or, where it could not (no
   * script), the filling was submitted; each filling counted once.
   */
  starts: z.number(),
  /** Submissions stored in the range. */
  submissions: z.number(),
  /** starts / views × 100. */
  startRate: ZRate,
  /** submissions / views × 100: the submit rate. */
  submitRate: ZRate,
  /** submissions / starts × 100: how many fillings begun were sent. */
  completionRate: ZRate,
});
export type TSubmitRate = z.infer<typeof ZSubmitRate>;

export const PERFORMING_SORTS = ["order", "answered", "answer_rate", "skip_rate", "average_time"] as const;

export const ZPerformingQuery = ZStatsRangeQuery.extend({
  /** The question's place in the form (the default), or one of the figures below. */
  sort_by: z.enum(PERFORMING_SORTS).default("order"),
  sort_order: z.enum(["asc", "desc"]).default("asc"),
});

export const ZPerformingQuestion = z.object({
  fieldId: z.string(),
  fieldType: z.string(),
  title: z.string(),
  /** 1-based place among the questions the reader sees. */
  position: z.number(),
  /**
   * Submissions whose respondent was shown the question: not those where a rule or the author hid
   * it, its page was not reached, it was not among the questions drawn for them, or it was added
   * to the form after they sent it. Submissions stored before this was kept count as shown.
   */
  shown: z.number(),
  /** Submissions with a non-empty answer to the question. */
  answered: z.number(),
  /** Submissions that were shown the question and left it empty. */
  skipped: z.number(),
  /** answered / shown × 100. */
  answerRate: ZRate,
  /** skipped / shown × 100. */
  skipRate: ZRate,
  /**
   * Mean seconds the question held the focus, over the submissions whose page measured it (forms
   * that collect behaviour, with consent where asked); null when none did.
   */
  averageTime: z.number().nullable(),
  /** Submissions the average time is taken over. */
  timed: z.number(),
});
export type TPerformingQuestion = z.infer<typeof ZPerformingQuestion>;

export const ZPerformingQuestions = z.object({
  /** Submissions in the range. */
  total: z.number(),
  questions: z.array(ZPerformingQuestion),
});
export type TPerformingQuestions = z.infer<typeof ZPerformingQuestions>;

export const ZFieldAnalysis = z.object({
  fieldId: z.string(),
  title: z.string(),
  position: z.number(),
  /** Fillings that touched the question (recorded behaviour) or answered it (submitted). */
  reached: z.number(),
  /** Submissions with a non-empty answer to it. */
  answered: z.number(),
  /** Unfinished fillings whose last recorded touch was on this question: where they stopped. */
  stoppedHere: z.number(),
  /** Mean seconds the question held the focus in submissions that measured it; null when none did. */
  averageTime: z.number().nullable(),
});
export type TFieldAnalysis = z.infer<typeof ZFieldAnalysis>;

export const ZFieldsAnalysis = z.object({
  /**
   * Fillings begun in the range: reported begun (POST /api/forms/start), with a question touched in
   * their recorded behaviour, or submitted.
   */
  fillings: z.number(),
  /** Those of them that were submitted. */
  submitted: z.number(),
  /** Fillings never submitted. */
  unfinished: z.number(),
  /** Unfinished fillings with no recorded touch of a question the reader sees. */
  stoppedBeforeAnyQuestion: z.number(),
  fields: z.array(ZFieldAnalysis),
});
export type TFieldsAnalysis = z.infer<typeof ZFieldsAnalysis>;
