import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START_LIMITS } from "../src/features/statistics/visits.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let subdomain: string;
let form: { id: number; alias: string };
let addresses = 0;

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const FIELDS = ["name", "colour", "age", "comment"] as const;
type FieldId = (typeof FIELDS)[number];

const survey = {
  title: "Funnel survey",
  fields: [
    { id: "name", fieldType: "text", question: "Your name" },
    {
      id: "colour",
      fieldType: "radio",
      question: "Colour",
      fieldSettings: {
        answerVariants: [
          { id: "red", title: "Red", value: "1" },
          { id: "blue", title: "Blue", value: "2" },
        ],
      },
    },
    { id: "age", fieldType: "number", question: "Age" },
    { id: "comment", fieldType: "textarea", question: "Comment" },
  ],
};

/** Each submission: its key, whether its page reported the start, and each answer with its seconds. */
interface Sent {
  key: string;
  reported: boolean;
  answers: Partial<Record<FieldId, { answer: unknown; seconds?: number }>>;
}
const SENT: Sent[] = [
  {
    key: "sent-1",
    reported: true,
    answers: { name: { answer: "Ann", seconds: 4 }, colour: { answer: "red", seconds: 2 } },
  },
  {
    key: "sent-2",
    reported: true,
    answers: { name: { answer: "Bo", seconds: 6 }, age: { answer: 31, seconds: 3 } },
  },
  {
    key: "sent-3",
    reported: true,
    answers: { name: { answer: "Cy" }, colour: { answer: "blue", seconds: 5 }, age: { answer: 40 } },
  },
  { key: "sent-4", reported: true, answers: { colour: { answer: "red", seconds: 1.5 } } },
  {
    key: "sent-5",
    reported: true,
    answers: { name: { answer: "Di", seconds: 9 }, comment: { answer: "Fine", seconds: 20 } },
  },
  { key: "sent-6", reported: true, answers: { name: { answer: "Ed", seconds: 2 } } },
  // Sent without the page's script: no start was reported.
  { key: "sent-7", reported: false, answers: { name: { answer: "Flo" }, colour: { answer: "blue" } } },
  { key: "sent-8", reported: false, answers: { age: { answer: 25 } } },
];
/** Fillings begun and never sent, with the questions their recorded behaviour touched, in order. */
const UNFINISHED: Array<{ key: string; batches: FieldId[][] }> = [
  { key: "left-1", batches: [["name", "colour"]] },
  { key: "left-2", batches: [["name"]] },
  { key: "left-3", batches: [["age", "name"]] },
  { key: "left-4", batches: [] },
  { key: "left-5", batches: [["name"], ["comment"]] },
];
/** Behaviour of some sent fillings: touches of questions they did not answer count as reached too. */
const SENT_TOUCHES: Record<string, FieldId[]> = {
  "sent-1": ["name", "colour", "age"],
  "sent-4": ["comment"],
};
/** Starts reported for fillings that were neither sent nor recorded. */
const BARE_STARTS = Array.from({ length: 9 }, (_, i) => `bare-${i}`);
const VIEWS = 25;

const nextAddress = () => `198.51.100.${++addresses}`;

function sendBatch(key: string, seq: number, fields: FieldId[]) {
  const events = fields.flatMap((field, i) => [
    { type: "focus", at: i * 1000 + 10, field },
    { type: "input", at: i * 1000 + 200, field, count: 2 },
    { type: "blur", at: i * 1000 + 900, field },
  ]);
  // A click on the page itself belongs to no question.
  events.push({ type: "click", at: 9000, x: 5, y: 5 } as never);
  return server.api.post("/api/forms/logger", { formId: form.id, key, seq, events });
}

function reportStart(key: string, formId = form.id, headers: Record<string, string> = {}) {
  return server.api.post<{ code?: string }>("/api/forms/start", { formId, key }, headers);
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true" });
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "funnel"));
  subdomain = (await admin.get<{ account: { subdomain: string } }>("/api/user")).body.account.subdomain;
  const created = await admin.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", survey);
  expect(created.status, created.text).toBe(201);
  form = { id: created.body.form.id, alias: created.body.form.formPathAlias };

  // Each started filling is reported three times at once: counted once.
  const started = [
    ...SENT.filter((s) => s.reported).map((s) => s.key),
    ...UNFINISHED.map((u) => u.key),
    ...BARE_STARTS,
  ];
  const reports = await Promise.all(
    started.flatMap((key) => [reportStart(key), reportStart(key), reportStart(key)]),
  );
  expect(reports.map((r) => r.status)).toEqual(reports.map(() => 204));

  for (const u of UNFINISHED) {
    for (const [seq, fields] of u.batches.entries())
      expect((await sendBatch(u.key, seq, fields)).status).toBe(204);
  }
  // A visit whose page recorded only a click beside the questions began no filling.
  expect((await sendBatch("glance-1", 0, [])).status).toBe(204);
  for (const [key, fields] of Object.entries(SENT_TOUCHES))
    expect((await sendBatch(key, 0, fields)).status).toBe(204);

  const stored = await Promise.all(
    SENT.map((s) =>
      server.api.post(
        "/api/forms/answer",
        {
          formId: form.id,
          formPassingTime: 600,
          answers: Object.entries(s.answers).map(([fieldId, a]) => ({
            fieldId,
            answer: a.answer,
            ...(a.seconds === undefined ? {} : { answeringTime: a.seconds }),
          })),
        },
        { "idempotency-key": s.key, "x-forwarded-for": nextAddress() },
      ),
    ),
  );
  expect(stored.map((r) => r.status)).toEqual(stored.map(() => 201));
});
afterAll(() => server.close());

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
const page = (path: string, headers: Record<string, string>, method = "GET") =>
  fetch(`${server.url}${path}`, { method, headers });

describe("views of the public page", () => {
  it("counts each page a browser was served exactly, even at once, and leaves out crawlers, HEAD, prefetch and the thank-you page", async () => {
    const path = `/f/${form.alias}?a=${subdomain}`;
    const responses = await Promise.all([
      ...Array.from({ length: VIEWS }, () => page(path, { "user-agent": BROWSER })),
      ...Array.from({ length: 4 }, () => page(path, { "user-agent": BROWSER }, "HEAD")),
      page(path, {
        "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      }),
      page(path, { "user-agent": "curl/8.5.0" }),
      page(path, { "user-agent": "node" }),
      page(path, { "user-agent": BROWSER, "sec-purpose": "prefetch" }),
      page(`/f/${form.alias}/thankyou?a=${subdomain}`, { "user-agent": BROWSER }),
    ]);
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    const figures = await admin.get<{ views: number }>(`/api/forms/${form.id}/answers/submit-rate`);
    expect(figures.status, figures.text).toBe(200);
    expect(figures.body.views).toBe(VIEWS);
  });
});

describe("the submit rate", () => {
  it("tells views, starts and submissions with their rates, computed as the fillings happened", async () => {
    const starts =
      SENT.filter((s) => s.reported).length +
      UNFINISHED.length +
      BARE_STARTS.length +
      SENT.filter((s) => !s.reported).length;
    const response = await admin.get(`/api/forms/${form.id}/answers/submit-rate`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      views: VIEWS,
      starts,
      submissions: SENT.length,
      startRate: rate(starts, VIEWS),
      submitRate: rate(SENT.length, VIEWS),
      completionRate: rate(SENT.length, starts),
    });
  });

  it("counts nothing outside the range asked for, and refuses a backwards range", async () => {
    const past = await admin.get(
      `/api/forms/${form.id}/answers/submit-rate?date_from=2020-01-01&date_to=2020-01-31`,
    );
    expect(past.body).toEqual({
      views: 0,
      starts: 0,
      submissions: 0,
      startRate: null,
      submitRate: null,
      completionRate: null,
    });
    const today = new Date().toISOString().slice(0, 10);
    const now = await admin.get<{ views: number; submissions: number }>(
      `/api/forms/${form.id}/answers/submit-rate?date_from=${today}&date_to=${today}&timezone=UTC`,
    );
    expect(now.body).toMatchObject({ views: VIEWS, submissions: SENT.length });
    const backwards = await admin.get(
      `/api/forms/${form.id}/answers/submit-rate?date_from=2026-05-01&date_to=2026-04-01`,
    );
    expect(backwards.status).toBe(400);
  });
});

describe("reporting a start", () => {
  it("refuses a form that is closed, one that does not exist and a malformed key", async () => {
    const closed = await admin.post<{ form: { id: number } }>("/api/forms", {
      ...survey,
      isPublished: false,
    });
    expect((await reportStart("k-closed", closed.body.form.id)).status).toBe(403);
    expect((await reportStart("k-none", 2_000_000_000)).status).toBe(404);
    expect((await reportStart("has space")).status).toBe(400);
    expect((await server.api.post("/api/forms/start", { formId: form.id })).status).toBe(400);
  });

  it("limits one respondent, however many starts come at once", async () => {
    const other = await admin.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", {
      ...survey,
      title: "Burst survey",
    });
    const opened = await page(`/f/${other.body.form.formPathAlias}?a=${subdomain}`, {
      "user-agent": BROWSER,
    });
    const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toContain("=");
    const headers = { cookie, "x-forwarded-for": nextAddress() };
    const burst = await Promise.all(
      Array.from({ length: START_LIMITS.perRespondent + 5 }, (_, i) =>
        reportStart(`burst-${i}`, other.body.form.id, headers),
      ),
    );
    expect(burst.filter((r) => r.status === 204)).toHaveLength(START_LIMITS.perRespondent);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.code).toBe("start.rate_limited");
    const figures = await admin.get<{ starts: number }>(
      `/api/forms/${other.body.form.id}/answers/submit-rate`,
    );
    expect(figures.body.starts).toBe(START_LIMITS.perRespondent);
  });
});

/** Figures computed from the test's own data, for the questions a reader sees. */
function expected(visible: readonly FieldId[]) {
  const total = SENT.length;
  const questions = visible.map((fieldId, index) => {
    const answers = SENT.map((s) => s.answers[fieldId]).filter((a) => a !== undefined);
    const timed = answers.flatMap((a) => (a.seconds === undefined ? [] : [a.seconds]));
    const average =
      timed.length === 0 ? null : Math.round((timed.reduce((x, y) => x + y, 0) / timed.length) * 10) / 10;
    const reachedKeys = new Set([
      ...SENT.filter((s) => s.answers[fieldId]).map((s) => s.key),
      ...Object.entries(SENT_TOUCHES)
        .filter(([, f]) => f.includes(fieldId))
        .map(([k]) => k),
      ...UNFINISHED.filter((u) => u.batches.flat().includes(fieldId)).map((u) => u.key),
    ]);
    const lastSeen = (u: (typeof UNFINISHED)[number]) =>
      u.batches
        .flat()
        .filter((f) => visible.includes(f))
        .at(-1);
    return {
      fieldId,
      position: index + 1,
      answered: answers.length,
      skipped: total - answers.length,
      answerRate: rate(answers.length, total),
      skipRate: rate(total - answers.length, total),
      averageTime: average,
      timed: timed.length,
      reached: reachedKeys.size,
      stoppedHere: UNFINISHED.filter((u) => lastSeen(u) === fieldId).length,
    };
  });
  const unfinished = UNFINISHED.length + BARE_STARTS.length;
  return {
    total,
    questions,
    unfinished,
    stoppedBeforeAnyQuestion: unfinished - questions.reduce((s, q) => s + q.stoppedHere, 0),
  };
}

interface Performing {
  total: number;
  questions: Array<{ fieldId: string; title: string; answerRate: number | null; averageTime: number | null }>;
}

describe("performing questions", () => {
  it("tells each question's answers, skips and mean time as the submissions hold them", async () => {
    const response = await admin.get<Performing>(`/api/forms/${form.id}/performing-questions`);
    expect(response.status, response.text).toBe(200);
    const want = expected(FIELDS);
    expect(response.body.total).toBe(want.total);
    expect(response.body.questions).toEqual(
      want.questions.map(({ reached: _r, stoppedHere: _s, ...q }) =>
        expect.objectContaining({ ...q, title: survey.fields[q.position - 1]!.question }),
      ),
    );
  });

  it("sorts by the figure asked for, questions without it last", async () => {
    const want = expected(FIELDS).questions;
    const byRate = await admin.get<Performing>(
      `/api/forms/${form.id}/performing-questions?sort_by=answer_rate&sort_order=desc`,
    );
    const rateOrder = [...want].sort(
      (a, b) => (b.answerRate ?? 0) - (a.answerRate ?? 0) || a.position - b.position,
    );
    expect(byRate.body.questions.map((q) => q.fieldId)).toEqual(rateOrder.map((q) => q.fieldId));
    const byTime = await admin.get<Performing>(
      `/api/forms/${form.id}/performing-questions?sort_by=average_time&sort_order=asc`,
    );
    const timeOrder = [...want].sort(
      (a, b) =>
        (a.averageTime ?? Number.POSITIVE_INFINITY) - (b.averageTime ?? Number.POSITIVE_INFINITY) ||
        a.position - b.position,
    );
    expect(byTime.body.questions.map((q) => q.fieldId)).toEqual(timeOrder.map((q) => q.fieldId));
    expect((await admin.get(`/api/forms/${form.id}/performing-questions?sort_by=title`)).status).toBe(400);
    expect((await admin.get(`/api/forms/${form.id}/performing-questions?sort_order=up`)).status).toBe(400);
  });
});

interface Analysis {
  fillings: number;
  submitted: number;
  unfinished: number;
  stoppedBeforeAnyQuestion: number;
  fields: Array<{
    fieldId: string;
    reached: number;
    answered: number;
    stoppedHere: number;
    averageTime: number | null;
  }>;
}

describe("fields analysis", () => {
  it("tells how many fillings reached and answered each question and where the unfinished ones stopped", async () => {
    const response = await admin.get<Analysis>(`/api/forms/${form.id}/fields-analysis`);
    expect(response.status, response.text).toBe(200);
    const want = expected(FIELDS);
    expect(response.body).toMatchObject({
      fillings: SENT.length + want.unfinished,
      submitted: SENT.length,
      unfinished: want.unfinished,
      stoppedBeforeAnyQuestion: want.stoppedBeforeAnyQuestion,
    });
    expect(response.body.fields).toEqual(
      want.questions.map((q) =>
        expect.objectContaining({
          fieldId: q.fieldId,
          reached: q.reached,
          answered: q.answered,
          stoppedHere: q.stoppedHere,
          averageTime: q.averageTime,
        }),
      ),
    );
  });
});

describe("who sees these figures", () => {
  it("gives a reader of selected fields those questions only", async () => {
    const reader = await addMember(server, accountId, "funnelreader");
    const group = await groupWith(admin, "Funnel readers", [reader.id], ["forms.view", "results.view"]);
    const visible = ["colour", "age"] as const;
    await admin.request("PUT", `/api/forms/${form.id}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: visible,
    });
    const want = expected(visible);
    const performing = await reader.api.get<Performing>(`/api/forms/${form.id}/performing-questions`);
    expect(performing.status, performing.text).toBe(200);
    expect(performing.body.questions.map((q) => q.fieldId)).toEqual([...visible]);
    expect(performing.text).not.toContain("Your name");
    const analysis = await reader.api.get<Analysis>(`/api/forms/${form.id}/fields-analysis`);
    expect(analysis.body.fields.map((f) => [f.fieldId, f.reached, f.stoppedHere])).toEqual(
      want.questions.map((q) => [q.fieldId, q.reached, q.stoppedHere]),
    );
    expect(analysis.body.stoppedBeforeAnyQuestion).toBe(want.stoppedBeforeAnyQuestion);
    expect((await reader.api.get(`/api/forms/${form.id}/answers/submit-rate`)).status).toBe(200);
  });

  it("refuses another account", async () => {
    const { api: outsider } = await signUpWithAccount(server.api, "funneloutsider");
    for (const path of ["answers/submit-rate", "performing-questions", "fields-analysis"]) {
      expect([403, 404]).toContain((await outsider.get(`/api/forms/${form.id}/${path}`)).status);
    }
  });
});
