import { solveChallenge } from "altcha-lib/v1";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  respondents,
  startTopology,
  type Topology,
  type TopologyProcess,
} from "../../../scripts/topology.ts";
import {
  type ApiClient,
  type ApiResponse,
  ApiClient as Client,
  freshDatabaseTarget,
  registerUser,
  signUpWithAccount,
} from "./harness.ts";
import { type Answer, HttpReceiver, until } from "./http-receiver.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

// Three API processes (RUN_WORKERS=false) and two workers behind nginx on one PostgreSQL database,
// reached directly and through PgBouncer in transaction mode: whatever must agree across
// processes does. nginx and PgBouncer are Debian's; without them this file fails, it never skips.

const RECEIVER_HOST = "127.0.0.2";
const name = [{ fieldId: "name", answer: "Ann" }];
const fields = [{ id: "name", fieldType: "text", question: "Your name" }];

const count = (responses: ApiResponse[], status: number) =>
  responses.filter((r) => r.status === status).length;

/** Answers 200, except the first request to a path starting /held, which it never answers. */
const holdingFirst: Answer = (req, res) => {
  if (req.url?.startsWith("/held") && !held.has(req.url)) {
    held.add(req.url);
    return;
  }
  res.writeHead(200, { "content-type": "text/plain" }).end("ok");
};
const held = new Set<string>();

describe.each([
  { how: "directly", pooled: false },
  { how: "through PgBouncer in transaction mode", pooled: true },
])("3 API processes and 2 workers behind nginx, on PostgreSQL $how", { timeout: 120_000 }, ({ pooled }) => {
  let target: Awaited<ReturnType<typeof freshDatabaseTarget>>;
  let topology: Topology;
  let balancer: Client;
  let admin: ApiClient;
  let database: pg.Client;
  const receiver = new HttpReceiver(RECEIVER_HOST, holdingFirst);
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

  const newForm = async (extra: Record<string, unknown> = {}) => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Shared",
      fields,
      ...extra,
    });
    expect(created.status, created.text).toBe(201);
    return created.body.form.id;
  };
  const stored = async (formId: number) =>
    (await database.query("select count(*)::int as n from form_answers where form_id = $1", [formId])).rows[0]
      .n;

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL)
      throw new Error("the topology runs on PostgreSQL: set TEST_DATABASE_URL");
    await receiver.up();
    smtp = await startSmtpReceiver();
    target = await freshDatabaseTarget();
    topology = await startTopology({
      databaseUrl: target.databaseUrl!,
      pooled,
      logRoutes: true,
      env: {
        WEBHOOK_ALLOW_HOSTS: RECEIVER_HOST,
        WEBHOOK_POLL_MS: "50",
        EXPORT_POLL_MS: "50",
        EXPORT_JOB_THRESHOLD: "2",
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: "50",
      },
    });
    database = new pg.Client({ connectionString: target.databaseUrl });
    await database.connect();
    balancer = new Client(topology.url);
    ({ api: admin } = await signUpWithAccount(balancer, "scale"));
  }, 180_000);

  afterAll(async () => {
    await database?.end();
    await topology?.stop();
    await receiver.down();
    await smtp?.close();
    await target?.drop();
  });

  it("holds the sign-in limits of one user whichever process each guess reaches", async () => {
    const tokens = await registerUser(balancer, "limits");
    const me = await balancer.as(tokens.token).get<{ username: string }>("/api/user");
    const headers = { "x-forwarded-for": "198.51.100.7" };
    const guess = () =>
      balancer.post("/api/login", { username: me.body.username, password: "wrong-pass1" }, headers);
    const burst = await Promise.all(Array.from({ length: 120 }, guess));
    expect(count(burst, 401)).toBeLessThanOrEqual(10);
    expect(count(burst, 401) + count(burst, 429)).toBe(120);
    const owner = await balancer.post(
      "/api/login",
      { username: me.body.username, password: "secret123" },
      headers,
    );
    expect(owner.status).toBe(429);
  });

  it("rotates a refresh token once when copies of it reach several processes, and every process takes its tokens", async () => {
    const tokens = await registerUser(balancer, "rotate");
    for (const proc of topology.apis) {
      expect((await new Client(proc.url!).as(tokens.token).get("/api/user")).status).toBe(200);
    }
    const copies = await Promise.all(
      Array.from({ length: 6 }, () => balancer.post("/api/refresh", { refresh_token: tokens.refresh_token })),
    );
    expect(count(copies, 200)).toBe(1);
    expect(count(copies, 401)).toBe(5);
  });

  it("stores one of a 50-way burst to a form that asks respondents to wait between submissions", async () => {
    const formId = await newForm({ nextSubmissionTime: "1h" });
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => balancer.post("/api/forms/answer", { formId, answers: name })),
    );
    expect(count(burst, 201), JSON.stringify(burst.map((r) => r.status))).toBe(1);
    expect(count(burst, 429) + count(burst, 400) + count(burst, 403)).toBe(49);
    expect(await stored(formId)).toBe(1);
  });

  it("sends one form's submissions to one API process, and spreads forms over the processes", async () => {
    // Which process a form goes to follows a hash of its id over the processes' addresses, which
    // change from run to run; forms are made until every process has had some (a dozen or so),
    // never more than 60, which on an even spread misses a process about once in 10^10 runs.
    const processesOf = new Map<string, Set<string>>();
    const used = () => new Set([...processesOf.values()].flatMap((upstreams) => [...upstreams]));
    while (processesOf.size < 60 && (processesOf.size < 12 || used().size < 3)) {
      const formId = await newForm();
      const sent = await Promise.all(
        Array.from({ length: 5 }, () =>
          balancer.post(`/api/forms/answer?form=${formId}`, { formId, answers: name }),
        ),
      );
      expect(sent.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      processesOf.set(String(formId), new Set());
      for (const { form, upstream } of topology.routes()) processesOf.get(form)?.add(upstream);
    }
    for (const [formId, upstreams] of processesOf)
      expect([...upstreams], `form ${formId}'s submissions`).toHaveLength(1);
    expect(used().size, `the processes ${processesOf.size} forms went to`).toBe(3);
  });

  it("stores a submission retried under one Idempotency-Key once, and answers every retry with its id", async () => {
    const formId = await newForm();
    const headers = { "idempotency-key": `retried-${pooled}` };
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        balancer.post<{ id: number }>("/api/forms/answer", { formId, answers: name }, headers),
      ),
    );
    expect(count(burst, 201)).toBe(1);
    expect(count(burst, 200)).toBe(19);
    expect(new Set(burst.map((r) => r.body.id)).size).toBe(1);
    expect(await stored(formId)).toBe(1);
  });

  it("accepts one captcha solution once, whichever processes the copies reach", async () => {
    const formId = await newForm({ hasCaptcha: true });
    const challenge = (await balancer.get<Record<string, string>>("/api/forms/captcha/challenge")).body;
    const { algorithm, salt, signature, maxnumber } = challenge as Record<string, string> & {
      maxnumber: number;
    };
    const solution = await solveChallenge(challenge.challenge!, salt!, algorithm, maxnumber).promise;
    const captcha = Buffer.from(
      JSON.stringify({
        algorithm,
        challenge: challenge.challenge,
        number: solution!.number,
        salt,
        signature,
      }),
    ).toString("base64");
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        balancer.post(
          "/api/forms/answer",
          { formId, captcha, answers: name },
          { "idempotency-key": `c${i}` },
        ),
      ),
    );
    expect(count(burst, 201)).toBe(1);
    expect(burst.filter((r) => r.text.includes("answer.captcha_invalid"))).toHaveLength(11);
    expect(await stored(formId)).toBe(1);
  });

  it("lets every process see an author's change at once", async () => {
    const formId = await newForm();
    const direct = topology.apis.map((proc) => new Client(proc.url!));
    const sendEach = (answers: unknown[]) =>
      Promise.all(direct.map((api) => api.post("/api/forms/answer", { formId, answers })));
    // Each process has its own copy of the form now.
    for (const sent of await sendEach(name)) expect(sent.status, sent.text).toBe(201);

    const change = async (patch: Record<string, unknown>) => {
      const changed = await admin.patch(`/api/forms/${formId}`, patch);
      expect(changed.status, changed.text).toBe(200);
    };
    await change({ isPublished: false });
    for (const sent of await sendEach(name)) expect(sent.body).toMatchObject({ code: "form.closed" });
    await change({ isPublished: true });
    const late = { fieldId: "late", answer: "added" };
    for (const sent of await sendEach([...name, late])) expect(sent.status).toBe(400);
    await change({ fields: [...fields, { id: "late", fieldType: "text", question: "Added later" }] });
    for (const sent of await sendEach([...name, late])) expect(sent.status, sent.text).toBe(201);
    expect(await stored(formId)).toBe(6);
  });

  it("runs an export job and delivers each webhook once, with two workers", async () => {
    const formId = await newForm();
    const hook = await admin.post<{ id: number }>(`/api/forms/${formId}/webhooks`, {
      title: "Receiver",
      endpoint: `${receiver.base}/hook-${pooled}`,
    });
    expect(hook.status, hook.text).toBe(200);
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        balancer.post("/api/forms/answer", { formId, answers: [{ fieldId: "name", answer: `R${i}` }] }),
      ),
    );
    expect(count(sent, 201)).toBe(20);

    const exportUrl = `/api/forms/${formId}/answers/export/csv`;
    const asked = await Promise.all(
      Array.from({ length: 4 }, () => admin.get<{ job: { id: number } }>(exportUrl)),
    );
    expect(asked.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    // While one export is being made, asking again gives the same job; two workers may finish 20
    // rows between two of the requests, and one asked after that is a new job. So each job was
    // started only after the one before it had finished, and each ran once.
    const ids = [...new Set(asked.map((r) => r.body.job.id))].sort((a, b) => a - b);
    for (const id of ids) {
      await until(
        async () =>
          (await admin.get<{ state: string }>(`/api/forms/${formId}/answers/export-jobs/${id}`)).body.state,
        (state) => state === "done",
        `the export job ${id}`,
      );
    }
    const jobs = await database.query<{ attempts: number; done: number; started: Date; finished: Date }>(
      "select attempts, done, started_at as started, finished_at as finished from export_jobs where id = any($1) order by id",
      [ids],
    );
    for (const [index, job] of jobs.rows.entries()) {
      expect({ attempts: job.attempts, done: job.done }).toEqual({ attempts: 1, done: 20 });
      const before = jobs.rows[index - 1];
      if (before) expect(job.started.getTime()).toBeGreaterThanOrEqual(before.finished.getTime());
    }

    const settled = () =>
      database.query<{ n: number }>(
        "select count(*)::int as n from webhook_deliveries where webhook_id = $1 and state = 'done'",
        [hook.body.id],
      );
    await until(
      async () => (await settled()).rows[0]!.n,
      (n) => n === 20,
      "20 delivered webhooks",
    );
    const hits = receiver.at(`/hook-${pooled}`);
    expect(hits).toHaveLength(20);
    expect(new Set(hits.map((hit) => hit.headers["webhook-id"])).size).toBe(20);
  });
  it("sends each message of the mail outbox once, with two workers draining it", async () => {
    const tag = `outbox-${pooled}`;
    await database.query(
      `insert into mail_outbox ("to", subject, text)
       select 'reader-' || n || '@example.com', $1 || ' #' || n, 'Body ' || n from generate_series(1, 60) n`,
      [tag],
    );
    const unsent = () =>
      database.query<{ n: number }>(
        "select count(*)::int as n from mail_outbox where subject like $1 and sent_at is null",
        [`${tag} #%`],
      );
    await until(
      async () => (await unsent()).rows[0]!.n,
      (n) => n === 0,
      "60 messages sent",
    );
    const arrived = smtp.messages.filter((mail) => mail.subject.startsWith(`${tag} #`));
    expect(arrived).toHaveLength(60);
    expect(new Set(arrived.map((mail) => mail.subject)).size).toBe(60);
    const tries = await database.query<{ attempts: number }>(
      "select distinct attempts from mail_outbox where subject like $1",
      [`${tag} #%`],
    );
    expect(tries.rows).toEqual([{ attempts: 1 }]);
  });

  it("sends a webhook again, with the same webhook-id, when the worker sending it is killed mid-request", async () => {
    const formId = await newForm();
    const path = `/held-${pooled}`;
    const hook = await admin.post<{ id: number }>(`/api/forms/${formId}/webhooks`, {
      title: "Slow receiver",
      endpoint: `${receiver.base}${path}`,
    });
    expect(hook.status, hook.text).toBe(200);
    // One worker pauses, so the other one takes the delivery; the receiver keeps its request open.
    const [sender, other] = topology.workers as [TopologyProcess, TopologyProcess];
    other.child.kill("SIGSTOP");
    try {
      const sent = await balancer.post("/api/forms/answer", { formId, answers: name });
      expect(sent.status, sent.text).toBe(201);
      await until(
        () => receiver.at(path).length,
        (n) => n === 1,
        "the first request",
      );
      sender.child.kill("SIGKILL");
    } finally {
      other.child.kill("SIGCONT");
    }
    // The claim holds the delivery for its lease, 30 s ± 25 %: no one sends it meanwhile.
    const lease = await database.query<{ seconds: number }>(
      "select extract(epoch from next_attempt_at - now())::float8 as seconds from webhook_deliveries where webhook_id = $1",
      [hook.body.id],
    );
    expect(lease.rows[0]!.seconds).toBeGreaterThan(15);
    // The lease runs out (moved to now rather than waited for) and the other worker sends it
    // again, to a 200 now.
    await database.query("update webhook_deliveries set next_attempt_at = now() where webhook_id = $1", [
      hook.body.id,
    ]);
    const delivery = () =>
      database.query<{ state: string; attempts: number }>(
        "select state, attempts from webhook_deliveries where webhook_id = $1",
        [hook.body.id],
      );
    await until(
      async () => (await delivery()).rows[0]?.state,
      (state) => state === "done",
      "the resent delivery",
      60_000,
    );
    expect((await delivery()).rows).toEqual([{ state: "done", attempts: 2 }]);
    const hits = receiver.at(path);
    expect(hits).toHaveLength(2);
    // At least once: the receiver tells the copy by its webhook-id, which stays the same.
    expect(hits[1]!.headers["webhook-id"]).toBe(hits[0]!.headers["webhook-id"]);
    expect(JSON.parse(hits[1]!.body).data).toEqual(JSON.parse(hits[0]!.body).data);
  });

  it("loses no acknowledged submission when an API process and a worker are killed under load", async () => {
    const formId = await newForm();
    // The process the form's submissions go to is the one killed.
    const first = await balancer.post(`/api/forms/answer?form=${formId}`, { formId, answers: name });
    expect(first.status).toBe(201);
    const api = topology.apiServing(formId);
    expect(api, `the process serving form ${formId}`).toBeDefined();
    const started = Date.now();
    const victims = [api!, topology.workers[1]!];
    const kill = setTimeout(() => {
      for (const victim of victims) victim.child.kill("SIGKILL");
    }, 1500);
    const { acknowledged } = await respondents(topology.url, {
      count: 32,
      body: { formId, answers: name },
      until: () => Date.now() > started + 4000,
    });
    clearTimeout(kill);
    expect(victims.every((victim) => victim.child.signalCode === "SIGKILL")).toBe(true);
    const ids = [...acknowledged.values()];
    const found = await database.query<{ id: number }>(
      "select id from form_answers where id = any($1::int4[])",
      [ids],
    );
    expect(found.rows.length).toBe(new Set(ids).size);
    expect(await stored(formId)).toBe(new Set(ids).size + 1);
    // The balancer routes around the dead process: every call still gets an answer.
    const after = await Promise.all(Array.from({ length: 6 }, () => balancer.get("/api/ready")));
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
