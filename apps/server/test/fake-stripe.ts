// A local stand-in for the few Stripe calls the server makes: it creates Checkout sessions as
// Stripe's API does (form-encoded request, JSON answer), and makes webhook events signed the way
// Stripe signs them, with the SDK's own signer.
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
  /** A signed delivery of `type` about the session: the body and its Stripe-Signature header. */
  event(type: string, sessionId: string, paymentStatus?: string): { body: string; signature: string };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, Record<string, string>>();
  const webhookSecret = `whsec_${randomBytes(12).toString("hex")}`;
  let base = "";
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
      const fields = Object.fromEntries(new URLSearchParams(body));
      const id = `cs_test_${randomBytes(8).toString("hex")}`;
      sessions.set(id, fields);
      res.writeHead(200, { "content-type": "application/json", "request-id": `req_${id}` });
      res.end(
        JSON.stringify({
          id,
          object: "checkout.session",
          mode: "payment",
          payment_status: "unpaid",
          status: "open",
          client_reference_id: fields.client_reference_id ?? null,
          url: `${base}/pay/${id}`,
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
  return {
    url: base,
    webhookSecret,
    sessions,
    event: (type, sessionId, paymentStatus = "paid") => {
      const body = JSON.stringify({
        id: `evt_${randomBytes(8).toString("hex")}`,
        object: "event",
        type,
        data: { object: { id: sessionId, object: "checkout.session", payment_status: paymentStatus } },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
      return { body, signature };
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
}
