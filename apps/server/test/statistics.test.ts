import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  createForm,
  groupWith,
  signUpWithAccount,
  startWithAccount,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let formId: number;
let emptyFormId: number;

const form = {
  title: "Statistics survey",
  fields: [
    { id: "name", fieldType: "text", question: "Your name" },
    {
      id: "pick",
      fieldType: "radio",
      question: "Colour",
      fieldSettings: {
        answerVariants: [
          { id: "red", title: "Red", value: "1" },
          { id: "blue", title: "Blue", value: "2" },
          { id: "green", title: "Green", value: "3" },
        ],
      },
    },
    {
      id: "tags",
      fieldType: "checkbox",
      question: "Tags",
      fieldSettings: {
        answerVariants: [
          { id: "a", title: "A", value: "1" },
          { id: "b", title: "B", value: "2" },
          { id: "c", title: "C", value: "3" },
        ],
      },
    },
    { id: "age", fieldType: "number", question: "Age" },
    { id: "nps", fieldType: "nps", question: "Would you recommend us?" },
    { id: "stars", fieldType: "rate", question: "Stars" },
    {
      id: "grid",
      fieldType: "matrix",
      question: "Grid",
      fieldSettings: {
        answerVariants: [
          { id: "c1", title: "Good", value: "1" },
          { id: "c2", title: "Bad", value: "2" },
        ],
        questions: [
          { id: "q1", question: "Food" },
          { id: "q2", question: "Service" },
        ],
      },
    },
    {
      id: "order",
      fieldType: "sortable",
      question: "Rank the dishes",
      fieldSettings: {
        answerVariants: [
          { id: "soup", title: "Soup", value: "1" },
          { id: "fish", title: "Fish", value: "2" },
          { id: "cake", title: "Cake", value: "3" },
        ],
      },
    },
  ],
};

/** A small deterministic generator, so the figures differ from run to run of nothing. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor(state / 65536) % n;
  };
}

interface Sent {
  day: string;
  name: string;
  pick: string;
  tags: string[];
  age: number;
  nps: number;
  stars: number;
  grid: Record<string, string>;
  order: string[];
}
const sent: Sent[] = [];
const PERMUTATIONS = [
  ["soup", "fish", "cake"],
  ["soup", "cake", "fish"],
  ["fish", "soup", "cake"],
  ["cake", "fish", "soup"],
  ["cake", "soup", "fish"],
];
const DAYS = ["2026-03-01", "2026-03-02", "2026-03-04", "2026-04-10"];

beforeAll(async () => {
  ({ server, api: admin, accountId } = await startWithAccount("stats"));
  formId = (await createForm(admin, form)).id;
  emptyFormId = (await createForm(admin, form)).id;
  const random = generator(7);
  const colours = ["red", "blue", "green"];
  for (let i = 0; i < 47; i++) {
    sent.push({
      day: DAYS[random(DAYS.length)]!,
      name: `person ${i}`,
      pick: colours[random(3)]!,
      tags: ["a", "b", "c"].filter(() => random(2) === 1),
      age: 18 + random(50),
      nps: random(11),
      stars: 1 + random(5),
      grid: { q1: `c${1 + random(2)}`, q2: `c${1 + random(2)}` },
      order: PERMUTATIONS[random(PERMUTATIONS.length)]!,
    });
  }
  const ids = await Promise.all(
    sent.map(async (s) => {
      const response = await server.api.post<{ id: number }>("/api/forms/answer", {
        formId,
        answers: [
          { fieldId: "name", answer: s.name },
          { fieldId: "pick", answer: s.pick },
          { fieldId: "tags", answer: s.tags },
          { fieldId: "age", answer: s.age },
          { fieldId: "nps", answer: s.nps },
          { fieldId: "stars", answer: s.stars },
          { fieldId: "grid", answer: s.grid },
          { fieldId: "order", answer: s.order },
        ],
      });
      expect(response.status, response.text).toBe(201);
      return response.body.id;
    }),
  );
  // Spread the submissions over days, at noon UTC, as if they had come in then.
  for (const [index, id] of ids.entries()) {
    await server.database.db.execute(
      sql`update form_answers set submit_time = ${`${sent[index]!.day}T12:00:00Z`}::timestamptz where id = ${id}`,
    );
  }
});
afterAll(() => server.close());

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const npsOf = (values: number[]) => {
  const promoters = values.filter((v) => v >= 9).length;
  const detractors = values.filter((v) => v <= 6).length;
  return {
    total: values.length,
    promoters,
    passives: values.length - promoters - detractors,
    detractors,
    score: Math.round(((promoters - detractors) / values.length) * 1000) / 10,
  };
};

interface Summary {
  total: number;
  fields: Array<{
    fieldId: string;
    answered: number;
    choices?: Array<{ id: string; count: number; percent: number }>;
    numeric?: { min: number; max: number; mean: number; median: number } | null;
    distribution?: Array<{ value: number; count: number }>;
    nps?: ReturnType<typeof npsOf>;
    matrix?: { rows: Array<{ id: string; counts: Record<string, number> }> };
    samples?: string[];
    ranking?: Array<{ id: string; title: string; averagePosition: number; positions: number[] }>;
  }>;
}

describe("the answers summary", () => {
  it("counts choices, numbers, scales, NPS and matrix cells as the submissions hold them", async () => {
    const response = await admin.get<Summary>(`/api/forms/${formId}/answers/summary`);
    expect(response.status, response.text).toBe(200);
    const summary = response.body;
    expect(summary.total).toBe(sent.length);
    const field = (id: string) => summary.fields.find((f) => f.fieldId === id)!;

    for (const colour of ["red", "blue", "green"]) {
      const count = sent.filter((s) => s.pick === colour).length;
      expect(field("pick").choices!.find((c) => c.id === colour)).toEqual(
        expect.objectContaining({ count, percent: Math.round((count / sent.length) * 1000) / 10 }),
      );
    }
    const tagged = sent.filter((s) => s.tags.length > 0);
    expect(field("tags").answered).toBe(tagged.length);
    for (const tag of ["a", "b", "c"]) {
      expect(field("tags").choices!.find((c) => c.id === tag)!.count).toBe(
        sent.filter((s) => s.tags.includes(tag)).length,
      );
    }
    const ages = sent.map((s) => s.age);
    expect(field("age").numeric!.min).toBe(Math.min(...ages));
    expect(field("age").numeric!.max).toBe(Math.max(...ages));
    expect(field("age").numeric!.mean).toBeCloseTo(ages.reduce((a, b) => a + b, 0) / ages.length, 9);
    expect(field("age").numeric!.median).toBe(median(ages));

    expect(field("nps").nps).toEqual(npsOf(sent.map((s) => s.nps)));
    const stars = sent.map((s) => s.stars);
    expect(field("stars").numeric!.median).toBe(median(stars));
    for (let value = 1; value <= 5; value++) {
      const count = stars.filter((s) => s === value).length;
      const shown = field("stars").distribution!.find((d) => d.value === value)?.count ?? 0;
      expect(shown).toBe(count);
    }
    const grid = field("grid").matrix!;
    for (const row of ["q1", "q2"]) {
      for (const column of ["c1", "c2"]) {
        expect(grid.rows.find((r) => r.id === row)!.counts[column]).toBe(
          sent.filter((s) => s.grid[row] === column).length,
        );
      }
    }
    expect(field("name").answered).toBe(sent.length);
    expect(field("name").samples).toHaveLength(5);
    expect(field("name").samples!.every((text) => text.startsWith("person "))).toBe(true);
  });

  it("ranks a sortable question's items by their average place, with each place's count", async () => {
    const response = await admin.get<Summary>(`/api/forms/${formId}/answers/summary`);
    const order = response.body.fields.find((f) => f.fieldId === "order")!;
    expect(order.answered).toBe(sent.length);
    const expected = ["soup", "fish", "cake"].map((id) => {
      const places = sent.map((s) => s.order.indexOf(id) + 1);
      return {
        id,
        averagePosition: Math.round((places.reduce((a, b) => a + b, 0) / places.length) * 100) / 100,
        positions: [1, 2, 3].map((place) => places.filter((p) => p === place).length),
      };
    });
    // Best first: the lowest average place leads.
    expected.sort((a, b) => a.averagePosition - b.averagePosition);
    expect(order.ranking).toEqual(expected.map((e) => expect.objectContaining(e)));
    expect(order.ranking!.map((item) => item.title)).toEqual(
      expected.map((e) => ({ soup: "Soup", fish: "Fish", cake: "Cake" })[e.id]),
    );
  });

  it("counts a decision box as ticked or not, never an unticked box as answered", async () => {
    const boxed = await createForm(admin, {
      title: "Terms",
      fields: [{ id: "agree", fieldType: "decisionBox", question: "I agree" }],
    });
    for (const answer of [true, true, false]) {
      const sent = await server.api.post("/api/forms/answer", {
        formId: boxed.id,
        answers: [{ fieldId: "agree", answer }],
      });
      expect(sent.status, sent.text).toBe(201);
    }
    const summary = await admin.get<Summary>(`/api/forms/${boxed.id}/answers/summary`);
    const agree = summary.body.fields.find((f) => f.fieldId === "agree")!;
    expect(agree.answered).toBe(2);
    expect(agree.choices).toEqual([expect.objectContaining({ id: "yes", count: 2, percent: 66.7 })]);
    expect(agree.samples).toBeUndefined();
  });

  it("keeps the places an option removed since took in a ranking", async () => {
    const variants = ["a", "b", "c"].map((id) => ({ id, title: id.toUpperCase(), value: id }));
    const ranked = await createForm(admin, {
      title: "Ranked",
      fields: [
        { id: "rank", fieldType: "sortable", question: "Rank", fieldSettings: { answerVariants: variants } },
      ],
    });
    for (const order of [
      ["c", "a", "b"],
      ["c", "a", "b"],
      ["a", "b", "c"],
    ]) {
      const sent = await server.api.post("/api/forms/answer", {
        formId: ranked.id,
        answers: [{ fieldId: "rank", answer: order }],
      });
      expect(sent.status, sent.text).toBe(201);
    }
    const fewer = {
      id: "rank",
      fieldType: "sortable",
      question: "Rank",
      fieldSettings: { answerVariants: variants.slice(0, 2) },
    };
    expect((await admin.patch(`/api/forms/${ranked.id}`, { fields: [fewer] })).status).toBe(200);
    const summary = await admin.get<Summary>(`/api/forms/${ranked.id}/answers/summary`);
    const rank = summary.body.fields.find((f) => f.fieldId === "rank")!;
    expect(rank.ranking).toEqual([
      expect.objectContaining({ id: "a", averagePosition: 1.67, positions: [1, 2, 0] }),
      expect.objectContaining({ id: "b", averagePosition: 2.67, positions: [0, 1, 2] }),
    ]);
  });

  it("counts only the submissions within the range asked for", async () => {
    const response = await admin.get<Summary>(
      `/api/forms/${formId}/answers/summary?date_from=2026-03-02&date_to=2026-03-04&timezone=UTC`,
    );
    const within = sent.filter((s) => s.day >= "2026-03-02" && s.day <= "2026-03-04");
    expect(response.body.total).toBe(within.length);
    expect(response.body.fields.find((f) => f.fieldId === "nps")!.nps).toEqual(
      npsOf(within.map((s) => s.nps)),
    );
  });

  it("answers a form without submissions with zeros, not an error", async () => {
    const response = await admin.get<Summary>(`/api/forms/${emptyFormId}/answers/summary`);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(0);
    expect(response.body.fields.find((f) => f.fieldId === "age")!.numeric).toBeNull();
  });

  it("refuses a range that ends before it starts, and an unknown time zone", async () => {
    const backwards = await admin.get(
      `/api/forms/${formId}/answers/summary?date_from=2026-05-01&date_to=2026-04-01`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe("resources.date.order");
    const zone = await admin.get(`/api/forms/${formId}/answers/summary?timezone=Mars/Olympus`);
    expect(zone.status).toBe(400);
    const day = await admin.get(`/api/forms/${formId}/daily-submissions?dateFrom=2026-02-31`);
    expect(day.status).toBe(400);
  });
});

describe("submissions per day", () => {
  it("counts each day in the zone and fills the days between with zeros", async () => {
    const response = await admin.get<{ total: number; days: Array<{ date: string; count: number }> }>(
      `/api/forms/${formId}/daily-submissions?dateFrom=2026-03-01&dateTo=2026-03-05&timezone=UTC`,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.days.map((d) => d.date)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
    ]);
    for (const day of response.body.days) {
      expect(day.count).toBe(sent.filter((s) => s.day === day.date).length);
    }
    expect(response.body.total).toBe(sent.filter((s) => s.day < "2026-04-01").length);
    // Noon UTC is the next day's early morning in Kiritimati (UTC+14).
    const east = await admin.get<{ days: Array<{ date: string; count: number }> }>(
      `/api/forms/${formId}/answers/date?timezone=Pacific/Kiritimati`,
    );
    expect(east.body.days[0]).toEqual({
      date: "2026-03-02",
      count: sent.filter((s) => s.day === "2026-03-01").length,
    });
  });

  it("groups the account's submissions by day and form, and a month's", async () => {
    const grouped = await admin.get<{ days: Array<{ date: string; count: number; forms: unknown[] }> }>(
      "/api/forms/answers/date/grouped?date_from=2026-03-01&date_to=2026-03-31&timezone=UTC",
    );
    expect(grouped.status, grouped.text).toBe(200);
    expect(grouped.body.days.reduce((sum, day) => sum + day.count, 0)).toBe(
      sent.filter((s) => s.day < "2026-04-01").length,
    );
    const month = await admin.get<{ days: Array<{ date: string; count: number; forms: unknown[] }> }>(
      "/api/forms/answers/month/grouped?month=2026-04&timezone=UTC",
    );
    expect(month.body.days).toEqual([
      {
        date: "2026-04-10",
        count: sent.filter((s) => s.day === "2026-04-10").length,
        forms: [
          { formId, title: "Statistics survey", count: sent.filter((s) => s.day === "2026-04-10").length },
        ],
      },
    ]);
    expect((await admin.get("/api/forms/answers/month/grouped?month=2026-13")).status).toBe(400);
  });
});

describe("NPS", () => {
  it("tells the score, its groups and each period's", async () => {
    const fields = await admin.get(`/api/forms/${formId}/nps-fields`);
    expect(fields.body).toEqual({ fields: [{ id: "nps", title: "Would you recommend us?" }] });
    const response = await admin.get<ReturnType<typeof npsOf> & { periods: Array<{ period: string }> }>(
      `/api/forms/${formId}/answer/nps?nps_id=nps&period=month&timezone=UTC`,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject(npsOf(sent.map((s) => s.nps)));
    expect(response.body.periods).toEqual([
      { period: "2026-03-01", ...npsOf(sent.filter((s) => s.day < "2026-04-01").map((s) => s.nps)) },
      { period: "2026-04-01", ...npsOf(sent.filter((s) => s.day >= "2026-04-01").map((s) => s.nps)) },
    ]);
  });

  it("lists the answers a page at a time, newest first", async () => {
    const response = await admin.get<{ total: number; items: Array<{ value: number; group: string }> }>(
      `/api/forms/${formId}/answer/nps/timeline?itemsPerPage=10&page=1`,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.total).toBe(sent.length);
    expect(response.body.items).toHaveLength(10);
    const latest = sent.filter((s) => s.day === "2026-04-10").map((s) => s.nps);
    const newest = await admin.get<{ items: Array<{ value: number }> }>(
      `/api/forms/${formId}/answer/nps/timeline?itemsPerPage=${latest.length}&page=1`,
    );
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    expect(sorted(newest.body.items.map((i) => i.value))).toEqual(sorted(latest));
    const second = await admin.get<{ items: unknown[] }>(
      `/api/forms/${formId}/answer/nps/timeline?itemsPerPage=10&page=5`,
    );
    expect(second.body.items).toHaveLength(sent.length - 40);
  });

  it("has the no-data state for a form without answers or without an NPS question", async () => {
    const empty = await admin.get<ReturnType<typeof npsOf>>(`/api/forms/${emptyFormId}/answer/nps`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, score: null });
    const noField = await admin.get(`/api/forms/${formId}/answer/nps?nps_id=stars`);
    expect(noField.status).toBe(400);
  });
});

describe("who sees the statistics", () => {
  it("gives a reader of selected fields the figures of those fields only", async () => {
    const reader = await addMember(server, accountId, "statsreader");
    const group = await groupWith(admin, "Stat readers", [reader.id], ["forms.view", "results.view"]);
    await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["pick", "age"],
    });
    const summary = await reader.api.get<Summary>(`/api/forms/${formId}/answers/summary`);
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body.fields.map((f) => f.fieldId)).toEqual(["pick", "age"]);
    expect(summary.text).not.toContain("person ");
    expect((await reader.api.get(`/api/forms/${formId}/nps-fields`)).body).toEqual({ fields: [] });
    expect((await reader.api.get(`/api/forms/${formId}/answer/nps`)).status).toBe(400);
    // The empty form grants the reader nothing: its figures are refused.
    expect((await reader.api.get(`/api/forms/${emptyFormId}/answers/summary`)).status).toBe(403);
  });

  it("refuses another account", async () => {
    const { api: outsider } = await signUpWithAccount(server.api, "statsoutsider");
    for (const path of ["answers/summary", "daily-submissions", "answer/nps", "nps-fields", "answers/date"]) {
      expect([403, 404]).toContain((await outsider.get(`/api/forms/${formId}/${path}`)).status);
    }
    const grouped = await outsider.get<{ days: unknown[] }>("/api/forms/answers/date/grouped");
    expect(grouped.body.days).toEqual([]);
  });
});
