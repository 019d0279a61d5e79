import type { MessageCode } from "@formloom/core/errors";
import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/connect.ts";
import { RateLimited } from "../../http/rate-limits.ts";

/** What a filling's media (session recordings, captures) may hold while no submission took it. */
export interface UnclaimedShare {
  /** Bytes of a form's unclaimed media within the last `unclaimedMinutes`. */
  unclaimedBytesPerForm: number;
  /** Bytes of one address's unclaimed media on a form within a day. */
  unclaimedBytesPerAddress: number;
  unclaimedMinutes: number;
}

/**
 * Refuses a piece (a batch, a chunk) of a filling no submission took yet when the form's recent
 * unclaimed media, or the address's of the last day, would pass their share; a piece of a filling
 * already sent, or one sent again, passes. `table` has account_id, form_id, submission_key, seq,
 * bytes, uploader and created_at. Run under the form's lock.
 */
export async function holdUnclaimed(
  tx: Pick<Db, "execute">,
  table: PgTable,
  share: UnclaimedShare,
  refusal: { addressCode: MessageCode; addressRetrySeconds: number; formCode: MessageCode },
  piece: { accountId: number; formId: number; key: string; seq: number; uploader: string; bytes: number },
): Promise<void> {
  const { accountId, formId, key, seq, uploader, bytes } = piece;
  const { unclaimedBytesPerForm, unclaimedBytesPerAddress, unclaimedMinutes } = share;
  const recent: SQL = sql`m.created_at > now() - make_interval(mins => ${unclaimedMinutes})`;
  const result = (await tx.execute(sql`
    select (exists (select 1 from form_answers a where a.account_id = ${accountId} and a.form_id = ${formId}
                      and a.submission_key = ${key})
            or exists (select 1 from ${table} o where o.account_id = ${accountId} and o.form_id = ${formId}
                         and o.submission_key = ${key} and o.seq = ${seq})) as sent,
           coalesce(sum(m.bytes) filter (where ${recent}), 0)::float8 as form_bytes,
           coalesce(sum(m.bytes) filter (where m.uploader = ${uploader}), 0)::float8 as address_bytes,
           extract(epoch from min(m.created_at) filter (where ${recent})
             + make_interval(mins => ${unclaimedMinutes}) - now())::float8 as oldest
      from ${table} m
     where m.account_id = ${accountId} and m.form_id = ${formId} and m.created_at > now() - interval '1 day'
       and not exists (select 1 from form_answers a where a.account_id = m.account_id
                         and a.form_id = m.form_id and a.submission_key = m.submission_key)`)) as unknown as {
    rows: Array<{ sent: boolean; form_bytes: number; address_bytes: number; oldest: number | null }>;
  };
  const held = result.rows[0];
  if (!held || held.sent) return;
  if (Number(held.address_bytes) + bytes > unclaimedBytesPerAddress) {
    throw new RateLimited(refusal.addressCode, refusal.addressRetrySeconds);
  }
  if (Number(held.form_bytes) + bytes > unclaimedBytesPerForm) {
    // Until the oldest of the recent ones stops counting.
    throw new RateLimited(refusal.formCode, Math.max(1, Math.ceil(Number(held.oldest ?? 60))));
  }
}
