import { z } from "zod";

/** The largest response limit an author may set: more than any form is expected to take. */
export const MAX_RESPONSES_LIMIT = 1_000_000_000;

/**
 * Why a published form no longer takes submissions: its closing moment has passed (since then),
 * or it holds as many submissions as its limit allows.
 */
export const ZFormClosed = z.discriminatedUnion("reason", [
  z.object({ reason: z.literal("closeAt"), since: z.string() }),
  z.object({ reason: z.literal("maxResponses"), limit: z.number() }),
]);
export type TFormClosed = z.infer<typeof ZFormClosed>;

/** The two closing settings; a form stored before they existed has neither. */
export interface ClosingSettings {
  closeAt?: string | null | undefined;
  maxResponses?: number | null | undefined;
}

/** The closing moment has passed at `now`. */
export function closedByTime(settings: ClosingSettings, now: Date = new Date()): boolean {
  if (!settings.closeAt) return false;
  const at = Date.parse(settings.closeAt);
  return Number.isFinite(at) && at <= now.getTime();
}

/** `count` submissions reach the form's limit. */
function limitReached(settings: ClosingSettings, count: number): boolean {
  return typeof settings.maxResponses === "number" && count >= settings.maxResponses;
}

/**
 * Why the form is closed, given how many submissions it holds (forms.md §8 "form closed for
 * submission"); null while it still takes them. The date is told first: it does not change back.
 */
export function formClosed(
  settings: ClosingSettings,
  count: number,
  now: Date = new Date(),
): TFormClosed | null {
  if (closedByTime(settings, now))
    return { reason: "closeAt", since: new Date(settings.closeAt!).toISOString() };
  if (limitReached(settings, count)) return { reason: "maxResponses", limit: settings.maxResponses! };
  return null;
}
