import type { Query, RawSql } from "../../db/connect.ts";

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
  capturing_confirm_options: "jsonb",
  behavioral_confirm_options: "jsonb",
  score: "float8",
  result: "jsonb",
  field_scores: "jsonb",
  submission_key: "text",
} as const;
const names = Object.keys(COLUMNS);
const record = Object.entries({ ...COLUMNS, form_version: "timestamptz" })
  .map(([name, type]) => `${name} ${type}`)
  .join(", ");

/**
 * Stores a batch in one statement: each row only if its form still has the version it was checked
 * against and is published; a key already used in its form stores nothing. One text for any batch
 * size, so PostgreSQL prepares it once per connection. Rows go in form by form, so two batches lock
 * their forms' counters (each row takes its form's next number) in the same order.
 */
const INSERT = `insert into form_answers (${names.join(", ")})
  select ${names.map((name) => `v.${name}`).join(", ")}
  from jsonb_to_recordset($1::text::jsonb) as v(${record})
  where exists (select 1 from forms f where f.account_id = v.account_id and f.id = v.form_id
    and f.is_published and f.updated_at = v.form_version)
  order by v.account_id, v.form_id
  on conflict (account_id, form_id, submission_key) do nothing
  returning id, form_id, submission_key`;

const asRecord = (row: AnswerRow) => ({
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
  capturing_confirm_options: row.capturingConfirmOptions,
  behavioral_confirm_options: row.behavioralConfirmOptions,
  score: row.score,
  result: row.result ?? null,
  field_scores: row.fieldScores ?? null,
  submission_key: row.submissionKey,
  form_version: row.formVersion,
});

/**
 * Writes rows through `query`: the id of each stored row, or null for one the statement passed
 * over (its form changed, or its key was used before, also by an earlier row of the same batch).
 */
export async function insertAnswers(query: Query, rows: AnswerRow[]): Promise<Array<number | null>> {
  const stored = await query<{ id: number; form_id: number; submission_key: string }>(
    INSERT,
    [JSON.stringify(rows.map(asRecord))],
    "form_answers_insert",
  );
  const ids = new Map(stored.map((row) => [`${row.form_id}:${row.submission_key}`, Number(row.id)]));
  return rows.map((row) => {
    const key = `${row.formId}:${row.submissionKey}`;
    const id = ids.get(key) ?? null;
    ids.delete(key);
    return id;
  });
}

interface Waiting {
  row: AnswerRow;
  resolve(id: number | null): void;
  reject(error: unknown): void;
}

/**
 * Stores submissions that arrive together in one statement (a group commit): the submissions ready
 * in one turn of the event loop, and those that come while a write is under way, go in together as
 * the next statement. Each caller is answered only after the statement holding its row has
 * committed, so an acknowledged submission is never lost.
 *
 * One write at a time per form: each row takes its form's next number on the form's counter row,
 * which stays locked until the statement commits, so a second statement for the same form would
 * only wait on the first inside the database, holding a connection. Rows for a form being written
 * wait here instead and go in together with the next statement, so a busy form's batches grow
 * rather than queue; writes for other forms run beside it.
 */
export function createAnswerWriter(raw: RawSql, options: { maxRows: number; parallelWrites: number }) {
  let waiting: Waiting[] = [];
  let writing = 0;
  const formsBeingWritten = new Set<string>();
  const formOf = (item: Waiting) => `${item.row.accountId}:${item.row.formId}`;

  /** The next batch: waiting rows, in order, of forms no write is under way for. */
  function nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    for (const item of waiting) {
      if (batch.length < options.maxRows && !formsBeingWritten.has(formOf(item))) batch.push(item);
      else left.push(item);
    }
    waiting = left;
    return batch;
  }

  async function write(batch: Waiting[]): Promise<void> {
    try {
      const ids = await insertAnswers(
        raw.query,
        batch.map((item) => item.row),
      );
      for (const [i, item] of batch.entries()) item.resolve(ids[i] ?? null);
    } catch (error) {
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
    /** Resolves with the stored row's id, or null when the statement passed it over. */
    add(row: AnswerRow): Promise<number | null> {
      return new Promise((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        schedule();
      });
    },
  };
}

export type AnswerWriter = ReturnType<typeof createAnswerWriter>;
