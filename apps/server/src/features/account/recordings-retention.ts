import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/connect.ts";
import {
  accounts,
  answerCaptures,
  answerRecognitions,
  behaviorLogs,
  sessionRecordings,
} from "../../db/schema.ts";
import type { FileStorage } from "../../storage/file-storage.ts";

/**
 * One kind of what is recorded of a respondent while they fill a form, kept per account: rows
 * keyed by account and id, dated by `created_at`, with bytes in the file storage where
 * `storageKey` names them. A new kind joins the retention by being listed here.
 */
export interface RecordedKind {
  table: PgTable;
  storageKey?: PgColumn;
}

/**
 * What the account's retention setting removes: session recordings, video and audio captures (their
 * bytes too), behaviour events (which page interactions are made of) and on-device recognition
 * (faces, emotions, age and gender per answer). The submission and its answers are kept.
 */
export const RECORDED_KINDS: Readonly<Record<string, RecordedKind>> = {
  sessionRecordings: { table: sessionRecordings },
  captures: { table: answerCaptures, storageKey: answerCaptures.storageKey },
  behaviour: { table: behaviorLogs },
  recognitions: { table: answerRecognitions },
};

/** Rows removed by one statement, so none holds its locks long. */
const BATCH = 500;
/** Batches one kind of one account gets per run; the rest waits for the next run. */
const MAX_BATCHES = 40;
/** Accounts one run sweeps; the others wait for the next run. */
const ACCOUNTS_PER_RUN = 50;

/**
 * Takes the accounts with a retention that were not swept within the hour, marking them swept:
 * FOR UPDATE SKIP LOCKED and the mark make each sweep run once, whatever number of processes run
 * the clean-up.
 */
async function claimAccounts(db: Db): Promise<Array<{ id: number; days: number }>> {
  const claimed = (await db.execute(sql`
    update ${accounts} set recordings_swept_at = now()
     where id in (
       select id from ${accounts}
        where recordings_retention_days is not null
          and (recordings_swept_at is null or recordings_swept_at < now() - interval '1 hour')
        order by recordings_swept_at nulls first, id
        limit ${ACCOUNTS_PER_RUN}
        for update skip locked)
     returning id, recordings_retention_days as days`)) as unknown as {
    rows: Array<{ id: number; days: number }>;
  };
  return claimed.rows;
}

/**
 * Removes one batch of a kind older than the cutoff from one account: the bytes first, then the
 * rows, so a process stopping between the two leaves rows that the next sweep removes with bytes
 * already gone, never bytes no row names. Answers how many rows went.
 */
async function removeBatch(
  db: Db,
  storage: FileStorage | undefined,
  kind: RecordedKind,
  accountId: number,
  cutoff: SQL,
): Promise<number> {
  const { table, storageKey } = kind;
  const old = sql`select id from ${table} where account_id = ${accountId} and created_at < ${cutoff}
                   order by created_at limit ${BATCH}`;
  if (!storageKey) {
    const removed = (await db.execute(sql`
      delete from ${table} where account_id = ${accountId} and id in (${old}) returning 1 as gone`)) as unknown as {
      rows: unknown[];
    };
    return removed.rows.length;
  }
  // Without a storage the bytes cannot go, so their rows stay to be swept by a run that has one.
  if (!storage) return 0;
  const rows = (await db.execute(sql`
    select id, ${sql.identifier(storageKey.name)} as key from ${table}
     where account_id = ${accountId} and id in (${old})`)) as unknown as {
    rows: Array<{ id: number; key: string }>;
  };
  if (rows.rows.length === 0) return 0;
  await Promise.all(rows.rows.map((row) => storage.delete(row.key)));
  const ids = rows.rows.map((row) => row.id);
  await db.execute(sql`
    delete from ${table} where account_id = ${accountId}
       and id in (${sql.join(
         ids.map((id) => sql`${id}::int`),
         sql`, `,
       )})`);
  return ids.length;
}

/**
 * Removes, in every account whose admin set a retention, what was recorded of its respondents
 * longer ago than that many days, kind by kind in batches; submissions and their answers stay.
 * An account with more left than a run removes is swept again by the next run. Answers the
 * accounts swept and the rows removed.
 */
export async function removeExpiredRecordings(
  db: Db,
  storage?: FileStorage,
): Promise<{ accounts: number; removed: number }> {
  const due = await claimAccounts(db);
  let removed = 0;
  for (const account of due) {
    const cutoff = sql`now() - make_interval(days => ${account.days}::int)`;
    let unfinished = false;
    for (const kind of Object.values(RECORDED_KINDS)) {
      for (let batch = 0; ; batch++) {
        if (batch === MAX_BATCHES) {
          unfinished = true;
          break;
        }
        const gone = await removeBatch(db, storage, kind, account.id, cutoff);
        removed += gone;
        if (gone < BATCH) break;
      }
    }
    if (unfinished)
      await db.execute(sql`update ${accounts} set recordings_swept_at = null where id = ${account.id}`);
  }
  return { accounts: due.length, removed };
}
