import { z } from "zod";

/**
 * What a respondent is told of their result after sending a calculation form: the form's
 * outcome texts and the score the server computed. Never the correct answers, the points per
 * question, nor the hidden values the author keeps for the results page.
 */
export const ZRespondentOutcome = z.object({
  score: z.number(),
  maxScore: z.number(),
  result: z.discriminatedUnion("view", [
    z.object({
      view: z.literal("passed_failed"),
      passed: z.boolean(),
      brief: z.string(),
      detailed: z.string(),
    }),
    z.object({ view: z.literal("gradations"), brief: z.string(), detailed: z.string() }),
    z.object({
      view: z.literal("categories"),
      categories: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          score: z.number(),
          brief: z.string(),
          detailed: z.string(),
        }),
      ),
    }),
  ]),
});
export type TRespondentOutcome = z.infer<typeof ZRespondentOutcome>;
