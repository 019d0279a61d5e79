// A local stand-in for the few Stripe calls the server makes: it creates Checkout sessions and
// lists them by payment intent as Stripe's API does (form-encoded request or query, JSON answer),
// and makes webhook events signed the way Stripe signs them, with the SDK's own signer.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { readBody } from "./http-receiver.ts";

export interface FakeStripe {
  url: string;
  webhookSecret: string;
  /** The Checkout sessions created, by id, with the form fields they were created with. */
  sessions: Map<string, Record<string, string>>;
  /** The payment intent each session's payment runs under, by session id. */
  intents: Map<string, string>;
  /** A signed delivery of `type` about the session: the body and its Stripe-Signature header. */
  event(type: string, sessionId: string, paymentStatus?: string): Delivery;
  /** A signed `charge.refunded` of the session's charge, `amountRefunded` cents refunded so far. */
  refunded(sessionId: string, amountRefunded: number): Delivery;
  /** A signed `type` (charge.dispute.*) about a dispute of the session's charge. */
  dispute(type: string, sessionId: string, dispute: { id: string; amount: number; status: string }): Delivery;
  close(): Promise<void>;
}

export interface Delivery {
  body: string;
  signature: string;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, Record<string, string>>();
  const intents = new Map<string, string>();
  const webhookSecret = `whsec_${randomBytes(12).toString("hex")}`;
  let base = "";
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://stripe.local");
    const session = (id: string) => ({
      id,
      object: "checkout.session",
      mode: "payment",
      payment_status: "unpaid",
      status: "open",
      payment_intent: intents.get(id) ?? null,
      client_reference_id: sessions.get(id)?.client_reference_id ?? null,
      url: `${base}/pay/${id}`,
    });
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const fields = Object.fromEntries(new URLSearchParams(body));
      const id = `cs_test_${randomBytes(8).toString("hex")}`;
      sessions.set(id, fields);
      intents.set(id, `pi_test_${randomBytes(8).toString("hex")}`);
      res.writeHead(200, { "content-type": "application/json", "request-id": `req_${id}` });
      res.end(JSON.stringify(session(id)));
      return;
    }
    if (req.method === "GET" && url.pathname === "/v1/checkout/sessions") {
      const intent = url.searchParams.get("payment_intent");
      const found = [...intents]
        .filter(([, pi]) => intent === null || pi === intent)
        .map(([id]) => session(id));
      const limit = Number(url.searchParams.get("limit") ?? 10);
      res.writeHead(200, { "content-type": "application/json", "request-id": "req_list" });
      res.end(
        JSON.stringify({
          object: "list",
          url: "/v1/checkout/sessions",
          has_more: found.length > limit,
          data: found.slice(0, limit),
        }),
      );
      return;
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(
      JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }),
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe("sk_test_signer");
  const signed = (type: string, object: Record<string, unknown>): Delivery => {
    const body = JSON.stringify({
      id: `evt_${randomBytes(8).toString("hex")}`,
      object: "event",
      type,
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
    return { body, signature };
  };
  const chargeOf = (sessionId: string) => `ch_${(intents.get(sessionId) ?? "").slice(8)}`;
  return {
    url: base,
    webhookSecret,
    sessions,
    intents,
    event: (type, sessionId, paymentStatus = "paid") =>
      signed(type, {
        id: sessionId,
        object: "checkout.session",
        payment_status: paymentStatus,
        payment_intent: intents.get(sessionId) ?? null,
      }),
    refunded: (sessionId, amountRefunded) =>
      signed("charge.refunded", {
        id: chargeOf(sessionId),
        object: "charge",
        amount: Number(sessions.get(sessionId)?.["line_items[0][price_data][unit_amount]"] ?? 0),
        amount_refunded: amountRefunded,
        refunded: true,
        payment_intent: intents.get(sessionId) ?? null,
      }),
    dispute: (type, sessionId, dispute) =>
      signed(type, {
        ...dispute,
        object: "dispute",
        charge: chargeOf(sessionId),
        payment_intent: intents.get(sessionId) ?? null,
      }),
    close: () => new Promise((done) => server.close(() => done())),
  };
}
