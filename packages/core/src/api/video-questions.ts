import { z } from "zod";

/** One submission's recorded (or uploaded) answer to a video or audio question. */
export const ZVideoQuestionAnswer = z.object({
  answerId: z.number().int(),
  /** The submission's number within its form (#12), as its page's address names it. */
  number: z.number().int().nullable(),
  submitTime: z.string(),
  file: z.object({
    id: z.string(),
    url: z.string(),
    name: z.string(),
    size: z.number().int(),
    mimeType: z.string(),
  }),
});
export type TVideoQuestionAnswer = z.infer<typeof ZVideoQuestionAnswer>;

/** GET /api/forms/{id}/video-questions/{fieldId}: every submission's answer to one question, a page at a time. */
export const ZVideoQuestionAnswers = z.object({
  total: z.number().int(),
  answers: z.array(ZVideoQuestionAnswer),
});
export type TVideoQuestionAnswers = z.infer<typeof ZVideoQuestionAnswers>;
