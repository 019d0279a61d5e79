import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DONATION_LIMITS } from "../src/features/payments/routes.ts";
import { type Delivery, type FakeStripe, startFakeStripe } from "./fake-stripe.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  registerUser,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let stripe: FakeStripe;
let admin: ApiClient;
let accountId: number;

interface Status {
  balanceCents: number;
  services: Array<{ id: string; due: boolean; nextChargeAt: string | null }>;
  monthlyCents: number;
}
interface History {
  history: Array<{ amountCents: number; type: string; comment: string; date: string }>;
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({
    OFFLINE_PAYMENTS: "true",
    STRIPE_SECRET_KEY: "sk_test_formloom",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
  });
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "billing"));
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

const status = async (client = admin) => (await client.get<Status>("/api/account/billing/status")).body;

/** Pays `amount` with the offline provider and confirms it, as the button does. */
async function payOffline(client: ApiClient, amount: number): Promise<string> {
  const started = await client.post<{ publicId: string; redirectUrl: string }>(
    "/api/account/billing/payment",
    {
      amount,
      currency: "USD",
      provider: "offline",
    },
  );
  expect(started.status).toBe(201);
  expect(started.body.redirectUrl).toBe(`/payments/offline/${started.body.publicId}`);
  const confirmed = await server.api.post(`/api/payments/${started.body.publicId}/offline/confirm`);
  expect(confirmed.status).toBe(200);
  return started.body.publicId;
}

describe("services", () => {
  it("lists the catalogue to a signed-in user and refuses an anonymous caller", async () => {
    const list = await admin.get<{ services: Array<{ id: string; pricing: string; unlocks: string[] }> }>(
      "/api/services",
    );
    expect(list.status).toBe(200);
    expect(list.body.services.map((s) => s.id)).toEqual([
      "forms",
      "responses-plus",
      "white-label",
      "field-teams",
      "sms",
    ]);
    expect(list.body.services.find((s) => s.id === "sms")?.pricing).toBe("use");
    expect((await server.api.get("/api/services")).status).toBe(401);
  });

  it("adds a paid service whose month stays due until a payment covers it, then charges it once", async () => {
    expect((await admin.post("/api/account/service/add", { service_id: "responses-plus" })).status).toBe(200);
    const again = await admin.post("/api/account/service/add", { service_id: "responses-plus" });
    expect([again.status, again.body.code]).toEqual([409, "service.already_added"]);
    const mine = await admin.get<{ allServices: unknown[]; currentServices: Array<{ id: string }> }>(
      "/api/account/service",
    );
    expect(mine.body.currentServices.map((s) => s.id)).toEqual(["responses-plus"]);
    expect(mine.body.allServices).toHaveLength(5);
    expect((await status()).services[0]).toMatchObject({ id: "responses-plus", due: true });

    await payOffline(admin, 20);
    const after = await status();
    expect(after.balanceCents).toBe(2000 - 900);
    expect(after.services[0]?.due).toBe(false);
    expect(after.monthlyCents).toBe(900);
    const history = await admin.get<History>("/api/account/billing/history");
    expect(history.body.history.map((h) => [h.type, h.amountCents])).toEqual([
      ["withdrawal", 900],
      ["charging", 2000],
    ]);
  });

  it("refuses unknown services and removing one not added", async () => {
    const unknown = await admin.post("/api/account/service/add", { service_id: "nope" });
    expect([unknown.status, unknown.body.code]).toEqual([404, "service.not_found"]);
    const missing = await admin.post("/api/account/service/remove", { service_id: "white-label" });
    expect([missing.status, missing.body.code]).toEqual([404, "service.not_added"]);
    const empty = await admin.post("/api/account/service/add", {});
    expect(empty.status).toBe(400);
  });

  it("lists pricing packages of the caller's account only", async () => {
    const own = await admin.get<{ packages: Array<{ id: string; current: boolean }> }>(
      `/api/account/${accountId}/pricing-packages`,
    );
    expect(own.body.packages).toEqual([
      expect.objectContaining({ id: "free", current: true }),
      expect.objectContaining({ id: "business", current: false }),
    ]);
    const other = await signUpWithAccount(server.api, "other");
    const foreign = await other.api.get(`/api/account/${accountId}/pricing-packages`);
    expect([foreign.status, foreign.body.code]).toEqual([404, "account.not_found"]);
  });
});

describe("permissions and tenants", () => {
  it("tells a member without the billing permission they haven't access right, in every call", async () => {
    const member = await addMember(server, accountId, "nobill");
    for (const [method, url, body] of [
      ["GET", "/api/account/billing/status"],
      ["GET", "/api/account/billing/history"],
      ["POST", "/api/account/billing/payment", { amount: 5, currency: "USD", provider: "offline" }],
      ["POST", "/api/account/service/add", { service_id: "white-label" }],
      ["POST", "/api/account/service/remove", { service_id: "responses-plus" }],
      ["GET", `/api/account/${accountId}/pricing-packages`],
    ] as const) {
      const answer = await member.api.request(method, url, body);
      expect([url, answer.status, answer.body.code, answer.body.message]).toEqual([
        url,
        403,
        "billing.not_allowed",
        "You haven't access right",
      ]);
    }
    // Seeing which services the account has needs no billing right.
    expect((await member.api.get("/api/account/service")).status).toBe(200);
  });

  it("lets a group with billing.view read but not pay, and billing.pay pay", async () => {
    const viewer = await addMember(server, accountId, "viewer");
    const payer = await addMember(server, accountId, "payer");
    await groupWith(admin, "Bookkeepers", [viewer.id], ["billing.view"]);
    await groupWith(admin, "Payers", [payer.id], ["billing.view", "billing.pay"]);
    expect((await viewer.api.get("/api/account/billing/status")).status).toBe(200);
    const refused = await viewer.api.post("/api/account/billing/payment", {
      amount: 5,
      currency: "USD",
      provider: "offline",
    });
    expect([refused.status, refused.body.code]).toEqual([403, "billing.not_allowed"]);
    const before = (await status()).balanceCents;
    await payOffline(payer.api, 5);
    expect((await status()).balanceCents).toBe(before + 500);
  });

  it("keeps each account's balance and history to itself", async () => {
    const other = await signUpWithAccount(server.api, "tenant");
    expect((await status(other.api)).balanceCents).toBe(0);
    expect((await other.api.get<History>("/api/account/billing/history")).body.history).toEqual([]);
    const noAccount = server.api.as((await registerUser(server.api, "loner")).token);
    const refused = await noAccount.get("/api/account/billing/status");
    expect([refused.status, refused.body.code]).toEqual([403, "account.required"]);
    expect((await server.api.get("/api/account/billing/status")).status).toBe(401);
  });
});

describe("payments", () => {
  it("asks for an amount and a currency, and refuses what cannot be paid", async () => {
    const cases: Array<[unknown, string]> = [
      [{ currency: "USD", provider: "offline" }, "billing.amount.required"],
      [{ amount: 0, currency: "USD", provider: "offline" }, "billing.amount.required"],
      [{ amount: 5, provider: "offline" }, "billing.currency.required"],
      [{ amount: 5.123, currency: "USD", provider: "offline" }, "billing.amount.invalid"],
      [{ amount: 10_000_000, currency: "USD", provider: "offline" }, "billing.amount.too_large"],
      [{ amount: 5, currency: "EUR", provider: "offline" }, "billing.currency.unsupported"],
    ];
    for (const [body, code] of cases) {
      const answer = await admin.post("/api/account/billing/payment", body);
      expect([JSON.stringify(body), answer.status, answer.body.code]).toEqual([
        JSON.stringify(body),
        400,
        code,
      ]);
    }
  });

  it("settles an offline payment once: a second confirm or a decline after it changes nothing", async () => {
    const before = (await status()).balanceCents;
    const id = await payOffline(admin, 3);
    for (const outcome of ["confirm", "decline"]) {
      const again = await server.api.post(`/api/payments/${id}/offline/${outcome}`);
      expect([again.status, again.body.code]).toEqual([409, "payment.settled"]);
    }
    expect((await status()).balanceCents).toBe(before + 300);
    expect((await server.api.get(`/api/payments/${id}`)).body).toMatchObject({
      status: "paid",
      amountCents: 300,
    });
    expect((await server.api.get("/api/payments/unknown")).status).toBe(404);
  });

  it("credits a Stripe Checkout payment once however many times its webhook is delivered", async () => {
    const before = (await status()).balanceCents;
    const started = await admin.post<{ publicId: string; redirectUrl: string }>(
      "/api/account/billing/payment",
      {
        amount: 12.5,
        currency: "USD",
        provider: "stripe",
      },
    );
    expect(started.status).toBe(201);
    const sessionId = started.body.redirectUrl.split("/pay/")[1] ?? "";
    expect(stripe.sessions.get(sessionId)).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "1250",
      "line_items[0][price_data][currency]": "usd",
      client_reference_id: started.body.publicId,
    });
    expect(stripe.sessions.get(sessionId)?.success_url).toContain("/account/billing/payment/success");

    const forged = stripe.event("checkout.session.completed", sessionId);
    const bad = await server.api.request(
      "POST",
      "/api/payments/stripe/webhook",
      forged.body.replace("paid", "paid "),
      {
        "stripe-signature": forged.signature,
        "content-type": "application/json",
      },
    );
    expect([bad.status, bad.body.code]).toEqual([400, "payment.signature.invalid"]);

    const delivery = stripe.event("checkout.session.completed", sessionId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.api.request("POST", "/api/payments/stripe/webhook", delivery.body, {
          "stripe-signature": delivery.signature,
          "content-type": "application/json",
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await status()).balanceCents).toBe(before + 1250);
    expect((await server.api.get(`/api/payments/${started.body.publicId}`)).body).toMatchObject({
      status: "paid",
    });
  });

  it("marks an expired Checkout session failed", async () => {
    const started = await admin.post<{ publicId: string; redirectUrl: string }>(
      "/api/account/billing/payment",
      {
        amount: 4,
        currency: "USD",
        provider: "stripe",
      },
    );
    const sessionId = started.body.redirectUrl.split("/pay/")[1] ?? "";
    const expired = stripe.event("checkout.session.expired", sessionId, "unpaid");
    await server.api.request("POST", "/api/payments/stripe/webhook", expired.body, {
      "stripe-signature": expired.signature,
      "content-type": "application/json",
    });
    expect((await server.api.get(`/api/payments/${started.body.publicId}`)).body).toMatchObject({
      status: "failed",
    });
  });

  it("takes donations signed out, through the same providers, and lists the providers on", async () => {
    expect((await server.api.get("/api/payments/providers")).body).toEqual({
      providers: ["offline", "stripe"],
    });
    for (const project of ["freedom", "support"]) {
      const started = await server.api.post<{ publicId: string }>(`/api/projects/${project}/payment`, {
        amount: 7,
        currency: "EUR",
        provider: "offline",
      });
      expect(started.status).toBe(201);
      const declined = await server.api.post(`/api/payments/${started.body.publicId}/offline/decline`);
      expect(declined.body).toMatchObject({ status: "failed", purpose: project, currency: "EUR" });
    }
    // Signed out anyone may begin one, but not without end: each begun payment is a row here and a
    // call to the provider. A burst from one address is held to the limit.
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.api.post("/api/projects/support/payment", { amount: 1, currency: "USD", provider: "offline" }),
      ),
    );
    const begun = burst.filter((answer) => answer.status === 201).length;
    expect(begun).toBeLessThanOrEqual(DONATION_LIMITS.perAddress);
    expect(begun).toBeGreaterThan(0);
    const refused = burst.find((answer) => answer.status === 429);
    expect(refused?.body).toMatchObject({ code: "payment.rate_limited" });
    const unknown = await server.api.post("/api/projects/other/payment", {
      amount: 7,
      currency: "EUR",
      provider: "offline",
    });
    expect(unknown.status).toBe(400);
  });
});

describe("refunds and disputes", () => {
  /** Delivers a signed event `times` times at once, as Stripe's retries and replays may. */
  const deliver = (delivery: Delivery, times = 5) =>
    Promise.all(
      Array.from({ length: times }, () =>
        server.api.request("POST", "/api/payments/stripe/webhook", delivery.body, {
          "stripe-signature": delivery.signature,
          "content-type": "application/json",
        }),
      ),
    );

  /** A Stripe Checkout payment of `amount` to `client`'s balance, completed; its session id. */
  async function payStripe(client: ApiClient, amount: number, complete = true): Promise<string> {
    const started = await client.post<{ publicId: string; redirectUrl: string }>(
      "/api/account/billing/payment",
      { amount, currency: "USD", provider: "stripe" },
    );
    expect(started.status).toBe(201);
    const sessionId = started.body.redirectUrl.split("/pay/")[1] ?? "";
    if (complete) await deliver(stripe.event("checkout.session.completed", sessionId), 1);
    return sessionId;
  }

  /** The account's ledger read straight from the database, by movement kind. */
  async function books(id: number) {
    const [row] = await server.database.raw.query<{ kept: number; balance: string; total: string }>(
      `select (select balance_cents from billing_balances where account_id = $1) as kept,
              (select coalesce(sum(amount_cents), 0) from ledger_entries where account_id = $1 and book = 'balance') as balance,
              (select coalesce(sum(amount_cents), 0) from ledger_entries where account_id = $1) as total`,
      [id],
    );
    const kinds = await server.database.raw.query<{ kind: string; amount: string; entries: string }>(
      `select m.kind, m.amount_cents as amount,
              (select count(*) from ledger_entries e where e.account_id = m.account_id and e.movement_id = m.id) as entries
         from ledger_movements m where m.account_id = $1 order by m.id`,
      [id],
    );
    expect(Number(row?.kept)).toBe(Number(row?.balance));
    expect(Number(row?.total)).toBe(0);
    expect(kinds.every((k) => Number(k.entries) === 2)).toBe(true);
    return kinds.map((k) => [k.kind, Number(k.amount)]);
  }

  it("takes a Stripe refund back once however often it is delivered, a part and then the rest", async () => {
    const { api, accountId: id } = await signUpWithAccount(server.api, "refunded");
    const sessionId = await payStripe(api, 20);
    expect((await status(api)).balanceCents).toBe(2000);

    const forged = stripe.refunded(sessionId, 2000);
    const bad = await deliver({ ...forged, body: forged.body.replace("2000", "200") }, 1);
    expect([bad[0]?.status, bad[0]?.body.code]).toEqual([400, "payment.signature.invalid"]);

    const part = stripe.refunded(sessionId, 500);
    expect((await deliver(part)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await status(api)).balanceCents).toBe(1500);
    // The rest, each delivery twice, and the first one again after it: 2000 refunded in all.
    await Promise.all([deliver(stripe.refunded(sessionId, 2000)), deliver(stripe.refunded(sessionId, 2000))]);
    await deliver(part);
    expect((await status(api)).balanceCents).toBe(0);
    const history = await api.get<History>("/api/account/billing/history");
    expect(history.body.history.map((h) => [h.type, h.amountCents])).toEqual([
      ["withdrawal", 1500],
      ["withdrawal", 500],
      ["charging", 2000],
    ]);
    expect(history.body.history[0]?.comment).toMatch(/^Refund of payment .+ \(stripe\)$/);
    expect(await books(id)).toEqual([
      ["payment", 2000],
      ["refund", 500],
      ["refund", 1500],
    ]);
  });

  it("takes what the balance holds and books the rest as the instance's loss, never going below zero", async () => {
    const { api, accountId: id } = await signUpWithAccount(server.api, "spent");
    const sessionId = await payStripe(api, 10);
    await api.post("/api/account/service/add", { service_id: "responses-plus" });
    expect((await status(api)).balanceCents).toBe(100);
    await deliver(stripe.refunded(sessionId, 1000));
    expect((await status(api)).balanceCents).toBe(0);
    expect(await books(id)).toEqual([
      ["payment", 1000],
      ["charge", 900],
      ["refund", 100],
      ["loss", 900],
    ]);
    // The loss is the instance's: the account's history shows only what left its balance.
    const history = await api.get<History>("/api/account/billing/history");
    expect(history.body.history.map((h) => [h.type, h.amountCents])).toEqual([
      ["withdrawal", 100],
      ["withdrawal", 900],
      ["charging", 1000],
    ]);
  });

  it("withdraws a disputed amount once, keeps it when the dispute is lost, and gives it back once when won", async () => {
    const { api, accountId: id } = await signUpWithAccount(server.api, "disputed");
    const lostSession = await payStripe(api, 30);
    const wonSession = await payStripe(api, 12);
    const lost = { id: "dp_lost", amount: 3000, status: "needs_response" };
    await deliver(stripe.dispute("charge.dispute.created", lostSession, lost));
    expect((await status(api)).balanceCents).toBe(1200);
    await deliver(stripe.dispute("charge.dispute.closed", lostSession, { ...lost, status: "lost" }));
    expect((await status(api)).balanceCents).toBe(1200);

    const won = { id: "dp_won", amount: 1200, status: "needs_response" };
    await deliver(stripe.dispute("charge.dispute.created", wonSession, won));
    expect((await status(api)).balanceCents).toBe(0);
    await Promise.all([
      deliver(stripe.dispute("charge.dispute.closed", wonSession, { ...won, status: "won" })),
      deliver(stripe.dispute("charge.dispute.funds_reinstated", wonSession, { ...won, status: "won" })),
    ]);
    expect((await status(api)).balanceCents).toBe(1200);
    // A dispute still under review moves nothing more.
    await deliver(stripe.dispute("charge.dispute.closed", wonSession, { ...won, status: "warning_closed" }));
    expect(await books(id)).toEqual([
      ["payment", 3000],
      ["payment", 1200],
      ["dispute", 3000],
      ["dispute", 1200],
      ["reinstatement", 1200],
    ]);
  });

  it("answers 409 to a refund of a payment not settled yet, so Stripe sends it again, and takes it back then", async () => {
    const { api } = await signUpWithAccount(server.api, "early");
    const sessionId = await payStripe(api, 8, false);
    const early = stripe.refunded(sessionId, 800);
    const refused = await deliver(early, 1);
    expect([refused[0]?.status, refused[0]?.body.code]).toEqual([409, "payment.not_settled"]);
    await deliver(stripe.event("checkout.session.completed", sessionId), 1);
    expect((await status(api)).balanceCents).toBe(800);
    await deliver(early);
    expect((await status(api)).balanceCents).toBe(0);
  });

  it("leaves donations and charges it does not know alone", async () => {
    // The donation test before spent this address's window.
    await server.database.raw.query("delete from rate_counters where key like 'donation:%'");
    const donation = await server.api.post<{ redirectUrl: string }>("/api/projects/freedom/payment", {
      amount: 5,
      currency: "USD",
      provider: "stripe",
    });
    const sessionId = donation.body.redirectUrl.split("/pay/")[1] ?? "";
    await deliver(stripe.event("checkout.session.completed", sessionId), 1);
    expect((await deliver(stripe.refunded(sessionId, 500), 1))[0]?.status).toBe(200);
    expect((await deliver(stripe.refunded("cs_unknown", 500), 1))[0]?.status).toBe(200);
  });
});
