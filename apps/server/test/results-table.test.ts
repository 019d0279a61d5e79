import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  createForm,
  groupWith,
  startWithAccount,
  type TestServer,
} from "./harness.ts";

/**
 * The results table's filters, per-form numbers, tags, scores, comments and column layouts,
 * checked against what the test computes itself from the submissions it sent.
 */

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let formId: number;

const COLOURS = ["red", "blue", "green"];
const TOOLS = ["saw", "drill", "plane"];
const NAMES = ["Anna Smith", "Boris_Jones", "Chloé 100%", "dmitri"];

interface Sent {
  id: number;
  name: string;
  colour: string;
  tools: string[];
  age: number;
  /** A day (YYYY-MM-DD), and a day with its time. */
  visit: string;
  visitAt: string;
}
const sent: Sent[] = [];

interface Row {
  id: number;
  number: number | null;
  isViewed: boolean;
  tags: string[];
  score: number | null;
  fieldScores: Record<string, number> | null;
  fieldComments: Record<string, string>;
  answers: Array<{ fieldId: string; answer: unknown }>;
}
interface Page {
  answerList: Row[];
  total: number;
  nextCursor: string | null;
}

const form = {
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

const submit = (i: number) => {
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

beforeAll(async () => {
  ({ server, api: admin, accountId } = await startWithAccount("table"));
  formId = (await createForm(admin, form)).id;
});
afterAll(() => server.close());

const queryOf = (query: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [
      key,
      typeof value === "string" ? value : JSON.stringify(value),
    ]),
  );
const page = (query: Record<string, unknown> = {}, size = 500, pageNo = 1, client = admin) =>
  client.get<Page>(`/api/forms/${formId}/answer/paginated/${pageNo}/${size}?${queryOf(query)}`);
const count = (query: Record<string, unknown>, client = admin) =>
  client.get<{ total: number }>(`/api/forms/${formId}/answer/count?${queryOf(query)}`);
const ids = (rows: Row[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const expectIds = (wanted: Sent[]) => wanted.map((row) => row.id).sort((a, b) => a - b);

describe("per-form numbers", () => {
  it("gives a burst of parallel submissions distinct, consecutive numbers", async () => {
    sent.push(...(await Promise.all(Array.from({ length: 60 }, (_, i) => submit(i)))));
    const all = await page({ sortBy: "number", order: "asc" });
    expect(all.status, all.text).toBe(200);
    expect(all.body.answerList.map((row) => row.number)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    // Each submission has one of them (parallel writers may take ids and numbers in different orders).
    expect(ids(all.body.answerList)).toEqual(expectIds(sent));
  });

  it("numbers each form on its own, and never reuses a deleted submission's number", async () => {
    const other = (await createForm(admin, { ...form, title: "Other" })).id;
    const first = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: other,
      answers: [{ fieldId: "name", answer: "x" }],
    });
    const view = await admin.get<Row>(`/api/forms/${other}/answer/${first.body.id}`);
    expect(view.body.number).toBe(1);
    await admin.delete(`/api/forms/${other}/answer`, { answerIds: [first.body.id] });
    const second = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: other,
      answers: [{ fieldId: "name", answer: "y" }],
    });
    expect((await admin.get<Row>(`/api/forms/${other}/answer/${second.body.id}`)).body.number).toBe(2);
  });
});

describe("filters", () => {
  const cases: Array<[string, Record<string, unknown>, (row: Sent) => boolean]> = [
    [
      "a choice",
      { fields: [{ fieldId: "colour", op: "equals", value: "blue" }] },
      (r) => r.colour === "blue",
    ],
    [
      "one of several choices",
      { fields: [{ fieldId: "tools", op: "equals", value: "drill" }] },
      (r) => r.tools.includes("drill"),
    ],
    [
      "text, case aside",
      { fields: [{ fieldId: "name", op: "contains", value: "anna" }] },
      (r) => r.name.toLowerCase().includes("anna"),
    ],
    [
      "text with LIKE's own characters",
      { fields: [{ fieldId: "name", op: "contains", value: "100%" }] },
      (r) => r.name.includes("100%"),
    ],
    [
      "an underscore as itself",
      { fields: [{ fieldId: "name", op: "contains", value: "s_j" }] },
      (r) => r.name.toLowerCase().includes("s_j"),
    ],
    [
      "a number range",
      { fields: [{ fieldId: "age", op: "range", min: 30, max: 45 }] },
      (r) => r.age >= 30 && r.age <= 45,
    ],
    ["a number's lower bound", { fields: [{ fieldId: "age", op: "range", min: 60 }] }, (r) => r.age >= 60],
    [
      "several conditions together",
      {
        fields: [
          { fieldId: "colour", op: "equals", value: "red" },
          { fieldId: "tools", op: "equals", value: "saw" },
          { fieldId: "age", op: "range", max: 50 },
        ],
      },
      (r) => r.colour === "red" && r.tools.includes("saw") && r.age <= 50,
    ],
    [
      "a date question's days",
      { fields: [{ fieldId: "visit", op: "dates", from: "2025-03-12", to: "2025-05-15" }] },
      (r) => r.visit >= "2025-03-12" && r.visit <= "2025-05-15",
    ],
    [
      "a date question's first day",
      { fields: [{ fieldId: "visit", op: "dates", from: "2025-08-01" }] },
      (r) => r.visit >= "2025-08-01",
    ],
    [
      "a date-and-time question's days, each day whole",
      { fields: [{ fieldId: "visitAt", op: "dates", from: "2025-02-13", to: "2025-02-13" }] },
      (r) => r.visitAt.startsWith("2025-02-13"),
    ],
    ["a search in the answers", { search: "ChLoÉ" }, (r) => r.name.includes("Chloé")],
    ["a search for a number", { search: "67" }, (r) => r.name.includes("67") || String(r.age).includes("67")],
    [
      "dates around now",
      { dateFrom: "2020-01-01", dateTo: new Date().toISOString().slice(0, 10) },
      () => true,
    ],
    ["a date range before any", { dateTo: "2020-01-01" }, () => false],
  ];
  for (const [label, filters, wanted] of cases) {
    it(`by ${label} returns exactly the matching rows and counts them`, async () => {
      const response = await page({ filters });
      expect(response.status, response.text).toBe(200);
      const expected = expectIds(sent.filter(wanted));
      expect(ids(response.body.answerList)).toEqual(expected);
      expect(response.body.total).toBe(expected.length);
      const counted = await count({ filters });
      expect(counted.status, counted.text).toBe(200);
      expect(counted.body).toEqual({ total: expected.length });
    });
  }

  it("finds a submission by its number in the form, as the table shows it (#12)", async () => {
    const all = await page({});
    const numbered = all.body.answerList as Array<Row & { number: number }>;
    const target = numbered.find((row) => row.number === 12)!;
    expect(target).toBeDefined();
    const found = await page({ filters: { search: "#12" } });
    expect(found.status, found.text).toBe(200);
    expect(ids(found.body.answerList)).toEqual([target.id]);
    expect((await count({ filters: { search: "#12" } })).body).toEqual({ total: 1 });
  });

  it("leaves a full filtered page's total to the count route when asked, with the same rows", async () => {
    const filters = { fields: [{ fieldId: "tools", op: "equals", value: "plane" }] };
    const expected = sent.filter((r) => r.tools.includes("plane"));
    expect(expected.length).toBeGreaterThan(10);
    const full = await page({ filters, sortBy: "number", order: "desc", withTotal: "false" }, 10);
    expect(full.status, full.text).toBe(200);
    expect(full.body.total).toBeNull();
    const counted = await page({ filters, sortBy: "number", order: "desc" }, 10);
    expect(ids(full.body.answerList)).toEqual(ids(counted.body.answerList));
    // A page that ends short still knows the total; an unfiltered one has it from the kept counts.
    const last = await page({ filters, withTotal: "false" }, 10, Math.ceil(expected.length / 10));
    expect(last.body.total).toBe(expected.length);
    expect((await page({ withTotal: "false" }, 5)).body.total).toBe(sent.length);
    expect((await count({})).body).toEqual({ total: sent.length });
  });

  it("refuses, with its code and without failing, a value PostgreSQL cannot hold", async () => {
    for (const value of ["a\u0000b", "\ud800", "x\udc00y"]) {
      const filters = { fields: [{ fieldId: "colour", op: "equals", value }] };
      for (const response of [await page({ filters }), await count({ filters })]) {
        expect(response.status, response.text).toBe(400);
        expect(response.body).toMatchObject({ code: "request.invalid_characters" });
      }
    }
  });

  it("pages through filtered rows with the cursor, each row once, in order", async () => {
    const filters = { fields: [{ fieldId: "tools", op: "equals", value: "plane" }] };
    const expected = sent.filter((r) => r.tools.includes("plane"));
    const seen: Row[] = [];
    let after: string | null = null;
    for (let n = 1; n <= 20; n++) {
      const response: Awaited<ReturnType<typeof page>> = await page(
        { filters, sortBy: "number", order: "desc", ...(after ? { after } : {}) },
        7,
        n,
      );
      expect(response.status, response.text).toBe(200);
      expect(response.body.total).toBe(expected.length);
      seen.push(...response.body.answerList);
      after = response.body.nextCursor;
      if (!after) break;
    }
    expect(ids(seen)).toEqual(expectIds(expected));
    const numbers = seen.map((row) => row.number!);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it("counts filtered rows exactly on full, last and past-the-end pages read by page number", async () => {
    const filters = { fields: [{ fieldId: "tools", op: "equals", value: "plane" }] };
    const expected = expectIds(sent.filter((r) => r.tools.includes("plane")));
    // A size that leaves a short last page.
    const size = expected.length % 7 === 0 ? 8 : 7;
    const pages = Math.ceil(expected.length / size);
    expect(pages).toBeGreaterThan(2);
    const seen: Row[] = [];
    for (let n = 1; n <= pages + 1; n++) {
      const response = await page({ filters, sortBy: "number", order: "asc" }, size, n);
      expect(response.status, response.text).toBe(200);
      expect(response.body.answerList).toHaveLength(
        Math.max(0, Math.min(size, expected.length - (n - 1) * size)),
      );
      expect(response.body.total, `page ${n}`).toBe(expected.length);
      seen.push(...response.body.answerList);
    }
    expect(ids(seen)).toEqual(expected);
  });

  it("sorts by a field's answer: numbers by value, texts alphabetically, page after page", async () => {
    // Read by page number, and again by following each page's cursor: the same rows, and the
    // cursor runs out only at the end.
    const read = async (sortBy: string, order: "asc" | "desc") => {
      const rows: Row[] = [];
      for (let n = 1; n <= Math.ceil(sent.length / 7); n++) {
        const response = await page({ sortBy, order }, 7, n);
        expect(response.status, response.text).toBe(200);
        rows.push(...response.body.answerList);
      }
      const followed: Row[] = [];
      let after: string | null = null;
      for (let n = 1; n <= sent.length; n++) {
        const response: Awaited<ReturnType<typeof page>> = await page(
          { sortBy, order, ...(after ? { after } : {}) },
          7,
          1,
        );
        expect(response.status, response.text).toBe(200);
        followed.push(...response.body.answerList);
        after = response.body.nextCursor;
        if (!after) break;
      }
      expect(ids(followed)).toEqual(ids(rows));
      return rows;
    };
    const answerOf = (row: Row, fieldId: string) => row.answers.find((a) => a.fieldId === fieldId)?.answer;
    const byAge = (order: 1 | -1) =>
      [...sent].sort((a, b) => order * (a.age - b.age) || order * (a.id - b.id)).map((r) => r.id);
    expect((await read("answer:age", "asc")).map((r) => r.id)).toEqual(byAge(1));
    expect((await read("answer:age", "desc")).map((r) => r.id)).toEqual(byAge(-1));
    // Texts: the names' first letters come in the alphabet's order (A, B, C, then the lower-case d).
    const firsts = (await read("answer:name", "asc")).map((r) => String(answerOf(r, "name")).charAt(0));
    expect(firsts).toHaveLength(sent.length);
    expect(firsts.join("")).toMatch(/^A*B*C*d*$/);
    const unknown = await page({ sortBy: "answer:ghost" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "answer.unknown_field" });
    expect((await page({ sortBy: "answer:" })).status).toBe(400);
  });

  it("refuses filters it cannot read with the spec's codes", async () => {
    const bad: Array<[unknown, string]> = [
      ["{not json", "request.invalid"],
      [{ fields: [{ fieldId: "ghost", op: "equals", value: "x" }] }, "answer.unknown_field"],
      [{ fields: [{ fieldId: "age", op: "range", min: 9, max: 1 }] }, "request.invalid"],
      [{ fields: [{ fieldId: "age", op: "between" }] }, "request.invalid"],
      [{ fields: [{ fieldId: "age", op: "dates", from: "2025-01-01" }] }, "request.invalid"],
      [
        { fields: [{ fieldId: "visit", op: "dates", from: "2025-05-01", to: "2025-04-01" }] },
        "request.invalid",
      ],
      [{ fields: [{ fieldId: "visit", op: "dates", from: "1 May" }] }, "request.invalid"],
      [{ dateFrom: "yesterday" }, "request.invalid"],
      [{ unexpected: true }, "request.invalid"],
      [{ tags: [] }, "request.invalid"],
    ];
    for (const [filters, code] of bad) {
      const response = await page({ filters });
      expect(response.status, response.text).toBe(400);
      expect(response.body, JSON.stringify(filters)).toMatchObject({ code });
    }
  });
});

describe("tags, scores, comments and read state", () => {
  const notes = (id: number, what: string, body: unknown, client = admin) =>
    client.post<Row>(`/api/forms/${formId}/answers/${id}/${what}`, body);

  it("tags submissions, filters by tags and lists the account's tags", async () => {
    const [a, b, c] = sent;
    expect((await notes(a!.id, "update-tags", { tags: ["vip", " urgent ", "vip"] })).body.tags).toEqual([
      "vip",
      "urgent",
    ]);
    await notes(b!.id, "update-tags", { tags: ["urgent"] });
    await notes(c!.id, "update-tags", { tags: ["later"] });
    const urgent = await page({ filters: { tags: ["urgent"] } });
    expect(ids(urgent.body.answerList)).toEqual(expectIds([a!, b!]));
    expect(urgent.body.total).toBe(2);
    const either = await page({ filters: { tags: ["vip", "later"] } });
    expect(ids(either.body.answerList)).toEqual(expectIds([a!, c!]));
    expect((await admin.get("/api/forms/answer-tags/account")).body).toEqual({
      tags: ["later", "urgent", "vip"],
    });
    for (const tags of [[""], ["x".repeat(51)], Array.from({ length: 21 }, (_, i) => `t${i}`), "vip"]) {
      const response = await notes(a!.id, "update-tags", { tags });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ code: "request.invalid" });
    }
    expect((await notes(999_999, "update-tags", { tags: ["x"] })).status).toBe(404);
  });

  it("sets scores by hand, per field moving the total, and filters by score", async () => {
    const [a, b] = sent;
    expect((await notes(a!.id, "update-score", { score: 7.5 })).body.score).toBe(7.5);
    const field = await notes(a!.id, "update-field-score", { field: "age", score: 2 });
    expect(field.body).toMatchObject({ score: 9.5, fieldScores: { age: 2 } });
    const again = await notes(a!.id, "update-field-score", { field: "age", score: 1 });
    expect(again.body).toMatchObject({ score: 8.5, fieldScores: { age: 1 } });
    await notes(b!.id, "update-score", { score: 3 });
    const high = await page({ filters: { scoreMin: 5 } });
    expect(ids(high.body.answerList)).toEqual([a!.id]);
    const some = await page({ filters: { scoreMin: 0, scoreMax: 10 } });
    expect(ids(some.body.answerList)).toEqual(expectIds([a!, b!]));
    const bad = await notes(a!.id, "update-field-score", { field: "ghost", score: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "answer.unknown_field" });
    expect((await notes(a!.id, "update-score", { score: "ten" })).status).toBe(400);
  });

  it("keeps a comment per field, and removes it when emptied", async () => {
    const [a] = sent;
    await notes(a!.id, "update-comment", { field: "name", comment: "Called back" });
    const both = await notes(a!.id, "update-comment", { field: "age", comment: "Looks wrong" });
    expect(both.body.fieldComments).toEqual({ name: "Called back", age: "Looks wrong" });
    const one = await notes(a!.id, "update-comment", { field: "age", comment: "  " });
    expect(one.body.fieldComments).toEqual({ name: "Called back" });
    const view = await admin.get<Row>(`/api/forms/${formId}/answer/${a!.id}`);
    expect(view.body.fieldComments).toEqual({ name: "Called back" });
  });

  it("marks read in bulk and counts read and unread", async () => {
    const chosen = sent.slice(10, 25).map((row) => row.id);
    await admin.patch(`/api/forms/${formId}/answer/status/read`, { answerIds: chosen });
    const read = await page({ isViewed: "true" });
    expect(ids(read.body.answerList)).toEqual([...chosen].sort((a, b) => a - b));
    expect(read.body.total).toBe(15);
    const unreadBlue = await page({
      isViewed: "false",
      filters: { fields: [{ fieldId: "colour", op: "equals", value: "blue" }] },
    });
    const expected = sent.filter((r) => r.colour === "blue" && !chosen.includes(r.id));
    expect(ids(unreadBlue.body.answerList)).toEqual(expectIds(expected));
    expect(unreadBlue.body.total).toBe(expected.length);
  });
});

describe("column layouts", () => {
  it("remembers each user's columns for each form", async () => {
    const url = `/api/forms/${formId}/results-columns`;
    expect((await admin.get(url)).body).toEqual({ columns: [] });
    const columns = [
      { key: "age", visible: true, width: 120 },
      { key: "number", visible: true },
      { key: "name", visible: false },
    ];
    expect((await admin.request("PUT", url, { columns })).status).toBe(200);
    expect((await admin.get(url)).body).toEqual({ columns });
    const member = await addMember(server, accountId, "reader");
    const group = await groupWith(admin, "Readers", [member.id], ["results.view", "forms.view"]);
    await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, { level: "all" });
    expect((await member.api.get(url)).body).toEqual({ columns: [] });
    const bad = await admin.request("PUT", url, { columns: [{ key: "age", visible: true, width: 5 }] });
    expect(bad.status).toBe(400);
    const twice = await admin.request("PUT", url, {
      columns: [
        { key: "age", visible: true },
        { key: "age", visible: false },
      ],
    });
    expect(twice.status).toBe(400);
  });
});

describe("a reader of selected fields", () => {
  it("filters and searches only by the fields they see", async () => {
    const member = await addMember(server, accountId, "partial");
    const group = await groupWith(
      admin,
      "Partial",
      [member.id],
      ["results.view", "forms.view", "results.mark"],
    );
    const granted = await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["colour", "age"],
    });
    expect(granted.status, granted.text).toBeLessThan(300);
    const hidden = await page(
      { filters: { fields: [{ fieldId: "name", op: "contains", value: "a" }] } },
      500,
      1,
      member.api,
    );
    expect(hidden.status).toBe(403);
    // Names are hidden: a search for one finds nothing, a search for an age finds its rows.
    const byName = await page({ filters: { search: "Boris" } }, 500, 1, member.api);
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body.total).toBe(0);
    const byAge = await page({ filters: { search: "67" } }, 500, 1, member.api);
    expect(ids(byAge.body.answerList)).toEqual(expectIds(sent.filter((r) => String(r.age).includes("67"))));
    expect((await page({ filters: { scoreMin: 1 } }, 500, 1, member.api)).status).toBe(403);
    // Sorting by a hidden answer would tell its values by the rows' order.
    expect((await page({ sortBy: "answer:name" }, 500, 1, member.api)).status).toBe(403);
    const sortedByAge = await page({ sortBy: "answer:age", order: "asc" }, 500, 1, member.api);
    expect(sortedByAge.status, sortedByAge.text).toBe(200);
    expect(sortedByAge.body.answerList.map((r) => r.id)).toEqual(
      [...sent].sort((a, b) => a.age - b.age || a.id - b.id).map((r) => r.id),
    );
    const comment = await member.api.post(`/api/forms/${formId}/answers/${sent[0]!.id}/update-comment`, {
      field: "name",
      comment: "peek",
    });
    expect(comment.status).toBe(403);
    const score = await member.api.post(`/api/forms/${formId}/answers/${sent[0]!.id}/update-score`, {
      score: 1,
    });
    expect(score.status).toBe(403);
  });
});
