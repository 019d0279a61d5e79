import { z } from "zod";

/**
 * Figures of a form's submissions themselves (how long a filling took, the device, the country,
 * the ones that came in since the reader last looked), not of any question's answers. The ranges
 * are asked as daily-submissions asks them: ZDailyQuery (dateFrom, dateTo, timezone).
 */

/** The edges, in seconds, of the filling times' buckets: under 30 s, 30-60 s, 1-2 min, ... 30 min and more. */
export const FILLING_TIME_EDGES = [0, 30, 60, 120, 300, 600, 1800] as const;

export const ZSubmissionsTime = z.object({
  /** Submissions in the range whose filling time is known (from the page's start to the submit). */
  count: z.number(),
  medianSeconds: z.number().nullable(),
  /** Rounded to a tenth of a second. */
  averageSeconds: z.number().nullable(),
  /** One bucket per FILLING_TIME_EDGES: fromSeconds inclusive, toSeconds exclusive (null: no end). */
  distribution: z.array(
    z.object({ fromSeconds: z.number(), toSeconds: z.number().nullable(), count: z.number() }),
  ),
  /** Days (in the asked zone) with timed submissions, oldest first. */
  byDay: z.array(z.object({ date: z.string(), count: z.number(), medianSeconds: z.number() })),
});
export type TSubmissionsTime = z.infer<typeof ZSubmissionsTime>;

export const SUBMISSION_DEVICES = ["desktop", "mobile", "tablet", "unknown"] as const;

export const ZSubmissionsDevices = z.object({
  total: z.number(),
  /** The kinds submissions came from, most first; a kind with none is left out. */
  items: z.array(z.object({ device: z.enum(SUBMISSION_DEVICES), count: z.number() })),
});
export type TSubmissionsDevices = z.infer<typeof ZSubmissionsDevices>;

export const ZSubmissionsCountries = z.object({
  total: z.number(),
  /** ISO 3166-1 alpha-2 codes, most first; null gathers the submissions of no known country. */
  items: z.array(z.object({ country: z.string().nullable(), count: z.number() })),
});
export type TSubmissionsCountries = z.infer<typeof ZSubmissionsCountries>;

export const ZRecentNew = z.object({
  formId: z.string(),
  /** Submissions since the caller last opened the form's results list (all of them before that). */
  count: z.number(),
  /** The latest of those submissions; null when there is none. */
  latestAt: z.string().nullable(),
  /** When the caller last opened the results list; null when they never did. */
  since: z.string().nullable(),
});
export type TRecentNew = z.infer<typeof ZRecentNew>;
