import { z } from "zod";
import { ZShownEnding } from "../ending-screen-schema.ts";
import { ZRespondentOutcome } from "../thank-you.ts";
import { ZRowIdInBody } from "./ids.ts";
import { ANSWER_STATUSES } from "./partials.ts";
import { ZAnswerFiltersParam } from "./results-table.ts";

export const ZStoredAnswer = z.object({
  fieldId: z.string(),
  answer: z.unknown(),
  answeringTime: z.number().optional(),
  formulaName: z.string(),
});

export const ZDeviceData = z.object({
  type: z.string(),
  os: z.string(),
  browser: z.string(),
  language: z.string(),
  platform: z.string(),
  /** The screen in CSS pixels, as the browser told it. */
  width: z.number().optional(),
  height: z.number().optional(),
});

/** Where the submitter's address is (apps/server geo.ts); null for private addresses. */
export const ZGeoData = z.object({
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  timeZone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TGeoData = z.infer<typeof ZGeoData>;

export const ZAnswerView = z.object({
  id: z.number(),
  /** The submission's number within its form: 1 for the first, never reused. */
  number: z.number().nullable().optional(),
  formId: z.number(),
  startTime: z.string().nullable(),
  submitTime: z.string(),
  formPassingTime: z.number().nullable(),
  isViewed: z.boolean(),
  username: z.string().nullable(),
  answers: z.array(ZStoredAnswer),
  device: ZDeviceData,
  geo: ZGeoData.nullable().optional(),
  /** Calculation forms only: total score, result and points per field. */
  score: z.number().nullable(),
  result: z.unknown(),
  fieldScores: z.record(z.string(), z.number()).nullable(),
  /** The readers' tags and comments per field. */
  tags: z.array(z.string()).optional(),
  fieldComments: z.record(z.string(), z.string()).optional(),
  /** The options ticked in the form's consent pop-ups ([] when cancelled); null when not asked. */
  capturingConfirmOptions: z.array(z.string()).nullable().optional(),
  behavioralConfirmOptions: z.array(z.string()).nullable().optional(),
  /** A partial response (a filling not sent yet): the question where the respondent stopped. */
  partial: z.object({ stoppedAt: z.string().nullable() }).optional(),
});
export type TAnswerView = z.infer<typeof ZAnswerView>;

export const ZAnswerDetail = ZAnswerView.extend({ visibleFieldIds: z.array(z.string()).nullable() });
export type TAnswerDetail = z.infer<typeof ZAnswerDetail>;

export const ANSWER_SORT_KEYS = [
  "id",
  "number",
  "submitTime",
  "formPassingTime",
  "isViewed",
  "score",
] as const;

/** Sorting by a field's answer: `answer:` and the field's id. */
export const ANSWER_SORT_PREFIX = "answer:";

export const ZAnswerPageQuery = z.object({
  sortBy: z
    .union([z.enum(ANSWER_SORT_KEYS), z.templateLiteral([ANSWER_SORT_PREFIX, z.string().min(1).max(100)])])
    .default("submitTime")
    .describe(
      "A column, or `answer:<fieldId>` for a field's answer (numbers by value, texts alphabetically, unanswered last).",
    ),
  order: z.enum(["asc", "desc"]).default("desc"),
  isViewed: z.enum(["true", "false"]).optional(),
  filters: ZAnswerFiltersParam.optional(),
  /**
   * "false": a filtered page leaves its total to `answer/count` (null when it cannot tell it from
   * the page itself), so paging and sorting never count every matching row again.
   */
  withTotal: z.enum(["true", "false"]).default("true"),
  /** "partial": the fillings not sent yet that the server kept (their time is when last saved). */
  status: z.enum(ANSWER_STATUSES).default("completed"),
});

/** The rows a results page would hold across all its pages: read state and filters, no order. */
export const ZAnswerCountQuery = ZAnswerPageQuery.pick({ isViewed: true, filters: true, status: true });
export const ZAnswerCount = z.object({ total: z.number() });

export const ZAnswerPage = z.object({
  answerList: z.array(ZAnswerView),
  /** The fields this reader may see when their access is limited to selected fields; null means all. */
  visibleFieldIds: z.array(z.string()).nullable(),
  /** Every row the filters match; null when asked without it and the page alone cannot tell. */
  total: z.number().nullable(),
  page: z.number(),
  size: z.number(),
});
export type TAnswerPage = z.infer<typeof ZAnswerPage>;

/** GET /forms/{id}/answer: all the matching submissions at once, and how many they are. */
export const ZAnswerList = ZAnswerPage.pick({ answerList: true, visibleFieldIds: true }).extend({
  total: z.number(),
});

export const ZAnswerIdsBody = z.object({ answerIds: z.array(ZRowIdInBody).min(1).max(1000) });

export const ZSubmissionAccepted = z.object({
  id: z.number(),
  submitTime: z.string(),
  /** A calculation form's result as the respondent may see it; null for other forms. */
  outcome: ZRespondentOutcome.nullable().describe(
    "A calculation form's result for the respondent: passed/failed, the gradation or each category's level with their texts, and the score. Never the correct answers, points per question or hidden values.",
  ),
  ending: ZShownEnding.nullable()
    .optional()
    .describe(
      "The ending screen the answers reached (a quiz gradation's or a rule's): its title, text and picture, shown instead of the form's own thank-you page; null for that page.",
    ),
  /** The next form's link when the form was filled as a step of a form chain, not its last. */
  chainNext: z.string().nullable().optional(),
});
