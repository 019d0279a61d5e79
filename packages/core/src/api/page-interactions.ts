import { z } from "zod";

/** GET /api/forms/{id}/page-interactions/{page}/{size}: which visits, in which order. */
export const ZPageInteractionQuery = z.object({
  /** All visits, only those that ended in a submission, or only those that did not. */
  show: z.enum(["all", "answered", "unanswered"]).default("all"),
  date_from: z.string().max(40).optional(),
  date_to: z.string().max(40).optional(),
  timezone: z.string().max(64).optional(),
  order: z.enum(["asc", "desc"]).default("desc"),
});

/** One visit to the form's page (platform.md §3 "Page interaction"): the filling its behaviour was recorded under. */
export const ZPageInteraction = z.object({
  /** The filling's key, which its behaviour and its submission (if any) are stored under. */
  pid: z.string(),
  start: z.string(),
  end: z.string(),
  /** Seconds from the page's opening to its last recorded event. */
  duration: z.number(),
  /** The signed-in user who sent the submission; null for anonymous respondents and unsent visits. */
  user: z.string().nullable(),
  answer: z.object({ id: z.number(), number: z.number().nullable() }).nullable(),
});
export type TPageInteraction = z.infer<typeof ZPageInteraction>;

export const ZPageInteractionPage = z.object({
  total: z.number().int(),
  interactions: z.array(ZPageInteraction),
});
export type TPageInteractionPage = z.infer<typeof ZPageInteractionPage>;
