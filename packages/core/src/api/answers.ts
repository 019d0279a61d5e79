import { z } from "zod";
import { ZRowIdInBody } from "./ids.ts";

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
});

export const ZAnswerView = z.object({
  id: z.number(),
  formId: z.number(),
  startTime: z.string().nullable(),
  submitTime: z.string(),
  formPassingTime: z.number().nullable(),
  isViewed: z.boolean(),
  username: z.string().nullable(),
  answers: z.array(ZStoredAnswer),
  device: ZDeviceData,
  /** Calculation forms only: total score, result and points per field. */
  score: z.number().nullable(),
  result: z.unknown(),
  fieldScores: z.record(z.string(), z.number()).nullable(),
});
export type TAnswerView = z.infer<typeof ZAnswerView>;

export const ZAnswerDetail = ZAnswerView.extend({ visibleFieldIds: z.array(z.string()).nullable() });
export type TAnswerDetail = z.infer<typeof ZAnswerDetail>;

export const ANSWER_SORT_KEYS = ["id", "submitTime", "formPassingTime", "isViewed", "score"] as const;

export const ZAnswerPageQuery = z.object({
  sortBy: z.enum(ANSWER_SORT_KEYS).default("submitTime"),
  order: z.enum(["asc", "desc"]).default("desc"),
  isViewed: z.enum(["true", "false"]).optional(),
});

export const ZAnswerPage = z.object({
  answerList: z.array(ZAnswerView),
  /** The fields this reader may see when their access is limited to selected fields; null means all. */
  visibleFieldIds: z.array(z.string()).nullable(),
  total: z.number(),
  page: z.number(),
  size: z.number(),
});
export type TAnswerPage = z.infer<typeof ZAnswerPage>;

export const ZAnswerIdsBody = z.object({ answerIds: z.array(ZRowIdInBody).min(1).max(1000) });

export const ZSubmissionAccepted = z.object({ id: z.number(), submitTime: z.string() });
