import { readFileSync } from "node:fs";
import { DEFAULT_CONSENT_OPTIONS } from "@formloom/core/consent";
import Ajv2020 from "ajv/dist/2020.js";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooks } from "../src/db/schema.ts";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import { HttpReceiver, until } from "./http-receiver.ts";

/**
 * The receiver listens on 127.0.0.2, the one private address the server is told to allow, so
 * the rest of loopback (127.0.0.1, localhost, [::1] and their numeric spellings) stays refused.
 */
const RECEIVER_HOST = "127.0.0.2";

let server: TestServer;
let admin: ApiClient;
let formId: number;
const receiver = new HttpReceiver(RECEIVER_HOST, (req, res, port) => {
  if (req.url === "/gone") res.writeHead(410).end();
  else if (req.url === "/moved") res.writeHead(302, { location: `http://127.0.0.1:${port}/hook` }).end();
  else res.writeHead(200, { "content-type": "text/plain" }).end("ok");
});

interface Delivery {
  id: number;
  eventId: string;
  state: string;
  attempts: { responseStatus: number | null; ok: boolean; error: string | null; durationMs: number }[];
}

async function deliveries(webhookId: number): Promise<Delivery[]> {
  const listed = await admin.get<{ deliveries: Delivery[] }>(
    `/api/forms/${formId}/webhooks/${webhookId}/deliveries`,
  );
  expect(listed.status, listed.text).toBe(200);
  return listed.body.deliveries;
}

/** The retry's backoff is half a minute and more: the test makes the next attempt due now. */
async function makeDue(): Promise<void> {
  await server.database.db.execute(
    sql`update webhook_deliveries set next_attempt_at = now() where state = 'queued'`,
  );
}

async function submit(): Promise<void> {
  const sent = await server.api.post("/api/forms/answer", {
    formId,
    answers: [{ fieldId: "name", answer: "Ada" }],
  });
  expect(sent.status, sent.text).toBe(201);
}

async function addWebhook(endpoint: string, extra: Record<string, unknown> = {}) {
  return admin.post<{ id: number; secret: string; code?: string }>(`/api/forms/${formId}/webhooks`, {
    title: "Receiver",
    endpoint,
    ...extra,
  });
}

beforeAll(async () => {
  // Reserve a port for the receiver, then take it down: the first attempts find nobody there.
  await receiver.up();
  await receiver.down();
  server = await startTestServer({ WEBHOOK_ALLOW_HOSTS: RECEIVER_HOST, WEBHOOK_POLL_MS: "50" });
  ({ api: admin } = await signUpWithAccount(server.api, "hooks"));
  const created = await admin.post<{ form: { id: number } }>("/api/forms", {
    title: "Sign-ups",
    fields: [{ id: "name", fieldType: "text", question: "Name" }],
  });
  expect(created.status, created.text).toBe(201);
  formId = created.body.form.id;
});

afterAll(async () => {
  await receiver.down();
  await server?.close();
});

describe("webhooks", () => {
  it("needs a title and an endpoint", async () => {
    const noTitle = await admin.post(`/api/forms/${formId}/webhooks`, {
      title: " ",
      endpoint: "https://x.example",
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.code).toBe("webhook.title.empty");
    const noEndpoint = await admin.post(`/api/forms/${formId}/webhooks`, { title: "A", endpoint: "" });
    expect(noEndpoint.status).toBe(400);
    expect(noEndpoint.body.code).toBe("webhook.endpoint.empty");
  });

  it("refuses the SSRF set when saved", async () => {
    const port = receiver.port;
    for (const endpoint of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://2130706433:${port}/`,
      `http://017700000001:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://192.168.0.1/",
      "http://172.16.0.1/",
    ]) {
      const refused = await addWebhook(endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.code, endpoint).toBe("webhook.endpoint.forbidden");
    }
    expect((await addWebhook("file:///etc/passwd")).body.code).toBe("webhook.endpoint.scheme");
    const saved = await addWebhook(`http://${RECEIVER_HOST}:${port}/other`, { enabled: false });
    expect(saved.status, saved.text).toBe(200);
    const moved = await admin.patch(`/api/forms/${formId}/webhooks/${saved.body.id}`, {
      endpoint: `http://127.0.0.1:${port}/`,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.code).toBe("webhook.endpoint.forbidden");
    const unchanged = await admin.patch(`/api/forms/${formId}/webhooks/${saved.body.id}`, {});
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.body).toMatchObject({ title: "Receiver", enabled: false });
    await admin.delete(`/api/forms/${formId}/webhooks/${saved.body.id}`);
  });

  it("delivers a submission once, signed, after the receiver was down for several attempts; replays it", async () => {
    const created = await addWebhook(`${receiver.base}/hook`, {
      authorization: { type: "bearer", token: "t0ken" },
    });
    expect(created.status, created.text).toBe(200);
    const { id: webhookId, secret } = created.body;
    expect(secret).toMatch(/^whsec_/);
    const listed = await admin.get<{ webhooks: { id: number; authorizationType: string }[] }>(
      "/api/webhooks/all",
    );
    expect(listed.body.webhooks.map((hook) => hook.id)).toContain(webhookId);
    expect(JSON.stringify(listed.body)).not.toContain("t0ken");

    await submit();
    for (let failed = 1; failed <= 3; failed++) {
      await until(
        () => deliveries(webhookId),
        (list) => list[0]?.attempts.length === failed,
        `attempt ${failed}`,
      );
      if (failed < 3) await makeDue();
    }
    await receiver.up(receiver.port);
    await makeDue();
    const [done] = await until(
      () => deliveries(webhookId),
      (list) => list[0]?.state === "done",
      "delivery",
    );
    expect(done!.attempts.map((a) => [a.ok, a.responseStatus])).toEqual([
      [false, null],
      [false, null],
      [false, null],
      [true, 200],
    ]);
    expect(done!.attempts[0]!.error).toBeTruthy();

    // Once more due and a few polls later, still exactly one request arrived.
    await makeDue();
    await new Promise((done) => setTimeout(done, 300));
    const hits = receiver.at("/hook");
    expect(hits).toHaveLength(1);
    const hit = hits[0]!;
    expect(hit.headers.authorization).toBe("Bearer t0ken");
    expect(hit.headers["webhook-id"]).toBe(done!.eventId);
    const payload = new Webhook(secret).verify(hit.body, hit.headers) as {
      type: string;
      data: { formId: number; answers: { fieldId: string; answer: unknown }[] };
    };
    expect(payload.type).toBe("form.submitted");
    expect(payload.data.formId).toBe(formId);
    expect(payload.data.answers[0]).toMatchObject({ fieldId: "name", answer: "Ada" });
    // A tampered body does not verify.
    expect(() => new Webhook(secret).verify(hit.body.replace("Ada", "Eve"), hit.headers)).toThrow();

    const replay = await admin.post(
      `/api/forms/${formId}/webhooks/${webhookId}/deliveries/${done!.id}/replay`,
    );
    expect(replay.status, replay.text).toBe(200);
    await until(
      async () => receiver.at("/hook").length,
      (count) => count === 2,
      "replay",
    );
    const again = receiver.at("/hook")[1]!;
    expect(again.headers["webhook-id"]).toBe(done!.eventId);
    expect(() => new Webhook(secret).verify(again.body, again.headers)).not.toThrow();
    const [replayed] = await until(
      () => deliveries(webhookId),
      (list) => list[0]?.state === "done" && list[0].attempts.length === 5,
      "replay logged",
    );
    expect(replayed!.attempts.at(-1)).toMatchObject({ ok: true, responseStatus: 200 });
    await admin.delete(`/api/forms/${formId}/webhooks/${webhookId}`);
  });

  it("carries question and choice titles, the form's number of the submission, its title and a link, keeping the ids", async () => {
    const made = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Lunch order",
      fields: [
        {
          id: "dish",
          fieldType: "radio",
          question: "Main dish",
          fieldSettings: {
            answerVariants: [
              { id: "v1", title: "Soup", value: "1" },
              { id: "v2", title: "Salad", value: "2" },
            ],
          },
        },
        {
          id: "extras",
          fieldType: "checkbox",
          question: "Extras",
          fieldSettings: {
            hasOtherVariant: true,
            answerVariants: [
              { id: "x1", title: "Bread", value: "1" },
              { id: "x2", title: "Cake", value: "2" },
            ],
          },
        },
        { id: "page", fieldType: "pageBreak" },
        { id: "note", fieldType: "text", question: "Note" },
      ],
    });
    expect(made.status, made.text).toBe(201);
    const lunch = made.body.form.id;
    await receiver.ensureUp();
    const hook = await admin.post<{ id: number; secret: string }>(`/api/forms/${lunch}/webhooks`, {
      title: "Lunch",
      endpoint: `${receiver.base}/lunch`,
      dataOptions: ["form_answer"],
    });
    expect(hook.status, hook.text).toBe(200);
    // Two submissions: the second is number 2 in its form while its internal id is larger.
    for (const note of ["first", "second"]) {
      const sent = await server.api.post<{ id?: number }>("/api/forms/answer", {
        formId: lunch,
        answers: [
          { fieldId: "dish", answer: "v2" },
          { fieldId: "extras", answer: ["x1", "other:Lemon"] },
          { fieldId: "note", answer: note },
        ],
      });
      expect(sent.status, sent.text).toBe(201);
    }
    const arrived = await until(
      async () => receiver.at("/lunch"),
      (list) => list.length === 2,
      "two deliveries",
    );
    const payloads = arrived.map(
      (hit) =>
        new Webhook(hook.body.secret).verify(hit.body, hit.headers) as { data: Record<string, unknown> },
    );
    const second = payloads.find((p) => JSON.stringify(p).includes('"second"'))!;
    const table = await admin.get<{ answerList: { id: number; number: number }[] }>(
      `/api/forms/${lunch}/answer/paginated/1/10`,
    );
    expect(table.status, table.text).toBe(200);
    const row = table.body.answerList.find((item) => item.id === second.data.answerId)!;
    expect(row.number).toBe(2);
    expect(second.data).toMatchObject({
      formId: lunch,
      number: 2,
      form: { id: lunch, title: "Lunch order" },
      // The page's address carries the form's number, as the results table shows it.
      resultUrl: expect.stringMatching(new RegExp(`/forms/${lunch}/results/2$`)),
    });
    expect(second.data.answers).toEqual([
      {
        fieldId: "dish",
        answer: "v2",
        question: "Main dish",
        fieldType: "radio",
        text: "Salad",
        choices: [{ id: "v2", title: "Salad" }],
        formulaName: expect.any(String),
      },
      expect.objectContaining({
        fieldId: "extras",
        answer: ["x1", "other:Lemon"],
        question: "Extras",
        choices: [
          { id: "x1", title: "Bread" },
          { id: "other:Lemon", title: "Lemon" },
        ],
      }),
      expect.objectContaining({ fieldId: "note", answer: "second", question: "Note", text: "second" }),
    ]);

    // Asked for, the score comes with the submission's tags, and the time with the six behavioural
    // attributes measured from what the page logged (none here: null, said so, not left out).
    const full = await admin.post<{ id: number; secret: string }>(`/api/forms/${lunch}/webhooks`, {
      title: "Lunch, all of it",
      endpoint: `${receiver.base}/lunch-full`,
      dataOptions: ["score_and_tags", "behaviour"],
    });
    expect(full.status, full.text).toBe(200);
    const events = [
      { type: "focus", at: 0, field: "note" },
      { type: "input", at: 1000, field: "note", count: 5 },
      { type: "blur", at: 20_000, field: "note" },
      { type: "click", at: 30_000, x: 10, y: 10 },
    ];
    const logged = await server.api.post("/api/forms/logger", {
      formId: lunch,
      key: "lunch-logged",
      seq: 0,
      behavioralConfirmOptions: [DEFAULT_CONSENT_OPTIONS.behavioral.id],
      events,
    });
    expect(logged.status, logged.text).toBe(204);
    const third = await server.api.post(
      "/api/forms/answer",
      { formId: lunch, answers: [{ fieldId: "dish", answer: "v2" }], formPassingTime: 30 },
      { "idempotency-key": "lunch-logged" },
    );
    expect(third.status, third.text).toBe(201);
    const [delivered] = await until(
      async () => receiver.at("/lunch-full"),
      (list) => list.length === 1,
      "the delivery asking for everything",
    );
    const data = (JSON.parse(delivered!.body) as { data: Record<string, unknown> }).data;
    expect(data.tags).toEqual([]);
    expect(data.formPassingTime).toBe(30);
    expect(Object.keys(data.behaviorAttributes as Record<string, number>).sort()).toEqual([
      "distraction",
      "efficiency",
      "energetic",
      "hesitation",
      "rage",
      "unfocused",
    ]);
    expect(data).not.toHaveProperty("answers");

    // The delivery log names each submission by the same number.
    const log = await admin.get<{ deliveries: { answerId: number; answerNumber: number | null }[] }>(
      `/api/forms/${lunch}/webhooks/${hook.body.id}/deliveries`,
    );
    expect(log.body.deliveries.find((d) => d.answerId === row.id)?.answerNumber).toBe(2);

    // The documented JSON Schema is the one the API serves, and a delivered payload validates.
    const schema = JSON.parse(
      readFileSync(new URL("../../../docs/webhook-payload.schema.json", import.meta.url), "utf8"),
    ) as Record<string, unknown>;
    const served = await admin.get("/api/webhooks/payload-schema");
    expect(served.status, served.text).toBe(200);
    expect(served.body).toEqual(schema);
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(second), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...second, data: { ...second.data, number: "two" } })).toBe(false);
  });

  it("sends a signed test event at once and says what the endpoint answered", async () => {
    await receiver.ensureUp();
    const created = await addWebhook(`${receiver.base}/probe`);
    expect(created.status, created.text).toBe(200);
    const tested = await admin.post<{ ok: boolean; responseStatus: number | null }>(
      `/api/forms/${formId}/webhooks/${created.body.id}/test`,
    );
    expect(tested.status, tested.text).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, responseStatus: 200 });
    const hit = receiver.at("/probe").at(-1)!;
    const payload = new Webhook(created.body.secret).verify(hit.body, hit.headers) as {
      type: string;
      data: { form: { title: string }; answers: unknown[] };
    };
    expect(payload).toMatchObject({
      type: "webhook.test",
      data: { form: { title: "Sign-ups" }, answers: [] },
    });
    // A receiver that refuses is reported, not retried; nothing enters the delivery log.
    const gone = await addWebhook(`${receiver.base}/gone`);
    const refused = await admin.post(`/api/forms/${formId}/webhooks/${gone.body.id}/test`);
    expect(refused.body).toMatchObject({ ok: false, responseStatus: 410 });
    expect(await deliveries(gone.body.id)).toEqual([]);
    const missing = await admin.post(`/api/forms/${formId}/webhooks/999999/test`);
    expect(missing.status).toBe(404);
    await admin.delete(`/api/forms/${formId}/webhooks/${created.body.id}`);
    await admin.delete(`/api/forms/${formId}/webhooks/${gone.body.id}`);
  });

  it("does not follow a redirect, and re-checks the address at send", async () => {
    const moved = await addWebhook(`${receiver.base}/moved`);
    const rebound = await addWebhook(`${receiver.base}/rebound`);
    expect(rebound.status).toBe(200);
    // As if the endpoint's name now resolved to loopback: set where no API call could put it.
    await server.database.db
      .update(webhooks)
      .set({ endpoint: `http://127.0.0.1:${receiver.port}/rebound` })
      .where(sql`${webhooks.id} = ${rebound.body.id}`);
    const before = receiver.received.length;
    await submit();
    const [redirected] = await until(
      () => deliveries(moved.body.id),
      (list) => (list[0]?.attempts.length ?? 0) >= 1,
      "redirect attempt",
    );
    expect(redirected!.state).toBe("queued");
    expect(redirected!.attempts[0]).toMatchObject({
      ok: false,
      responseStatus: 302,
      error: "redirect not followed",
    });
    const [refused] = await until(
      () => deliveries(rebound.body.id),
      (list) => list[0]?.state === "failed",
      "refusal at send",
    );
    expect(refused!.attempts).toEqual([
      expect.objectContaining({ ok: false, error: "webhook.endpoint.forbidden" }),
    ]);
    // Only the redirecting endpoint was called, once; nothing followed it to 127.0.0.1.
    expect(receiver.received.slice(before).map((r) => r.path)).toEqual(["/moved"]);
    await admin.delete(`/api/forms/${formId}/webhooks/${moved.body.id}`);
    await admin.delete(`/api/forms/${formId}/webhooks/${rebound.body.id}`);
  });

  it("queues one delivery per submission under a burst, and each arrives once", async () => {
    const burst = await addWebhook(`${receiver.base}/burst`);
    expect(burst.status, burst.text).toBe(200);
    await Promise.all(Array.from({ length: 20 }, () => submit()));
    const list = await until(
      () => deliveries(burst.body.id),
      (all) => all.length === 20 && all.every((d) => d.state === "done"),
      "burst delivered",
    );
    const ids = receiver.at("/burst").map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(20);
    expect(ids).toHaveLength(20);
    expect(new Set(list.map((d) => d.eventId))).toEqual(new Set(ids));
    await admin.delete(`/api/forms/${formId}/webhooks/${burst.body.id}`);
  });

  it("signs with both the new and the old secret while a rotation overlaps, then with the new one", async () => {
    const created = await addWebhook(`${receiver.base}/rotate`);
    const oldSecret = created.body.secret;
    const rotated = await admin.post<{ secret: string }>(
      `/api/forms/${formId}/webhooks/${created.body.id}/secret/rotate`,
    );
    expect(rotated.status, rotated.text).toBe(200);
    const newSecret = rotated.body.secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const arrived = async (count: number) =>
      until(
        async () => receiver.at("/rotate"),
        (hits) => hits.length === count,
        `delivery ${count}`,
      );
    await submit();
    const during = (await arrived(1))[0]!;
    expect(during.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(newSecret).verify(during.body, during.headers)).not.toThrow();
    expect(() => new Webhook(oldSecret).verify(during.body, during.headers)).not.toThrow();

    // The overlap is over: only the new secret signs.
    await server.database.db.execute(
      sql`update webhooks set previous_secret_until = now() - interval '1 second' where id = ${created.body.id}`,
    );
    await submit();
    const after = (await arrived(2))[1]!;
    expect(() => new Webhook(newSecret).verify(after.body, after.headers)).not.toThrow();
    expect(() => new Webhook(oldSecret).verify(after.body, after.headers)).toThrow();
    await admin.delete(`/api/forms/${formId}/webhooks/${created.body.id}`);
  });

  it("turns the webhook off when the receiver answers 410 Gone; a disabled webhook queues nothing", async () => {
    const gone = await addWebhook(`${receiver.base}/gone`);
    await submit();
    await until(
      () =>
        admin.get<{ enabled: boolean; disabledReason: string | null }>(
          `/api/forms/${formId}/webhooks/${gone.body.id}`,
        ),
      (read) => read.body.enabled === false,
      "webhook disabled",
    );
    const [delivery] = await deliveries(gone.body.id);
    expect(delivery!.state).toBe("disabled");
    await submit();
    expect(await deliveries(gone.body.id)).toHaveLength(1);
  });
});
