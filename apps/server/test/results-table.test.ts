import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, createForm, type TestServer } from "./harness.ts";
import {
  expectIds,
  form,
  ids,
  type Page,
  type Row,
  type Sent,
  startTable,
  submitRow,
} from "./results-table-form.ts";

/**
 * The results table's per-form numbers, filters, search, sorting and paging, checked against what
 * the test computes itself from the submissions it sent.
 */

let server: TestServer;
let admin: ApiClient;
let formId: number;
let page: Awaited<ReturnType<typeof startTable>>["page"];
let count: Awaited<ReturnType<typeof startTable>>["count"];
const sent: Sent[] = [];

beforeAll(async () => {
  ({ server, admin, formId, page, count } = await startTable("table"));
});
afterAll(() => server.close());

const submit = (i: number) => submitRow(server, formId, i);

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

  it("sorts texts as people read them: accents and cases beside their letters, Cyrillic in its order", async () => {
    const words = [
      "Zoë",
      "Émile",
      "anna",
      "Boris",
      "émile",
      "Ёлка",
      "Яков",
      "Елена",
      "Іван",
      "Ґанок",
      "ñu",
      "nube",
      "oso",
    ];
    const other = (await createForm(admin, { ...form, title: "Names" })).id;
    for (const word of words) {
      const sentWord = await server.api.post("/api/forms/answer", {
        formId: other,
        answers: [{ fieldId: "name", answer: word }],
      });
      expect(sentWord.status, sentWord.text).toBe(201);
    }
    const collator = new Intl.Collator("und");
    for (const order of ["asc", "desc"] as const) {
      const names: unknown[] = [];
      let after: string | null = null;
      do {
        const query = new URLSearchParams({ sortBy: "answer:name", order, ...(after ? { after } : {}) });
        const response = await admin.get<Page>(`/api/forms/${other}/answer/paginated/1/4?${query}`);
        expect(response.status, response.text).toBe(200);
        names.push(...response.body.answerList.map((row) => row.answers[0]?.answer));
        after = response.body.nextCursor;
      } while (after);
      const sorted = [...words].sort(collator.compare);
      expect(names).toEqual(order === "asc" ? sorted : sorted.reverse());
    }
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
