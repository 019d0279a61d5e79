/**
 * Thousands of submissions to the all-field-types form, sent as respondents send them: each one's
 * answers vary with its index, so filters, sorts and exports have something to tell apart. One
 * submission in five also answers the upload questions, each with a small file uploaded for that
 * submission alone (a form keeps every upload to one submission); the others leave them empty,
 * as respondents often do, which keeps the seeding of thousands within about a minute.
 */
import type { FieldType } from "@formloom/core/element-schema";
import { expect } from "vitest";
import { ANSWERABLE, idOf } from "./all-field-types-table.ts";
import { mp4Video, pngPicture, wavSound } from "./fill-helpers.ts";

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

/**
 * Sends submissions 0 … total−1, `parallel` at a time. A form keeps at most 200 uploads no
 * submission took yet, so no more are in flight than that before their submissions take them.
 */
export async function seed(baseUrl: string, formId: number, total: number, parallel: number): Promise<void> {
  expect(parallel * Object.keys(UPLOADS).length).toBeLessThanOrEqual(200);
  let next = 0;
  const worker = async () => {
    while (next < total) await sendSubmission(baseUrl, formId, next++);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** Every type that takes an answer is answered by the seed: typed answers or uploads. */
export const seededTypes = () => new Set([...Object.keys(answersOf(0)), ...Object.keys(UPLOADS)]);
export { ANSWERABLE };
