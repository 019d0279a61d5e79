import { expect } from "vitest";
import { type ApiClient, createForm, startWithAccount, type TestServer } from "./harness.ts";

/**
 * The results table's test form: its submissions' answers follow from their index, so a test can
 * compute what each filter, sort and count should return from what it sent.
 */

const COLOURS = ["red", "blue", "green"];
const TOOLS = ["saw", "drill", "plane"];
const NAMES = ["Anna Smith", "Boris_Jones", "Chloé 100%", "dmitri"];

export interface Sent {
  id: number;
  name: string;
  colour: string;
  tools: string[];
  age: number;
  /** A day (YYYY-MM-DD), and a day with its time. */
  visit: string;
  visitAt: string;
}

export interface Row {
  id: number;
  number: number | null;
  isViewed: boolean;
  tags: string[];
  score: number | null;
  fieldScores: Record<string, number> | null;
  fieldComments: Record<string, string>;
  answers: Array<{ fieldId: string; answer: unknown }>;
}
export interface Page {
  answerList: Row[];
  total: number;
  nextCursor: string | null;
}

export const form = {
  title: "Workshop survey",
  fields: [
    { id: "name", fieldType: "text", question: "Name" },
    {
      id: "colour",
      fieldType: "radio",
      question: "Colour",
      fieldSettings: { answerVariants: COLOURS.map((id) => ({ id, title: id.toUpperCase(), value: id })) },
    },
    {
      id: "tools",
      fieldType: "checkbox",
      question: "Tools",
      fieldSettings: { answerVariants: TOOLS.map((id) => ({ id, title: id, value: id })) },
    },
    { id: "age", fieldType: "number", question: "Age" },
    { id: "visit", fieldType: "dateTime", question: "Visit" },
    {
      id: "visitAt",
      fieldType: "dateTime",
      question: "Visit time",
      fieldSettings: { dateTimeMode: "datetime" },
    },
  ],
};

/** Sends the i-th of the test's submissions; its answers follow from i alone. */
export const submitRow = (server: TestServer, formId: number, i: number): Promise<Sent> => {
  const row = {
    name: `${NAMES[i % NAMES.length]} ${i}`,
    colour: COLOURS[i % 3]!,
    tools: TOOLS.filter((_, t) => (i >> t) & 1),
    age: 18 + ((i * 7) % 50),
    visit: `2025-0${1 + (i % 9)}-1${i % 10}`,
    visitAt: `2025-0${1 + ((i + 1) % 9)}-1${(i + 3) % 10}T0${i % 10}:30`,
  };
  return server.api
    .post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "name", answer: row.name },
        { fieldId: "colour", answer: row.colour },
        { fieldId: "tools", answer: row.tools },
        { fieldId: "age", answer: row.age },
        { fieldId: "visit", answer: row.visit },
        { fieldId: "visitAt", answer: row.visitAt },
      ],
    })
    .then((response) => {
      expect(response.status, response.text).toBe(201);
      return { id: response.body.id, ...row };
    });
};

const queryOf = (query: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [
      key,
      typeof value === "string" ? value : JSON.stringify(value),
    ]),
  );

/** A table's rows by page, and its count, under the given filters, read by admin unless told. */
function readerOf(formId: number, admin: ApiClient) {
  return {
    page: (query: Record<string, unknown> = {}, size = 500, pageNo = 1, client = admin) =>
      client.get<Page>(`/api/forms/${formId}/answer/paginated/${pageNo}/${size}?${queryOf(query)}`),
    count: (query: Record<string, unknown>, client = admin) =>
      client.get<{ total: number }>(`/api/forms/${formId}/answer/count?${queryOf(query)}`),
  };
}

export const ids = (rows: Row[]) => rows.map((row) => row.id).sort((a, b) => a - b);
export const expectIds = (wanted: Sent[]) => wanted.map((row) => row.id).sort((a, b) => a - b);

/** A server with an account holding the test form, and the calls that read its table. */
export async function startTable(label: string) {
  const { server, api: admin, accountId } = await startWithAccount(label);
  const formId = (await createForm(admin, form)).id;
  return { server, admin, accountId, formId, ...readerOf(formId, admin) };
}
