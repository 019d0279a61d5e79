/**
 * Thousands of submissions to the all-field-types form: each one's answers vary with its index, so
 * filters, sorts and exports have something to tell apart. One submission in five also answers the
 * upload questions, each with a small file uploaded for that submission alone (a form keeps every
 * upload to one submission); the others leave them empty, as respondents often do.
 *
 * The first few are sent as respondents send them; the rest are written with SQL on the stopped
 * app's database, made from those the server stored, so they are stored as it would store them.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { FieldType } from "@formloom/core/element-schema";
import { expect } from "vitest";
import { ANSWERABLE, idOf } from "./all-field-types-table.ts";
import { mp4Video, pngPicture, wavSound } from "./fill-helpers.ts";
import type { appWithDatabase } from "./seeded-app.ts";

const FIRST = ["Ada", "Boris", "Chloe", "Dmitri", "Eva", "Farid", "Greta"];
const LAST = ["Lovelace", "Hopper", "Turing", "Noether", "Curie", "Meitner", "Franklin", "Volta"];
const PERMUTATIONS = [
  ["a", "b", "c"],
  ["a", "c", "b"],
  ["b", "a", "c"],
  ["b", "c", "a"],
  ["c", "a", "b"],
  ["c", "b", "a"],
];
const PAIRS = [["red"], ["blue"], ["gold"], ["red", "gold"], ["blue", "gold"]];
const TRIPLES = [
  ["bus"],
  ["car"],
  ["bike"],
  ["bus", "car"],
  ["bus", "bike"],
  ["car", "bike"],
  ["bus", "car", "bike"],
];
const EXTRAS = [["good"], ["ok"], ["bad"], ["good", "bad"]];
const COLOURS = ["#1971c2", "#2f9e44", "#e03131", "#f08c00"];
const CURRENCIES = ["USD", "EUR"];

/** The day a submission names in its date question: one of 300 days from 2026-01-01. */
const dayOf = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 300))).toISOString().slice(0, 10);

/** What submission `i` answers to each question that takes a typed answer (not the uploads). */
export function answersOf(i: number): Partial<Record<FieldType, unknown>> {
  return {
    text: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]} ${i}`,
    textarea: `Visit ${i}\n${i % 13 === 0 ? "please call back" : "all good"}`,
    number: ((i * 37) % 1000) / 4,
    email: `person${i}@example.com`,
    phone: `+44 20 7946 ${String(i).padStart(4, "0")}`,
    website: `https://example.com/p/${i}`,
    password: `Secret-${i}`,
    dateTime: dayOf(i),
    currency: { amount: (i % 500) + 0.5, currency: CURRENCIES[i % CURRENCIES.length] },
    initials: { firstName: FIRST[i % FIRST.length], lastName: LAST[(i + 3) % LAST.length] },
    multipleInput: [`word${i % 9}`, `word${(i + 4) % 9}`],
    radio: i % 2 === 0 ? "tea" : "coffee",
    checkbox: TRIPLES[i % TRIPLES.length],
    multipleChoice: PAIRS[i % PAIRS.length],
    select: ["rome", "oslo", "lima"][i % 3],
    decisionBox: i % 4 !== 0,
    scoring: (i % 10) + 1,
    nps: i % 11,
    rate: (i % 5) + 1,
    like: i % 2 === 0 ? "like" : "dislike",
    slider: i % 11,
    colour: COLOURS[i % COLOURS.length],
    imageChoice: ["lake", "hills", "city"][i % 3],
    matrix: { speed: ["good", "ok", "bad"][i % 3], extras: EXTRAS[i % EXTRAS.length] },
    sortable: PERMUTATIONS[i % PERMUTATIONS.length],
    gapText: [["coffee", "tea", "juice"][i % 3], ["morning", "evening"][i % 2]],
    correspondence: i % 2 === 0 ? { fr: "paris", jp: "tokyo" } : { fr: "tokyo", jp: "paris" },
    codeHighlight: `const answer = ${i};`,
    signature: SIGNATURE,
    map: { lat: 40 + (i % 200) / 10, lng: -5 + (i % 300) / 10 },
    location: { lat: 41.9 + (i % 50) / 1000, lng: 12.49, accuracy: 10 + (i % 40) },
    qrCode: `TICKET-${i}`,
  };
}

/** The seconds submission `i` took, as the page reports them: the table's Time column. */
export const secondsOf = (i: number) => 30 + ((i * 7919) % 3600);

/** Upload questions, with a small file of the kind each takes (its name carries the submission). */
export const UPLOADS: Record<string, { name: (i: number) => string; mimeType: string; bytes: () => Buffer }> =
  {
    file: {
      name: (i) => `receipt-${i}.csv`,
      mimeType: "text/csv",
      bytes: () => Buffer.from("day;amount\n1;2\n"),
    },
    image: { name: (i) => `drawing-${i}.png`, mimeType: "image/png", bytes: () => PNG },
    photo: { name: (i) => `photo-${i}.png`, mimeType: "image/png", bytes: () => PNG },
    audio: { name: (i) => `greeting-${i}.wav`, mimeType: "audio/wav", bytes: () => wavSound(200) },
    video: { name: (i) => `clip-${i}.mp4`, mimeType: "video/mp4", bytes: mp4Video },
  };

let PNG: Buffer;
let SIGNATURE: string;

/** Makes the pictures the answers carry; call once before seeding. */
export async function preparePictures(): Promise<void> {
  PNG = await pngPicture("R");
  SIGNATURE = `data:image/png;base64,${PNG.toString("base64")}`;
}

/**
 * Uploads one file for submission `i` from the address `address` (the server, trusting the proxy,
 * counts uploads per address as it would per respondent) and returns the upload's reference.
 */
async function uploadFor(baseUrl: string, formId: number, type: string, i: number, address: string) {
  const kind = UPLOADS[type]!;
  const body = new FormData();
  body.append("formId", String(formId));
  body.append("fieldId", idOf(type as FieldType));
  body.append("key", `seed-filling-${i}`);
  body.append("file", new Blob([new Uint8Array(kind.bytes())], { type: kind.mimeType }), kind.name(i));
  const response = await fetch(`${baseUrl}/api/forms/upload_file`, {
    method: "POST",
    body,
    headers: { "x-forwarded-for": address },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** An address of its own for submission `i`, in the documentation ranges. */
const addressOf = (i: number) => `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Whether submission `i` answers the upload questions. */
export const withFiles = (i: number) => i % 5 === 0;

/** Sends submission `i`: its uploads first (when it has uploads), then the answers referring to them. */
export async function sendSubmission(baseUrl: string, formId: number, i: number): Promise<void> {
  const address = addressOf(i);
  const typed = answersOf(i);
  const answers = Object.entries(typed).map(([type, answer]) => ({
    fieldId: idOf(type as FieldType),
    answer,
  }));
  for (const type of withFiles(i) ? Object.keys(UPLOADS) : []) {
    const uploaded = await uploadFor(baseUrl, formId, type, i, address);
    answers.push({ fieldId: idOf(type as FieldType), answer: [{ id: uploaded.id }] });
  }
  const response = await fetch(`${baseUrl}/api/forms/answer`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ formId, answers, formPassingTime: secondsOf(i) }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

type SeededApp = ReturnType<typeof appWithDatabase>;
type Row = Record<string, unknown>;
interface StoredEntry {
  fieldId: string;
  answer: unknown;
}

/** One stored submission: its row, the rows of its uploads and the filling its uploads began. */
interface Stored {
  answer: Row;
  files: Row[];
  starts: Row[];
}

/** Submissions sent through the API: each shape the rest are made from twice at least. */
const SENT = 40;

/**
 * What decides a stored row's shape beyond its answers' values: the scored choice, the decision
 * box (an unticked one stores no answer), and files.
 */
const shapeOf = (i: number) => `${answersOf(i).radio}:${answersOf(i).decisionBox}:${withFiles(i)}`;
const typeOf = (fieldId: string) => fieldId.replace(/^f_/, "");

/** What the server made of each submission sent for `formId`, in the order of their numbers. */
async function storedSubmissions(db: PGlite, formId: number): Promise<Stored[]> {
  const answers = await db.query<Row>("select * from form_answers where form_id = $1 order by number", [
    formId,
  ]);
  return Promise.all(
    answers.rows.map(async (answer) => ({
      answer,
      files: (
        await db.query<Row>("select * from form_files where answer_id = $1 order by field_id", [answer.id])
      ).rows,
      starts: (
        await db.query<Row>("select * from form_starts where form_id = $1 and visit_key = $2", [
          formId,
          `seed-filling-${Number(answer.number) - 1}`,
        ])
      ).rows,
    })),
  );
}

/** What is new to each submission the server stores: its key, its time, its files' ids. */
interface Fresh {
  submissionKey: string;
  submitTime: Date;
  fileId: (fieldId: string) => string;
}

/**
 * Submission `i` as the server stores it, made from `template`, a stored submission of the same
 * shape: every answer that varies with the index is the one submission `i` sends (the formula's
 * value with it), its uploads are its own files, and the rest is the template's.
 */
function madeFrom(template: Stored, i: number, fresh: Fresh): Stored {
  const typed = answersOf(i) as Record<string, unknown>;
  const files: Row[] = template.files.map((file) => {
    const id = fresh.fileId(file.field_id as string);
    return {
      ...file,
      id,
      name: UPLOADS[typeOf(file.field_id as string)]!.name(i),
      storage_key: `forms/${file.account_id}/${file.form_id}/${id}`,
      uploader: addressOf(i),
      filling_key: `seed-filling-${i}`,
    };
  });
  const answers = (template.answer.answers as StoredEntry[]).map((entry) => {
    const type = typeOf(entry.fieldId);
    // The form's formula is "qty * 2", qty being the number question (all-field-types-table.ts).
    if (type === "formula") return { ...entry, answer: (typed.number as number) * 2 };
    if (type in typed) return { ...entry, answer: typed[type] };
    if (!(type in UPLOADS)) return entry;
    return {
      ...entry,
      answer: (entry.answer as Array<{ id: string; url: string }>).map((ref) => {
        const file = files.find((f) => f.field_id === entry.fieldId)!;
        return { ...ref, id: file.id, url: ref.url.replace(ref.id, file.id as string), name: file.name };
      }),
    };
  });
  return {
    answer: {
      ...template.answer,
      number: i + 1,
      submit_time: fresh.submitTime,
      submission_key: fresh.submissionKey,
      form_passing_time: secondsOf(i),
      ip: addressOf(i),
      answers,
    },
    files,
    starts: template.starts.map((start) => ({ ...start, visit_key: `seed-filling-${i}` })),
  };
}

/** A stored submission without what the database gives each row of its own: ids and creation times. */
const comparable = ({ answer, files, starts }: Stored) => ({
  answer: { ...answer, id: undefined },
  files: files.map((file) => ({ ...file, answer_id: undefined, created_at: undefined })),
  starts: starts.map((start) => ({ ...start, created_at: undefined })),
});

/** Inserts `rows` into `table` as that table's records, all columns but the ones left out. */
async function insertRows(db: PGlite, table: string, rows: Row[], leftOut: string[], returning = "") {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!)
    .filter((column) => !leftOut.includes(column))
    .join(", ");
  const { rows: inserted } = await db.query<Row>(
    `insert into ${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${table}, $1::text::jsonb) ${returning}`,
    [JSON.stringify(rows)],
  );
  return inserted;
}

/**
 * Seeds submissions 0 … total−1: the first SENT through the API, one at a time so their numbers
 * follow their indexes; then, the app stopped, the rest with SQL, each made from the first sent
 * submission of its shape, with the numbers that follow and submit times a millisecond apart, and
 * their uploads' rows and files. The sent ones are first made the same way from those templates:
 * any difference from what the server stored fails the seeding.
 */
export async function seed(app: SeededApp, formId: number, total: number): Promise<void> {
  for (let i = 0; i < SENT; i++) await sendSubmission(app.app.url, formId, i);
  await app.withDatabase(async (db) => {
    const sent = await storedSubmissions(db, formId);
    expect(sent.map((stored) => stored.answer.number)).toEqual(Array.from({ length: SENT }, (_, i) => i + 1));
    const templates = new Map<string, Stored>();
    for (const [i, stored] of sent.entries())
      if (!templates.has(shapeOf(i))) templates.set(shapeOf(i), stored);
    expect(templates.size).toBe(6);
    for (const [i, stored] of sent.entries()) {
      const made = madeFrom(templates.get(shapeOf(i))!, i, {
        submissionKey: stored.answer.submission_key as string,
        submitTime: stored.answer.submit_time as Date,
        fileId: (fieldId) => stored.files.find((file) => file.field_id === fieldId)!.id as string,
      });
      expect(comparable(made), `submission ${i} as stored`).toEqual(comparable(stored));
      for (const file of stored.files)
        expect(await readFile(path.join(app.dataDir, "files", file.storage_key as string))).toEqual(
          UPLOADS[typeOf(file.field_id as string)]!.bytes(),
        );
    }

    const lastSent = (sent.at(-1)!.answer.submit_time as Date).getTime();
    const made = Array.from({ length: total - SENT }, (_, k) =>
      madeFrom(templates.get(shapeOf(SENT + k))!, SENT + k, {
        submissionKey: randomUUID(),
        submitTime: new Date(lastSent + k + 1),
        fileId: () => randomBytes(16).toString("hex"),
      }),
    );
    const inserted = await insertRows(
      db,
      "form_answers",
      made.map((m) => m.answer),
      ["id"],
      "returning id, number",
    );
    const idOfNumber = new Map(inserted.map((row) => [row.number, row.id]));
    const files: Row[] = made.flatMap((m) =>
      m.files.map((file) => ({ ...file, answer_id: idOfNumber.get(m.answer.number) })),
    );
    await insertRows(db, "form_files", files, ["created_at"]);
    await insertRows(
      db,
      "form_starts",
      made.flatMap((m) => m.starts),
      ["created_at"],
    );
    for (const file of files) {
      const at = path.join(app.dataDir, "files", file.storage_key as string);
      await mkdir(path.dirname(at), { recursive: true });
      await writeFile(at, UPLOADS[typeOf(file.field_id as string)]!.bytes());
    }
    const [counts] = (
      await db.query<Row>("select total, unread, last_number from form_answer_counts where form_id = $1", [
        formId,
      ])
    ).rows;
    expect(counts).toEqual({ total, unread: total, last_number: total });
  });
}

/** Every type that takes an answer is answered by the seed: typed answers or uploads. */
export const seededTypes = () => new Set([...Object.keys(answersOf(0)), ...Object.keys(UPLOADS)]);
export { ANSWERABLE };
