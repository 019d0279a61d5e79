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
 * keyed by account and id, belonging to a filling by form and `submission_key`, dated by
 * `created_at`, with bytes in the file storage where `storageKey` names them. A new kind joins
 * the retention by being listed here.
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

/** Fillings each kind puts forward per batch, so no statement holds its locks long. */
const FILLINGS = 50;
/** Batches one account gets per run; the rest waits for the next run. */
const MAX_BATCHES = 40;
/** Capture bytes removed at once from the file storage. */
const DELETES_AT_ONCE = 50;
/** How long one run goes on taking due accounts; the others wait for the next run. */
const RUN_BUDGET_MS = 5 * 60 * 1000;

interface Filling {
  formId: number;
  key: string;
}

/**
 * Takes the next account with a retention that was not swept within the hour (and not yet in this
 * run), marking it swept: FOR UPDATE SKIP LOCKED and the mark make each sweep run once, whatever
 * number of processes run the clean-up. Answers the account and the time before which its
 * recordings go.
 */
async function claimAccount(db: Db, taken: number[]): Promise<{ id: number; cutoff: string } | undefined> {
  const notTaken =
    taken.length === 0
      ? sql``
      : sql`and id not in (${sql.join(
          taken.map((id) => sql`${id}::int`),
          sql`, `,
        )})`;
  const claimed = (await db.execute(sql`
    update ${accounts} set recordings_swept_at = now()
     where id = (
       select id from ${accounts}
        where recordings_retention_days is not null
          and (recordings_swept_at is null or recordings_swept_at < now() - interval '1 hour')
          ${notTaken}
        order by recordings_swept_at nulls first, id
        limit 1
        for update skip locked)
     returning id, (now() - make_interval(days => recordings_retention_days))::text as cutoff`)) as unknown as {
    rows: Array<{ id: number; cutoff: string }>;
  };
  return claimed.rows[0];
}

/**
 * The fillings of an account whose recording is all older than the cutoff: some kind has a row of
 * them past it, and no kind a row of them that is not. A filling recorded across the cutoff is kept
 * whole until its newest row is past it too, as its first parts (a capture's WebM header, the
 * session recording's full snapshot) are what the later ones need to play.
 */
async function expiredFillings(
  db: Db,
  kinds: RecordedKind[],
  candidates: RecordedKind[],
  accountId: number,
  cutoff: SQL,
): Promise<Filling[]> {
  const newer = kinds.map(
    ({ table }) => sql`not exists (
      select 1 from ${table} n
       where n.account_id = ${accountId} and n.form_id = o.form_id
         and n.submission_key = o.submission_key and n.created_at >= ${cutoff})`,
  );
  const picks = candidates.map(
    ({ table }) => sql`(select o.form_id, o.submission_key from ${table} o
       where o.account_id = ${accountId} and o.created_at < ${cutoff} and ${sql.join(newer, sql` and `)}
       order by o.created_at limit ${FILLINGS})`,
  );
  const found = (await db.execute(sql`
    select distinct form_id, submission_key from (${sql.join(picks, sql` union all `)}) picked`)) as unknown as {
    rows: Array<{ form_id: number; submission_key: string }>;
  };
  return found.rows.map((row) => ({ formId: row.form_id, key: row.submission_key }));
}

/**
 * Removes one kind's rows of these fillings older than the cutoff: for a kind with bytes, the bytes
 * first, then the rows whose bytes went, so a process stopping between the two leaves rows that the
 * next sweep removes with bytes already gone, never bytes no row names; a row whose bytes could not
 * be removed stays for a later run. Answers the rows removed and why bytes stayed.
 */
async function removeOfFillings(
  db: Db,
  storage: FileStorage | undefined,
  kind: RecordedKind,
  accountId: number,
  fillings: Filling[],
  cutoff: SQL,
): Promise<{ removed: number; failures: unknown[] }> {
  const { table, storageKey } = kind;
  const ofFillings = sql`account_id = ${accountId} and created_at < ${cutoff} and (form_id, submission_key) in (${sql.join(
    fillings.map((filling) => sql`(${filling.formId}::int, ${filling.key}::text)`),
    sql`, `,
  )})`;
  if (!storageKey) {
    const removed = (await db.execute(sql`
      delete from ${table} where ${ofFillings} returning 1 as gone`)) as unknown as { rows: unknown[] };
    return { removed: removed.rows.length, failures: [] };
  }
  // Without a storage the bytes cannot go, so their rows stay to be swept by a run that has one.
  if (!storage) return { removed: 0, failures: [] };
  const rows = (await db.execute(sql`
    select id, ${sql.identifier(storageKey.name)} as key from ${table} where ${ofFillings}`)) as unknown as {
    rows: Array<{ id: number; key: string }>;
  };
  const gone: number[] = [];
  const failures: unknown[] = [];
  for (let start = 0; start < rows.rows.length; start += DELETES_AT_ONCE) {
    const slice = rows.rows.slice(start, start + DELETES_AT_ONCE);
    const results = await Promise.allSettled(slice.map((row) => storage.delete(row.key)));
    results.forEach((result, index) => {
      if (result.status === "fulfilled") gone.push(slice[index]!.id);
      else failures.push(result.reason);
    });
  }
  if (gone.length > 0)
    await db.execute(sql`
      delete from ${table} where account_id = ${accountId}
         and id in (${sql.join(
           gone.map((id) => sql`${id}::int`),
           sql`, `,
         )})`);
  return { removed: gone.length, failures };
}

/**
 * Sweeps one account, batch by batch: the fillings whose recording is all older than the cutoff,
 * every kind of them with its bytes. Answers the rows removed, whether it ended before all was
 * removed, and why bytes stayed.
 */
async function sweepAccount(
  db: Db,
  storage: FileStorage | undefined,
  account: { id: number; cutoff: string },
  outOfTime: () => boolean,
): Promise<{ removed: number; unfinished: boolean; failures: unknown[] }> {
  const cutoff = sql`${account.cutoff}::timestamptz`;
  const kinds = Object.values(RECORDED_KINDS);
  // Without a storage, fillings are not put forward for the bytes' rows that would stay.
  const candidates = kinds.filter((kind) => storage || !kind.storageKey);
  let removed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const fillings = await expiredFillings(db, kinds, candidates, account.id, cutoff);
    if (fillings.length === 0) return { removed, unfinished: false, failures: [] };
    const failures: unknown[] = [];
    for (const kind of kinds) {
      const done = await removeOfFillings(db, storage, kind, account.id, fillings, cutoff);
      removed += done.removed;
      failures.push(...done.failures);
    }
    // Rows whose bytes stayed would be put forward again: a later run tries them.
    if (failures.length > 0) return { removed, unfinished: true, failures };
    if (outOfTime()) return { removed, unfinished: true, failures: [] };
  }
  return { removed, unfinished: true, failures: [] };
}

/**
 * Removes, in every account whose admin set a retention, what was recorded of its respondents
 * longer ago than that many days: a filling's recording is removed when all of it (every kind, its
 * newest row too) is older than the setting, rows and bytes together; submissions and their answers
 * stay. Accounts are taken one at a time while any is due and the run has time left
 * (`budgetMs`, at least one account); an account with more left than a run removes, or whose sweep
 * failed, is due again for the next run. Answers the accounts swept and the rows removed, or fails,
 * after sweeping the others, with why an account's sweep failed.
 */
export async function removeExpiredRecordings(
  db: Db,
  storage?: FileStorage,
  { budgetMs = RUN_BUDGET_MS }: { budgetMs?: number } = {},
): Promise<{ accounts: number; removed: number }> {
  const started = Date.now();
  const outOfTime = () => Date.now() - started >= budgetMs;
  const taken: number[] = [];
  const errors: unknown[] = [];
  let removed = 0;
  while (taken.length === 0 || !outOfTime()) {
    const account = await claimAccount(db, taken);
    if (!account) break;
    taken.push(account.id);
    let again = true;
    try {
      const swept = await sweepAccount(db, storage, account, outOfTime);
      removed += swept.removed;
      if (swept.failures.length > 0) errors.push(swept.failures[0]);
      again = swept.unfinished;
    } catch (error) {
      errors.push(error);
    }
    if (again)
      await db.execute(sql`update ${accounts} set recordings_swept_at = null where id = ${account.id}`);
  }
  if (errors.length > 0) {
    const first = errors[0] instanceof Error ? errors[0].message : String(errors[0]);
    throw new AggregateError(errors, `recordings retention failed in ${errors.length} account(s): ${first}`);
  }
  return { accounts: taken.length, removed };
}
