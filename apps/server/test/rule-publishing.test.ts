import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let admin: ApiClient;

const everything = { kind: "group", combinator: "AND", conditions: [] };
const scoreBelow = (value: number) => ({
  ...everything,
  conditions: [{ kind: "field", fieldId: "score", operator: "lower", value }],
});

/** A form whose rule closes it when a score under 3 comes in. */
function unpublishRule(extra: Record<string, unknown> = {}) {
  return {
    id: "close",
    name: "Close on a low score",
    when: "submit",
    if: scoreBelow(3),
    // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
    then: [{ type: "unpublish" }],
    ...extra,
  };
}

async function createForm(
  rules: unknown[],
  extra: Record<string, unknown> = {},
  as = admin,
): Promise<number> {
  const created = await as.post<{ form: { id: number } }>("/api/forms", {
    title: "Feedback",
    ...extra,
    fields: [
      { id: "name", fieldType: "text", question: "Your name" },
      { id: "score", fieldType: "number", question: "Score (1-5)" },
    ],
    conditionalRules: rules,
  });
  expect(created.status, created.text).toBe(201);
  return created.body.form.id;
}

async function submit(formId: number, name: string, score: number, on = server) {
  return on.api.post<{ id: number; code?: string }>("/api/forms/answer", {
    formId,
    answers: [
      { fieldId: "name", answer: name },
      { fieldId: "score", answer: score },
    ],
  });
}

const published = async (formId: number, as = admin) =>
  (await as.get<{ form: { isPublished: boolean } }>(`/api/forms/${formId}`)).body.form.isPublished;

interface Job {
  answerId: number;
  state: string;
  attempts: number;
  lastError: string | null;
}
const jobsOf = async (formId: number) =>
  (await admin.get<{ jobs: Job[] }>(`/api/forms/${formId}/automation-jobs`)).body.jobs;

/** Polls until every job of the form has run (or `count` jobs exist and have), and returns them. */
async function ranJobs(formId: number, count: number): Promise<Job[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const jobs = await jobsOf(formId);
    if (jobs.length >= count && jobs.every((job) => job.state !== "queued")) return jobs;
    if (Date.now() > deadline) throw new Error(`the jobs did not run: ${JSON.stringify(jobs)}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

beforeAll(async () => {
  server = await startTestServer({ AUTOMATION_POLL_MS: "50", WEBHOOK_POLL_MS: "600000" });
  ({ api: admin } = await signUpWithAccount(server.api, "rulepub"));
});

afterAll(async () => {
  await server?.close();
});

describe("rules that publish and unpublish their form", () => {
  it("unpublishes the form after a submission that makes the rule hold, and still runs its job", async () => {
    const formId = await createForm([unpublishRule()]);
    const sent = await submit(formId, "Unhappy", 2);
    expect(sent.status, sent.text).toBe(201);
    const [job] = await ranJobs(formId, 1);
    expect(job).toMatchObject({ answerId: sent.body.id, state: "done", attempts: 1, lastError: null });
    expect(await published(formId)).toBe(false);
    // Closed now: the next respondent is refused, and the builder reads the same state.
    const late = await submit(formId, "Late", 5);
    expect(late.status).toBe(403);
    expect(late.body.code).toBe("form.closed");
    const form = await admin.get<{ form: { isPublished: boolean } }>(`/api/forms/${formId}`);
    expect(form.body.form.isPublished).toBe(false);
  });

  it("leaves the form published after a submission that does not make the rule hold", async () => {
    const formId = await createForm([unpublishRule()]);
    const sent = await submit(formId, "Happy", 4);
    expect(sent.status, sent.text).toBe(201);
    const jobs = await ranJobs(formId, 1);
    expect(jobs).toEqual([expect.objectContaining({ answerId: sent.body.id, state: "done" })]);
    expect(await published(formId)).toBe(true);
  });

  it("does nothing for a disabled rule", async () => {
    const formId = await createForm([unpublishRule({ enabled: false })]);
    for (const name of ["One", "Two"]) {
      const sent = await submit(formId, name, 1);
      expect(sent.status, sent.text).toBe(201);
    }
    // A submission to a form with nothing to run queues no job: a later one with one shows the
    // worker has had its turn.
    const other = await createForm([unpublishRule()]);
    await submit(other, "Marker", 4);
    await ranJobs(other, 1);
    expect(await jobsOf(formId)).toEqual([]);
    expect(await published(formId)).toBe(true);
  });

  it("publishes the form again through a rule's else branch, and leaves a form as it is already", async () => {
    const formId = await createForm([unpublishRule({ else: [{ type: "publish" }] })]);
    const before = await admin.get<{ form: { lastChangeDate: string } }>(`/api/forms/${formId}`);
    await submit(formId, "Fine", 5);
    await ranJobs(formId, 1);
    // Already published: the form is not touched, so its change date stays.
    const after = await admin.get<{ form: { lastChangeDate: string; isPublished: boolean } }>(
      `/api/forms/${formId}`,
    );
    expect(after.body.form).toMatchObject({
      isPublished: true,
      lastChangeDate: before.body.form.lastChangeDate,
    });
    await submit(formId, "Low", 1);
    await ranJobs(formId, 2);
    expect(await published(formId)).toBe(false);
  });

  it("runs one job per submission of a parallel burst and closes the form", async () => {
    const formId = await createForm([unpublishRule()]);
    const scores = [5, 4, 1, 5, 4, 5, 2, 4, 5, 5];
    const sent = await Promise.all(scores.map((score, n) => submit(formId, `Burst ${n}`, score)));
    // The job may close the form while the burst is still coming in: the later ones are refused.
    for (const response of sent) expect([201, 403], response.text).toContain(response.status);
    const accepted = sent.filter((response) => response.status === 201).map((response) => response.body.id);
    const jobs = await ranJobs(formId, accepted.length);
    expect(jobs.map((job) => job.answerId).sort((a, b) => a - b)).toEqual(accepted.sort((a, b) => a - b));
    expect(jobs.every((job) => job.state === "done" && job.attempts === 1)).toBe(true);
    expect(await published(formId)).toBe(false);
  });
});

describe("a rule's publishing change, made with the submission that makes it hold", () => {
  // No automation job runs while these tests do: the change must not wait for one.
  let quiet: TestServer;
  let author: ApiClient;
  beforeAll(async () => {
    quiet = await startTestServer({ AUTOMATION_POLL_MS: "600000" });
    ({ api: author } = await signUpWithAccount(quiet.api, "rulepub-now"));
  });
  afterAll(() => quiet?.close());

  const formWith = (rules: unknown[], extra: Record<string, unknown> = {}) =>
    createForm(rules, extra, author);
  const send = (formId: number, name: string, score: number) => submit(formId, name, score, quiet);
  const isPublished = (formId: number) => published(formId, author);

  it("closes the form before the submission is acknowledged, so the next respondent is refused", async () => {
    const formId = await formWith([unpublishRule()]);
    const closing = await send(formId, "Unhappy", 1);
    expect(closing.status, closing.text).toBe(201);
    expect(await isPublished(formId)).toBe(false);
    const next = await send(formId, "Next", 5);
    expect(next.status).toBe(403);
    expect(next.body.code).toBe("form.closed");
  });

  it("takes no submission after the closing one in a parallel burst", async () => {
    const formId = await formWith([unpublishRule()]);
    const scores = [5, 4, 1, 5, 4, 2, 5, 4, 5, 1, 5, 4];
    const sent = await Promise.all(scores.map((score, n) => send(formId, `Burst ${n}`, score)));
    for (const response of sent) expect([201, 403], response.text).toContain(response.status);
    const numbers = await author.get<{
      answerList: Array<{ number: number; answers: Array<{ answer: unknown }> }>;
    }>(`/api/forms/${formId}/answer?order=asc`);
    const stored = numbers.body.answerList;
    expect(stored.length).toBe(sent.filter((response) => response.status === 201).length);
    // Exactly one low score got in, and it is the last submission the form took.
    const low = stored.filter((answer) => Number(answer.answers[1]?.answer) < 3);
    expect(low).toHaveLength(1);
    expect(stored.at(-1)).toEqual(low[0]);
    expect(await isPublished(formId)).toBe(false);
  });

  it("also on a form with a response limit, whose submissions are stored one at a time", async () => {
    const formId = await formWith([unpublishRule()], { title: "Limited and closing", maxResponses: 50 });
    expect((await send(formId, "Unhappy", 2)).status).toBe(201);
    expect(await isPublished(formId)).toBe(false);
    expect((await send(formId, "Next", 5)).status).toBe(403);
  });
});
