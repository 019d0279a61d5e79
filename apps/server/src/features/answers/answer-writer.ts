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
  miscData: unknown;
  score: number | null;
  result: unknown;
  fieldScores: unknown;
  submissionKey: string;
}

/** Columns in statement order, each with the cast that types its parameter on both engines. */
const COLUMNS: Array<[column: string, cast: string, value: (row: AnswerRow) => unknown]> = [
  ["account_id", "int4", (r) => r.accountId],
  ["form_id", "int4", (r) => r.formId],
  ["user_id", "int4", (r) => r.userId],
  ["start_time", "text::timestamptz", (r) => r.startTime],
  ["submit_time", "text::timestamptz", (r) => r.submitTime],
  ["form_passing_time", "int4", (r) => r.formPassingTime],
  ["answers", "text::jsonb", (r) => JSON.stringify(r.answers)],
  ["device", "text::jsonb", (r) => JSON.stringify(r.device)],
  ["device_fingerprint", "text", (r) => r.deviceFingerprint],
  ["respondent", "text", (r) => r.respondent],
  ["ip", "text", (r) => r.ip],
  ["misc_data", "text::jsonb", (r) => json(r.miscData)],
  ["score", "float8", (r) => r.score],
  ["result", "text::jsonb", (r) => json(r.result)],
  ["field_scores", "text::jsonb", (r) => json(r.fieldScores)],
  ["submission_key", "text", (r) => r.submissionKey],
];
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const PARAMS_PER_ROW = COLUMNS.length + 1;

const statements = new Map<number, string>();

/**
 * Stores rows in one statement, each only if its form still has the version it was checked
 * against and is published; a key already used in its form stores nothing. Returns the new ids
 * by submission key.
 */
function insertStatement(rows: number): string {
  let text = statements.get(rows);
  if (text) return text;
  const names = COLUMNS.map(([column]) => column);
  const tuples = Array.from({ length: rows }, (_, row) => {
    const base = row * PARAMS_PER_ROW;
    const values = COLUMNS.map(([, cast], i) => `$${base + i + 1}::${cast}`);
    return `(${[...values, `$${base + PARAMS_PER_ROW}::text::timestamptz`].join(", ")})`;
  });
  text = `insert into form_answers (${names.join(", ")})
    select ${names.map((name) => `v.${name}`).join(", ")}
    from (values ${tuples.join(", ")}) as v(${names.join(", ")}, form_version)
    where exists (select 1 from forms f where f.account_id = v.account_id and f.id = v.form_id
      and f.is_published and f.updated_at = v.form_version)
    on conflict (account_id, form_id, submission_key) do nothing
    returning id, submission_key`;
  statements.set(rows, text);
  return text;
}

const parameters = (row: AnswerRow) => [...COLUMNS.map(([, , value]) => value(row)), row.formVersion];

/** Writes rows through `query`; the id of each stored row, or null for one the statement passed over. */
export async function insertAnswers(query: Query, rows: AnswerRow[]): Promise<Array<number | null>> {
  const stored = await query<{ id: number; submission_key: string }>(
    insertStatement(rows.length),
    rows.flatMap(parameters),
    `form_answers_insert_${rows.length}`,
  );
  const ids = new Map(stored.map((row) => [row.submission_key, Number(row.id)]));
  return rows.map((row) => ids.get(row.submissionKey) ?? null);
}

interface Waiting {
  row: AnswerRow;
  resolve(id: number | null): void;
  reject(error: unknown): void;
}

/**
 * Stores submissions that arrive together in one statement (a group commit): while a write is
 * under way the next submissions wait, and go in together as the next one. Alone, a submission
 * is written at once. Each caller is answered only after the statement holding its row has
 * committed, so an acknowledged submission is never lost.
 */
export function createAnswerWriter(raw: RawSql, options: { maxRows: number; parallelWrites: number }) {
  const waiting: Waiting[] = [];
  let writing = 0;

  async function write(batch: Waiting[]): Promise<void> {
    try {
      const ids = await insertAnswers(
        raw.query,
        batch.map((item) => item.row),
      );
      batch.forEach((item, i) => item.resolve(ids[i] ?? null));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One row's failure (its form deleted meanwhile) must not fail the rows beside it.
      await Promise.all(batch.map((item) => write([item])));
    }
  }

  function pump(): void {
    while (writing < options.parallelWrites && waiting.length > 0) {
      const batch = waiting.splice(0, options.maxRows);
      writing++;
      void write(batch).finally(() => {
        writing--;
        pump();
      });
    }
  }

  return {
    /** Resolves with the stored row's id, or null when the statement passed it over. */
    add(row: AnswerRow): Promise<number | null> {
      return new Promise((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        pump();
      });
    },
  };
}

export type AnswerWriter = ReturnType<typeof createAnswerWriter>;
