import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargeUse, returnUse } from "../src/features/billing/per-use.ts";
import {
  type ApiClient,
  payOffline,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import { HttpReceiver, until } from "./http-receiver.ts";

let server: TestServer;
let gateway: HttpReceiver;
/** Whether the SMS gateway answers every text with an error, as one that is down does. */
let gatewayDown = false;

beforeAll(async () => {
  gateway = new HttpReceiver("127.0.0.1", (_req, res) =>
    res.writeHead(gatewayDown ? 503 : 200, { "content-type": "text/plain" }).end(gatewayDown ? "down" : "ok"),
  );
  await gateway.up();
  server = await startTestServer({
    OFFLINE_PAYMENTS: "true",
    SMS_GATEWAY_URL: `${gateway.base}/sms`,
    AUTOMATION_POLL_MS: "50",
    WEBHOOK_POLL_MS: "600000",
    PUBLIC_URL: "https://forms.example.test",
  });
});
afterAll(async () => {
  await server?.close();
  await gateway?.down();
});

const balance = async (client: ApiClient) =>
  (await client.get<{ balanceCents: number }>("/api/account/billing/status")).body.balanceCents;

const pay = (client: ApiClient, amount: number) => payOffline(server, client, amount);

/** The account's per-use charges and its books, read straight from the database. */
async function uses(accountId: number) {
  const [row] = await server.database.raw.query<{ n: string; total: string; kept: number }>(
    `select (select count(*) from ledger_movements where account_id = $1 and key like 'use:%') as n,
            (select coalesce(sum(amount_cents), 0) from ledger_entries where account_id = $1) as total,
            (select balance_cents from billing_balances where account_id = $1) as kept`,
    [accountId],
  );
  expect(Number(row?.total)).toBe(0);
  return Number(row?.n);
}

describe("services priced per use", () => {
  it("charges a use once however many callers ask at once, and never below zero on the free plan", async () => {
    const { api, accountId } = await signUpWithAccount(server.api, "peruse");
    const use = (key: string) =>
      chargeUse(server.database.db, { accountId, serviceId: "sms", key, comment: `use ${key}` });
    // Not added: nothing is charged and the use is refused.
    expect(await use("before")).toBe(false);
    expect(await uses(accountId)).toBe(0);

    await api.post("/api/account/service/add", { service_id: "sms" });
    await pay(api, 0.12);
    expect(await Promise.all(Array.from({ length: 5 }, () => use("same")))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(await uses(accountId)).toBe(1);
    expect(await balance(api)).toBe(7);

    // Seven cents pay one more use of five; of three at once, one goes through.
    const burst = await Promise.all(["a", "b", "c"].map(use));
    expect(burst.filter(Boolean)).toHaveLength(1);
    expect(await uses(accountId)).toBe(2);
    expect(await balance(api)).toBe(2);

    // A use whose charge was given back (it did not happen) is not paid for when asked again.
    await returnUse(server.database.db, { accountId, serviceId: "sms", key: "same", comment: "use same" });
    expect(await balance(api)).toBe(7);
    expect(await use("same")).toBe(false);
    expect(await balance(api)).toBe(7);
  });

  it("texts the author of a submitted form through the gateway, charged once per text, and none when the balance is empty", async () => {
    const { api, accountId } = await signUpWithAccount(server.api, "texter");
    const me = (await api.get<{ id: number }>("/api/user")).body;
    expect((await api.post(`/api/user/${me.id}/edit`, { phone: "+380501234567" })).status).toBe(200);
    await api.post("/api/account/service/add", { service_id: "sms" });
    await pay(api, 0.07);
    const created = await api.post<{ form: { id: number } }>("/api/forms", {
      title: "Field visit",
      hasAnswerNotifications: true,
      fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 }],
    });
    const formId = created.body.form.id;
    const submit = () =>
      server.api.post("/api/forms/answer", { formId, answers: [{ fieldId: "name", answer: "Rosa" }] });

    expect((await submit()).status).toBe(201);
    const [text] = await until(
      () => gateway.at("/sms"),
      (hits) => hits.length >= 1,
      "the first text",
    );
    expect(JSON.parse(text!.body)).toEqual({
      to: "+380501234567",
      text: expect.stringMatching(/^New submission #1 to "Field visit": https:\/\/forms\.example\.test\//),
    });
    expect(text!.headers["idempotency-key"]).toMatch(
      new RegExp(`^${accountId}:answer:\\d+:author:${me.id}$`),
    );
    expect(await balance(api)).toBe(2);

    // Two cents do not pay the next text: the letter still goes, no text, nothing charged.
    expect((await submit()).status).toBe(201);
    await until(
      async () =>
        (await server.database.db.execute(
          sql`select count(*)::int as n from automation_jobs where account_id = ${accountId} and state = 'queued'`,
        )) as unknown as { rows: Array<{ n: number }> },
      (result) => result.rows[0]?.n === 0,
      "the second submission's job",
    );
    expect(gateway.at("/sms")).toHaveLength(1);
    expect(await balance(api)).toBe(2);
    expect(await uses(accountId)).toBe(1);
    const history = await api.get<{ history: Array<{ type: string; amountCents: number; comment: string }> }>(
      "/api/account/billing/history",
    );
    expect(history.body.history[0]).toMatchObject({
      type: "withdrawal",
      amountCents: 5,
      comment: 'SMS: submission #1 to "Field visit"',
    });
  });

  it("lets the letter go at once and charges nothing when the SMS gateway refuses the text", async () => {
    const { api, accountId } = await signUpWithAccount(server.api, "gatewaydown");
    const me = (await api.get<{ id: number }>("/api/user")).body;
    await api.post(`/api/user/${me.id}/edit`, { phone: "+380501234568" });
    await api.post("/api/account/service/add", { service_id: "sms" });
    await pay(api, 0.07);
    const created = await api.post<{ form: { id: number } }>("/api/forms", {
      title: "Gateway down",
      hasAnswerNotifications: true,
      fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 }],
    });
    const sentBefore = gateway.at("/sms").length;
    gatewayDown = true;
    try {
      const answered = await server.api.post("/api/forms/answer", {
        formId: created.body.form.id,
        answers: [{ fieldId: "name", answer: "Rosa" }],
      });
      expect(answered.status).toBe(201);
      // The submission's job (its letter, its webhooks) is done on its first run, not held back
      // by a gateway that may stay down for an hour.
      const job = await until(
        async () =>
          (
            await server.database.raw.query<{ state: string; attempts: number }>(
              "select state, attempts from automation_jobs where account_id = $1",
              [accountId],
            )
          )[0],
        (row) => row?.state === "done",
        "the submission's job done",
      );
      expect(job?.attempts).toBe(1);
      expect(gateway.at("/sms").length).toBe(sentBefore + 1);
    } finally {
      gatewayDown = false;
    }
    // The text did not go out: its charge is given back, the books balanced.
    expect(await balance(api)).toBe(7);
    expect(await uses(accountId)).toBe(2);
    const history = await api.get<{ history: Array<{ type: string; amountCents: number }> }>(
      "/api/account/billing/history",
    );
    expect(history.body.history.slice(0, 2).map(({ type, amountCents }) => [type, amountCents])).toEqual([
      ["charging", 5],
      ["withdrawal", 5],
    ]);
  });
});
