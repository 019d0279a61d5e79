import { z } from "zod";

/**
 * Where the next results page starts: given back with each page as `nextCursor` and sent as
 * `after`, it reads on from the last row shown instead of skipping OFFSET rows, however deep.
 */
export const ZAnswerCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,400}$/, "request.invalid")
  .describe("The nextCursor of the previous page, with the same sortBy and order; page is then ignored.");

export const ZAnswerCursorQuery = z.object({ after: ZAnswerCursor.optional() });

export const ZNextCursor = z.object({
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
