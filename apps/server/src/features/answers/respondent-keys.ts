import type { Query } from "../../db/connect.ts";

/** Who sends a submission, as far as the server can tell. */
export interface Sender {
  /** The signed-in user, of this account or another. */
  userId: number | null;
  /** The id in the signed respondent cookie, if the browser sent a valid one. */
  cookie: string | null;
  fingerprint: string | null;
  ip: string;
}

/** How a sender's earlier submissions to one form are found: by whichever of these is set. */
export interface SenderMatch {
  /** Also found by the user column, which submissions stored before `storedRespondent` have alone. */
  userId: number | null;
  respondent: string | null;
  fingerprint: string | null;
  /** Set only while the sender is known by nothing better (see `senderMatch`). */
  ip: string | null;
}

interface FormKey {
  accountId: number;
  id: number;
}

/**
 * The respondent a submission is stored under: a signed-in user by their user, whichever account
 * they belong to, so a new cookie does not make them someone else; anyone else by their cookie.
 */
export function storedRespondent(sender: Sender): string | null {
  return sender.userId !== null ? `user:${sender.userId}` : sender.cookie;
}

/**
 * The sender as the form's time between submissions knows them. A signed-in user is their user.
 * A cookie is had afresh by opening the form's page, so it stands for a respondent only once it
 * has filled this form; until then the address counts as well, and a determined sender must at
 * least change address, not merely reopen the page.
 */
export async function senderMatch(query: Query, form: FormKey, sender: Sender): Promise<SenderMatch> {
  const respondent = storedRespondent(sender);
  const known =
    sender.userId !== null || (sender.cookie !== null && (await hasFilled(query, form, sender.cookie)));
  return { userId: sender.userId, respondent, fingerprint: sender.fingerprint, ip: known ? null : sender.ip };
}

async function hasFilled(query: Query, form: FormKey, respondent: string): Promise<boolean> {
  const found = await query(
    `select 1 from form_answers
      where account_id = $1::int4 and form_id = $2::int4 and respondent = $3::text limit 1`,
    [form.accountId, form.id, respondent],
  );
  return found.length > 0;
}

/** One lock name for each way the sender is known: two submissions sharing any one wait for each other. */
export function lockKeys(match: SenderMatch): string[] {
  return [
    match.respondent && `respondent:${match.respondent}`,
    match.fingerprint && `fingerprint:${match.fingerprint}`,
    match.ip && `ip:${match.ip}`,
  ].filter((key): key is string => Boolean(key));
}

/** When the sender last submitted this form within the last `seconds`, or null. */
export async function lastSubmissionWithin(
  query: Query,
  form: FormKey,
  seconds: number,
  match: SenderMatch,
): Promise<Date | null> {
  const [last] = await query<{ at: string | null }>(
    `select to_json(max(submit_time)) #>> '{}' as at from form_answers
      where account_id = $1::int4 and form_id = $2::int4
        and submit_time > now() - make_interval(secs => $3::float8)
        and (user_id = $4::int4 or respondent = $5::text or device_fingerprint = $6::text
             or ip = $7::text)`,
    [form.accountId, form.id, seconds, match.userId, match.respondent, match.fingerprint, match.ip],
  );
  return last?.at ? new Date(last.at) : null;
}
