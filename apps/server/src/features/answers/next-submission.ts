import type { Query } from "../../db/connect.ts";
import type { UserRow } from "../../http/context.ts";
import { assertFillable } from "../forms/public.ts";
import type { FillableForm } from "./form-cache.ts";
import { lastSubmissionWithin, senderMatch } from "./respondent-keys.ts";

export interface NextSubmissionAsker {
  visitor: UserRow | undefined;
  /** The id of the signed respondent cookie, if the browser sent one. */
  respondent: string | undefined;
  ip: string;
}

/**
 * When this respondent may send the form again, told as the page opens, or null when they may
 * now. It knows the respondent exactly as the interval check of a submission does
 * (respondent-keys.ts). The submission stays the authority; this only spares filling a form for
 * nothing.
 */
export async function nextSubmissionTime(
  query: Query,
  form: FillableForm,
  asker: NextSubmissionAsker,
): Promise<string | null> {
  assertFillable(form.row, form.settings, asker.visitor);
  const seconds = form.intervalSeconds;
  if (seconds === null) return null;
  const key = { accountId: form.row.accountId, id: form.row.id };
  const match = await senderMatch(query, key, {
    userId: asker.visitor?.id ?? null,
    cookie: asker.respondent ?? null,
    fingerprint: null,
    ip: asker.ip,
  });
  const last = await lastSubmissionWithin(query, key, seconds, match);
  return last ? new Date(last.getTime() + seconds * 1000).toISOString() : null;
}
