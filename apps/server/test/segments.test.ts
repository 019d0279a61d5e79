import { inSegment, type SegmentCondition } from "@formloom/core/behavior-attributes";
import { DEFAULT_CONSENT_OPTIONS } from "@formloom/core/consent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECALCULATION_LIMITS } from "../src/features/segments/service.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let accountId: number;
let formId: number;

const agreed = { behavioralConfirmOptions: [DEFAULT_CONSENT_OPTIONS.behavioral.id] };

/** Three quick clicks on one spot and one elsewhere: rage 75 (docs/behaviour.md). */
const raging = [
  { type: "focus", at: 0, field: "name" },
  { type: "blur", at: 10_000, field: "name" },
  { type: "click", at: 11_000, x: 100, y: 100 },
  { type: "click", at: 11_300, x: 105, y: 100 },
  { type: "click", at: 11_600, x: 100, y: 110 },
  { type: "click", at: 20_000, x: 500, y: 500 },
];
/** Slow, single clicks: rage 0. */
const calm = [
  { type: "focus", at: 0, field: "name" },
  { type: "blur", at: 10_000, field: "name" },
  { type: "click", at: 11_000, x: 100, y: 100 },
  { type: "click", at: 15_000, x: 100, y: 100 },
];

async function fill(key: string, events: unknown[]): Promise<number> {
  const logged = await server.api.post("/api/forms/logger", { formId, key, seq: 0, ...agreed, events });
  expect(logged.status).toBe(204);
  const sent = await server.api.post<{ id: number }>(
    "/api/forms/answer",
    { formId, answers: [{ fieldId: "name", answer: key }] },
    { "idempotency-key": key },
  );
  expect(sent.status).toBe(201);
  return sent.body.id;
}

const valid = {
  name: "Angry clickers",
  description: "Clicked in bursts",
  color: "#e03131",
  attributes: [{ attribute: "rage", from: 50, to: 100 }],
};

type Job = { id: number; state: string; done: number; total: number };

async function finished(jobId: number): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const job = await api.get<Job>(`/api/segments/jobs/${jobId}`);
    if (job.body.state === "done" || job.body.state === "failed") return job.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the recalculation did not finish");
}

let raged: number;
let calmed: number;

beforeAll(async () => {
  server = await startTestServer({ EXPORT_POLL_MS: "100" });
  ({ api, accountId } = await signUpWithAccount(server.api, "segments"));
  const created = await api.post<{ form: { id: number } }>("/api/forms", sampleForm);
  formId = created.body.form.id;
  raged = await fill("segment-rage", raging);
  calmed = await fill("segment-calm", calm);
});
afterAll(() => server.close());

describe("behavioural segments", () => {
  it("refuses a segment with a short name, no attribute, one attribute twice or a range upside down, storing nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, name: "A" }, "segment.name.too_short"],
      [{ ...valid, attributes: [] }, "segment.attributes.empty"],
      [
        {
          ...valid,
          attributes: [
            { attribute: "rage", from: 0, to: 10 },
            { attribute: "rage", from: 20, to: 30 },
          ],
        },
        "segment.attributes.duplicate",
      ],
      [{ ...valid, attributes: [{ attribute: "rage", from: 60, to: 40 }] }, "segment.range.invalid"],
      [{ ...valid, attributes: [{ attribute: "rage", from: 0, to: 101 }] }, "segment.range.invalid"],
      [{ ...valid, color: "red" }, "segment.color.invalid"],
    ];
    for (const [body, code] of cases) {
      const refused = await api.post<{ code: string; message: string }>("/api/segments", body);
      expect(refused.status, code).toBe(400);
      expect(refused.body.code).toBe(code);
      expect(refused.body.message).not.toBe(code);
    }
    const list = await api.get<{ segments: unknown[] }>("/api/segments/all");
    expect(list.body.segments).toEqual([]);
  });

  it("recalculates as a job, finding the submissions whose attributes the formulas put in the segment", async () => {
    const created = await api.post<{ id: number; members: number }>("/api/segments", valid);
    expect(created.status).toBe(201);
    const segmentId = created.body.id;
    const queued = await api.request<Job>("PATCH", `/api/forms/answers/recalculate-segments/${segmentId}`, {
      formIds: [formId],
    });
    expect(queued.status).toBe(202);
    expect(queued.body.state).toBe("queued");
    const job = await finished(queued.body.id);
    expect(job).toMatchObject({ state: "done", done: 2, total: 2 });

    const members = await api.get<{ members: Array<{ answerId: number }> }>(
      `/api/segments/${segmentId}/members?formId=${formId}`,
    );
    expect(members.body.members.map((member) => member.answerId)).toEqual([raged]);
    // The same answer as the spider chart's attributes with core's rule.
    for (const answerId of [raged, calmed]) {
      const spider = await api.get<{ attributes: Parameters<typeof inSegment>[0] }>(
        `/api/forms/${formId}/answer/${answerId}/spider`,
      );
      expect(inSegment(spider.body.attributes, valid.attributes as SegmentCondition[])).toBe(
        answerId === raged,
      );
    }
    expect((await api.get<{ members: number }>(`/api/segments/${segmentId}`)).body.members).toBe(1);

    // Changed to the calm ones and recalculated: the members follow.
    const changed = await api.request("PUT", `/api/segments/${segmentId}`, {
      ...valid,
      attributes: [{ attribute: "rage", from: 0, to: 10 }],
    });
    expect(changed.status).toBe(200);
    const again = await api.request<Job>("PATCH", `/api/forms/answers/recalculate-segments/${segmentId}`, {
      formIds: [formId],
    });
    await finished(again.body.id);
    const now = await api.get<{ members: Array<{ answerId: number }> }>(
      `/api/segments/${segmentId}/members?formId=${formId}`,
    );
    expect(now.body.members.map((member) => member.answerId)).toEqual([calmed]);
  });

  it("drops a deleted submission from its segments", async () => {
    const created = await api.post<{ id: number }>("/api/segments", { ...valid, name: "Everyone" });
    const segmentId = created.body.id;
    const extra = await fill("segment-extra", raging);
    const job = await api.request<Job>("PATCH", `/api/forms/answers/recalculate-segments/${segmentId}`, {
      formIds: [formId],
    });
    await finished(job.body.id);
    expect((await api.get<{ members: number }>(`/api/segments/${segmentId}`)).body.members).toBe(2);
    expect((await api.request("DELETE", `/api/forms/${formId}/answer`, { answerIds: [extra] })).status).toBe(
      200,
    );
    expect((await api.get<{ members: number }>(`/api/segments/${segmentId}`)).body.members).toBe(1);
    expect((await api.request("DELETE", `/api/segments/${segmentId}`)).status).toBe(204);
    expect((await api.get(`/api/segments/${segmentId}`)).status).toBe(404);
  });

  it("is not seen or changed by another account, nor recalculated over its forms", async () => {
    const mine = await api.post<{ id: number }>("/api/segments", { ...valid, name: "Private" });
    const other = await signUpWithAccount(server.api, "segother");
    expect((await other.api.get(`/api/segments/${mine.body.id}`)).status).toBe(404);
    expect((await other.api.request("PUT", `/api/segments/${mine.body.id}`, valid)).status).toBe(404);
    expect((await other.api.request("DELETE", `/api/segments/${mine.body.id}`)).status).toBe(404);
    const list = await other.api.get<{ segments: unknown[] }>("/api/segments/all");
    expect(list.body.segments).toEqual([]);
    expect(
      (
        await other.api.request("PATCH", `/api/forms/answers/recalculate-segments/${mine.body.id}`, {
          formIds: [formId],
        })
      ).status,
    ).toBe(404);
    // Their own segment over our form: the form is unknown to them, nothing is queued.
    const theirs = await other.api.post<{ id: number }>("/api/segments", valid);
    const refused = await other.api.request(
      "PATCH",
      `/api/forms/answers/recalculate-segments/${theirs.body.id}`,
      {
        formIds: [formId],
      },
    );
    expect(refused.status).toBe(404);
    const jobs = await server.database.raw.query<{ n: number }>(
      "select count(*)::int as n from segment_jobs where segment_id = $1",
      [theirs.body.id],
    );
    expect(jobs[0]!.n).toBe(0);
  });

  it("takes up again a recalculation whose process died mid-run once its lease ran out, and fails it after three tries", async () => {
    const created = await api.post<{ id: number }>("/api/segments", { ...valid, name: "Orphaned" });
    const segmentId = created.body.id;
    // As a process that died after claiming the job leaves it: running, its lease over.
    const orphan = async (attempts: number) => {
      const [row] = await server.database.raw.query<{ id: number }>(
        `insert into segment_jobs (account_id, segment_id, form_ids, state, attempts, next_attempt_at, done, total)
         values ($1, $2, $3, 'running', $4, now() - interval '1 second', 1, 2) returning id`,
        [accountId, segmentId, JSON.stringify([formId]), attempts],
      );
      return row!.id;
    };
    const resumed = await finished(await orphan(1));
    expect(resumed).toMatchObject({ state: "done", done: 2, total: 2 });
    const members = await api.get<{ members: Array<{ answerId: number }> }>(
      `/api/segments/${segmentId}/members?formId=${formId}`,
    );
    expect(members.body.members.map((member) => member.answerId)).toEqual([raged]);

    expect((await finished(await orphan(3))).state).toBe("failed");
  });

  it("renews its lease before writing the result, so no other process takes the job over to finish it again", async () => {
    const created = await api.post<{ id: number }>("/api/segments", { ...valid, name: "Fenced" });
    const segmentId = created.body.id;
    const raw = server.database.raw;
    // The lease runs out as the last submissions are measured, and writing the result takes a while.
    await raw.query(`
      create function expire_segment_lease() returns trigger language plpgsql as $$
      begin
        if new.done = new.total and new.state = 'running' then
          new.next_attempt_at := now() - interval '1 second';
        end if;
        return new;
      end $$`);
    await raw.query(`
      create trigger expire_segment_lease before update of done on segment_jobs
        for each row when (new.segment_id = ${segmentId}) execute function expire_segment_lease()`);
    await raw.query(`
      create function slow_segment_result() returns trigger language plpgsql as $$
      begin
        perform pg_sleep(1);
        return null;
      end $$`);
    await raw.query(`
      create trigger slow_segment_result after delete on segment_members
        for each statement execute function slow_segment_result()`);
    try {
      const queued = await api.request<Job>("PATCH", `/api/forms/answers/recalculate-segments/${segmentId}`, {
        formIds: [formId],
      });
      // Another process looks for due jobs, as its claim does, while the result is written: once the
      // job's process sleeps in writing it (a server of its own shows it; PGlite runs one statement
      // at a time, so there the job has finished by then).
      const takenOver: unknown[] = [];
      const deadline = Date.now() + 15_000;
      for (;;) {
        const [job] = await raw.query<{ state: string }>("select state from segment_jobs where id = $1", [
          queued.body.id,
        ]);
        if (job!.state === "done" || Date.now() > deadline) break;
        const writing = await raw.query(
          "select 1 from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()",
        );
        if (writing.length > 0) {
          takenOver.push(
            ...(await raw.query(
              `update segment_jobs set attempts = attempts + 1, next_attempt_at = now() + interval '60 seconds'
                where (account_id, id) in (
                  select account_id, id from segment_jobs
                   where id = $1 and state in ('queued', 'running') and next_attempt_at <= now()
                   for update skip locked)
                returning id`,
              [queued.body.id],
            )),
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(takenOver).toEqual([]);
      expect((await finished(queued.body.id)).state).toBe("done");
      const members = await api.get<{ members: Array<{ answerId: number }> }>(
        `/api/segments/${segmentId}/members?formId=${formId}`,
      );
      expect(members.body.members.map((member) => member.answerId)).toEqual([raged]);
    } finally {
      await raw.query("drop trigger slow_segment_result on segment_members");
      await raw.query("drop function slow_segment_result()");
      await raw.query("drop trigger expire_segment_lease on segment_jobs");
      await raw.query("drop function expire_segment_lease()");
    }
  });

  it("skips a submission deleted while the recalculation runs and finishes", async () => {
    const created = await api.post<{ id: number }>("/api/segments", { ...valid, name: "Shrinking" });
    const segmentId = created.body.id;
    const doomed = await fill("segment-doomed", raging);
    // The respondent's submission goes while the job counts its progress, after it was measured.
    await server.database.raw.query(`
      create function delete_doomed() returns trigger language plpgsql as $$
      begin
        delete from form_answers where id = ${doomed};
        return new;
      end $$`);
    await server.database.raw.query(`
      create trigger delete_doomed after update of done on segment_jobs
        for each row when (new.done > 0 and new.segment_id = ${segmentId}) execute function delete_doomed()`);
    try {
      const queued = await api.request<Job>("PATCH", `/api/forms/answers/recalculate-segments/${segmentId}`, {
        formIds: [formId],
      });
      const job = await finished(queued.body.id);
      expect(job.state).toBe("done");
      const members = await api.get<{ members: Array<{ answerId: number }> }>(
        `/api/segments/${segmentId}/members?formId=${formId}`,
      );
      expect(members.body.members.map((member) => member.answerId)).toEqual([raged]);
    } finally {
      await server.database.raw.query("drop trigger delete_doomed on segment_jobs");
      await server.database.raw.query("drop function delete_doomed()");
    }
  });

  it("limits recalculations per account, also under a parallel burst", async () => {
    const burst = await signUpWithAccount(server.api, "segburst");
    const form = await burst.api.post<{ form: { id: number } }>("/api/forms", sampleForm);
    const segment = await burst.api.post<{ id: number }>("/api/segments", valid);
    const answers = await Promise.all(
      Array.from({ length: RECALCULATION_LIMITS.perAccount + 10 }, () =>
        burst.api.request<{ code: string }>(
          "PATCH",
          `/api/forms/answers/recalculate-segments/${segment.body.id}`,
          {
            formIds: [form.body.form.id],
          },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(RECALCULATION_LIMITS.perAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(answers.find((answer) => answer.status === 429)?.body.code).toBe(
      "segment.recalculation.rate_limited",
    );
    const jobs = await server.database.raw.query<{ n: number }>(
      "select count(*)::int as n from segment_jobs where segment_id = $1",
      [segment.body.id],
    );
    expect(jobs[0]!.n).toBe(RECALCULATION_LIMITS.perAccount);
  });

  it("lets a reader of results see segments but only a form editor change them", async () => {
    const reader = await addMember(server, accountId, "segread");
    await groupWith(api, "Segment readers", [reader.id], ["forms.view", "results.view"]);
    expect((await reader.api.get("/api/segments/all")).status).toBe(200);
    expect((await reader.api.post("/api/segments", valid)).status).toBe(403);
  });

  it("counts for a reader only the submissions of forms whose answers they may read", async () => {
    const created = await api.post<{ id: number }>("/api/segments", { ...valid, name: "Counted for whom" });
    const segmentId = created.body.id;
    const job = await api.request<Job>("PATCH", `/api/forms/answers/recalculate-segments/${segmentId}`, {
      formIds: [formId],
    });
    await finished(job.body.id);
    expect((await api.get<{ members: number }>(`/api/segments/${segmentId}`)).body.members).toBe(1);
    const reader = await addMember(server, accountId, "segcount");
    const group = await groupWith(api, "Segment counters", [reader.id], ["forms.view", "results.view"]);
    const counted = async () => {
      const one = await reader.api.get<{ members: number }>(`/api/segments/${segmentId}`);
      const all = await reader.api.get<{ segments: Array<{ id: number; members: number }> }>(
        "/api/segments/all",
      );
      return [one.body.members, all.body.segments.find((segment) => segment.id === segmentId)?.members];
    };
    // The form's answers are not theirs to read: how many of its respondents raged is not either.
    expect(await counted()).toEqual([0, 0]);
    const grant = await api.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "all",
    });
    expect(grant.status, grant.text).toBe(200);
    expect(await counted()).toEqual([1, 1]);
  });
});
