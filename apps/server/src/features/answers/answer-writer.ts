import type { Query, RawSql } from "../../db/connect.ts";
import { isUniqueViolation } from "../../db/errors.ts";

/**
 * How often a batch is written again after it met a key stored meanwhile by another process. Each
 * attempt sees the keys committed before it, so a second attempt fails only on a newer race.
 */
const KEY_RACE_ATTEMPTS = 5;

/** One submission as stored, with the form version it was checked against. */
export interface AnswerRow {
  accountId: number;
  formId: number;
  formVersion: string;
  userId: number | null;
  startTime: string | null;
  submitTime: string;
  formPassingTime: number | null;
  answers: unknown;
  device: unknown;
  deviceFingerprint: string | null;
  respondent: string | null;
  ip: string;
  geo: unknown;
  miscData: unknown;
  /** The questions the respondent was shown, by id. */
  shown: string[];
  capturingConfirmOptions: string[] | null;
  behavioralConfirmOptions: string[] | null;
  score: number | null;
  result: unknown;
  fieldScores: unknown;
  submissionKey: string;
}

/** The stored columns with their types: the batch travels as one JSON array of such records. */
const COLUMNS = {
  account_id: "int4",
  form_id: "int4",
  user_id: "int4",
  start_time: "timestamptz",
  submit_time: "timestamptz",
  form_passing_time: "int4",
  answers: "jsonb",
  device: "jsonb",
  device_fingerprint: "text",
  respondent: "text",
  ip: "text",
  geo: "jsonb",
  misc_data: "jsonb",
  shown: "jsonb",
  capturing_confirm_options: "jsonb",
  behavioral_confirm_options: "jsonb",
  score: "float8",
  result: "jsonb",
  field_scores: "jsonb",
  submission_key: "text",
} as const;
const names = Object.keys(COLUMNS);
const record = Object.entries({
  ...COLUMNS,
  form_version: "timestamptz",
  position: "int4",
  publish: "bool",
})
  .map(([name, type]) => `${name} ${type}`)
  .join(", ");

/**
 * Stores a batch in one statement: each row only if its form still has the version it was checked
 * against and is published, and its key is not stored in its form yet (nor taken by an earlier row
 * of the batch). The statement locks the counters of the forms it stores rows for, in the order of
 * the forms, and the rows take their form's next numbers in the order they came, after the last
 * number the lock returned; the statement trigger then moves the counter past them. So a batch
 * costs one counter update per form rather than one per row, and the numbers run 1..N.
 *
 * A row whose key another transaction stored after this statement's snapshot was taken (it held
 * the counter, so it committed while this one waited) would take a number and then be passed
 * over. There is no ON CONFLICT: such a row fails the statement with a unique violation, nothing of
 * it is stored, and the batch is written again (createAnswerWriter), when the key is seen.
 *
 * The same statement does what each stored submission needs next, so a submission costs no
 * statement of its own: it removes the progress kept under its key (a partial response) where the
 * row asks for that (the rows that keep it are named in $3, by form and key: few, usually none,
 * where looking each stored row up among the batch's rows compared a batch's size squared), and
 * says whether its form is in a form chain (only then is the chain read). A row whose rules publish
 * or unpublish its form (`publish`) changes the form here too, so the change commits with the
 * submission that made it: the form's version moves, and every later submission is checked against
 * the form as it is now (createAnswerWriter ends a form's rows in a batch at such a row).
 * One text for any batch size, so PostgreSQL prepares it once per connection.
 *
 * One statement holds one account's rows ($2), named on every tenant table it touches, so a
 * database distributed by account (Citus) sends it to that account's node alone.
 */
const INSERT = `with given as (select * from jsonb_to_recordset($1::text::jsonb) as v(${record})
    where v.account_id = $2),
  kept as (select distinct on (v.form_id, v.submission_key) v.* from given v
    where exists (select 1 from forms f where f.account_id = $2 and f.id = v.form_id
      and f.is_published and f.updated_at = v.form_version)
    and not exists (select 1 from form_answers a where a.submission_key = v.submission_key
      and a.account_id + 0 = $2 and a.form_id + 0 = v.form_id)
    order by v.form_id, v.submission_key, v.position),
  counters as (insert into form_answer_counts as c (account_id, form_id)
    select distinct $2::int4, k.form_id from kept k order by 2
    on conflict (account_id, form_id) do update set last_number = c.last_number
    returning c.form_id, c.last_number),
  stored as (insert into form_answers (${names.join(", ")}, number)
    select ${names.map((name) => `v.${name}`).join(", ")},
      c.last_number + row_number() over (partition by v.form_id order by v.position)
    from kept v join counters c on c.form_id = v.form_id
    order by v.form_id, v.position
    returning id, account_id, form_id, submission_key),
  dropped as (delete from form_partials p using stored s
    where p.account_id = $2 and p.form_id = s.form_id and p.submission_key = s.submission_key
      and s.form_id || ' ' || s.submission_key <> all($3::text[])),
  published as (update forms f set is_published = w.publish,
      settings = jsonb_set(f.settings, '{isPublished}', to_jsonb(w.publish)), updated_at = now()
    from (select distinct on (v.form_id) v.form_id, v.publish from kept v
      join stored s on s.form_id = v.form_id and s.submission_key = v.submission_key
      where v.publish is not null order by v.form_id, v.position desc) w
    where f.account_id = $2 and f.id = w.form_id and f.is_published is distinct from w.publish)
  select s.id, s.form_id, s.submission_key, exists (select 1 from form_chain_items c
    where c.account_id = $2 and c.form_id = s.form_id) as chained
  from stored s`;

/** A row the statement stored. */
export interface StoredAnswer {
  id: number;
  /** Its form is in a form chain, so the respondent may be sent on to the next form. */
  chained: boolean;
}

const asRecord = ({ row, publish }: AnswerToStore, position: number) => ({
  account_id: row.accountId,
  form_id: row.formId,
  user_id: row.userId,
  start_time: row.startTime,
  submit_time: row.submitTime,
  form_passing_time: row.formPassingTime,
  answers: row.answers,
  device: row.device,
  device_fingerprint: row.deviceFingerprint,
  respondent: row.respondent,
  ip: row.ip,
  geo: row.geo ?? null,
  misc_data: row.miscData ?? null,
  shown: row.shown,
  capturing_confirm_options: row.capturingConfirmOptions,
  behavioral_confirm_options: row.behavioralConfirmOptions,
  score: row.score,
  result: row.result ?? null,
  field_scores: row.fieldScores ?? null,
  submission_key: row.submissionKey,
  form_version: row.formVersion,
  position,
  publish: publish ?? null,
});

/**
 * A row to store, and whether storing it removes the partial response kept under its key: false
 * when something must still hold after the row is stored (its files claimed), which then removes it.
 */
export interface AnswerToStore {
  row: AnswerRow;
  dropPartial: boolean;
  /** The form's rules publish (true) or unpublish (false) it on this submission; absent: neither. */
  publish?: boolean | null;
}

/**
 * Writes one account's rows through `query`, in one statement: each stored row, or null for one
 * the statement passed over (its form changed, or its key was used before, also by an earlier row
 * of the same batch).
 */
export async function insertAnswers(
  query: Query,
  rows: AnswerToStore[],
): Promise<Array<StoredAnswer | null>> {
  const account = rows[0]?.row.accountId;
  if (rows.some(({ row }) => row.accountId !== account)) throw new Error("insertAnswers: one account's rows");
  const stored = await query<{ id: number; form_id: number; submission_key: string; chained: boolean }>(
    INSERT,
    [
      JSON.stringify(rows.map(asRecord)),
      account,
      rows.filter((item) => !item.dropPartial).map(({ row }) => `${row.formId} ${row.submissionKey}`),
    ],
    "form_answers_insert",
  );
  const byKey = new Map(
    stored.map((row) => [
      `${row.form_id}:${row.submission_key}`,
      { id: Number(row.id), chained: row.chained === true },
    ]),
  );
  return rows.map(({ row }) => {
    const key = `${row.formId}:${row.submissionKey}`;
    const found = byKey.get(key) ?? null;
    byKey.delete(key);
    return found;
  });
}

interface Waiting {
  toStore: AnswerToStore;
  resolve(stored: StoredAnswer | null): void;
  reject(error: unknown): void;
}

/**
 * Stores submissions that arrive together in one statement per account (a group commit): the
 * submissions ready in one turn of the event loop, and those that come while a write is under
 * way, go in together as the next statement. Each caller is answered only after the statement
 * holding its row has committed, so an acknowledged submission is never lost.
 *
 * One write at a time per form: a statement locks its forms' counter rows to number its rows, and
 * they stay locked until it commits, so a second statement for the same form would
 * only wait on the first inside the database, holding a connection. Rows for a form being written
 * wait here instead and go in together with the next statement, so a busy form's batches grow
 * rather than queue; writes for other forms run beside it.
 */
export function createAnswerWriter(raw: RawSql, options: { maxRows: number; parallelWrites: number }) {
  let waiting: Waiting[] = [];
  let writing = 0;
  const formsBeingWritten = new Set<string>();
  const formOf = (item: Waiting) => `${item.toStore.row.accountId}:${item.toStore.row.formId}`;

  /**
   * The next batch: waiting rows, in order, of one account, of forms no write is under way for. A
   * batch is one statement (INSERT holds one account's rows): several accounts' rows waiting
   * together go as batches of their own, written side by side, so none waits for another's
   * statement, nor fails with it. A row that publishes or unpublishes its form is its form's last
   * in the batch: the rows after it are checked against the form it leaves.
   */
  function nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    const changing = new Set<string>();
    let account: number | undefined;
    for (const item of waiting) {
      const form = formOf(item);
      const free = !formsBeingWritten.has(form) && !changing.has(form);
      if (free && account === undefined) account = item.toStore.row.accountId;
      if (free && batch.length < options.maxRows && item.toStore.row.accountId === account) {
        batch.push(item);
        if (item.toStore.publish != null) changing.add(form);
      } else left.push(item);
    }
    waiting = left;
    return batch;
  }

  async function write(batch: Waiting[], attempt = 1): Promise<void> {
    try {
      const stored = await insertAnswers(
        raw.query,
        batch.map((item) => item.toStore),
      );
      for (const [i, item] of batch.entries()) item.resolve(stored[i] ?? null);
    } catch (error) {
      // A key stored by another process while the statement waited for a counter (see INSERT):
      // that row is committed now, so the batch written again passes it over.
      if (isUniqueViolation(error) && attempt < KEY_RACE_ATTEMPTS) return write(batch, attempt + 1);
      if (batch.length === 1) return batch[0]!.reject(error);
      // One row's failure (its form deleted meanwhile) must not fail the rows beside it.
      await Promise.all(batch.map((item) => write([item])));
    }
  }

  function pump(): void {
    while (writing < options.parallelWrites && waiting.length > 0) {
      const batch = nextBatch();
      if (batch.length === 0) return;
      const forms = new Set(batch.map(formOf));
      for (const form of forms) formsBeingWritten.add(form);
      writing++;
      void write(batch).finally(() => {
        for (const form of forms) formsBeingWritten.delete(form);
        writing--;
        schedule();
      });
    }
  }

  /**
   * Writes on the next turn of the event loop rather than at once, so the submissions that are
   * ready in this turn go in together: PGlite runs a statement without yielding, so nothing would
   * gather behind a write under way.
   */
  let scheduled = false;
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  return {
    /** Resolves with the stored row, or null when the statement passed it over. */
    add(toStore: AnswerToStore): Promise<StoredAnswer | null> {
      return new Promise((resolve, reject) => {
        waiting.push({ toStore, resolve, reject });
        schedule();
      });
    },
  };
}

export type AnswerWriter = ReturnType<typeof createAnswerWriter>;
