import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import { HttpReceiver, until } from "./http-receiver.ts";

/**
 * REST hooks as Zapier, Make and n8n use them: subscribe with the API key, get each submission
 * signed like a webhook's, unsubscribe by id. The receiver listens on 127.0.0.2, the one private
 * address the server is told to allow.
 */
const RECEIVER_HOST = "127.0.0.2";

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let apiKey: string;
let formId: number;
const receiver = new HttpReceiver(RECEIVER_HOST);

/** A client that sends the external app's token in X-API-Key, as the integration platforms do. */
function withKey(method: string, url: string, body?: unknown) {
  return server.api.request<Record<string, unknown>>(method, url, body, { "x-api-key": apiKey });
}

async function submit(name: string): Promise<void> {
  const sent = await server.api.post("/api/forms/answer", {
    formId,
    answers: [{ fieldId: "name", answer: name }],
  });
  expect(sent.status, sent.text).toBe(201);
}

beforeAll(async () => {
  await receiver.up();
  server = await startTestServer({ WEBHOOK_ALLOW_HOSTS: RECEIVER_HOST, WEBHOOK_POLL_MS: "50" });
  ({ api: admin } = await signUpWithAccount(server.api, "zaps"));
  ({ api: other } = await signUpWithAccount(server.api, "zapsother"));
  const created = await admin.post<{ form: { id: number } }>("/api/forms", {
    title: "Leads",
    fields: [{ id: "name", fieldType: "text", question: "Name" }],
  });
  expect(created.status, created.text).toBe(201);
  formId = created.body.form.id;
  const app = await admin.post<{ token: string }>("/api/external-apps", {
    name: "Zapier",
    description: "REST hooks",
    allowedIps: ["127.0.0.1"],
  });
  expect(app.status, app.text).toBe(201);
  apiKey = app.body.token;
});

afterAll(async () => {
  await receiver.down();
  await server?.close();
});

describe("REST hooks", () => {
  it("subscribes, delivers each submission signed, and unsubscribes", async () => {
    const targetUrl = `${receiver.base}/zap`;
    const subscribed = await withKey("POST", "/api/hooks", { targetUrl, event: "form.submitted", formId });
    expect(subscribed.status, subscribed.text).toBe(201);
    expect(subscribed.body).toMatchObject({ targetUrl, event: "form.submitted", formId });
    const { id, secret } = subscribed.body as { id: number; secret: string };
    expect(secret).toMatch(/^whsec_/);
    // A person sees the subscription among the form's webhooks.
    const listed = await admin.get<{ webhooks: { id: number; title: string }[] }>(
      `/api/forms/${formId}/webhooks`,
    );
    expect(listed.body.webhooks.map((hook) => hook.id)).toContain(id);

    await submit("Ada");
    const [hit] = await until(
      () => receiver.at("/zap"),
      (hits) => hits.length === 1,
      "the first delivery",
    );
    const payload = new Webhook(secret).verify(hit!.body, hit!.headers) as {
      type: string;
      data: { formId: number };
    };
    expect(payload.type).toBe("form.submitted");
    expect(hit!.body).toContain("Ada");

    const gone = await withKey("DELETE", `/api/hooks/${id}`);
    expect(gone.status, gone.text).toBe(204);
    expect((await withKey("DELETE", `/api/hooks/${id}`)).status).toBe(404);
    const after = await admin.get<{ webhooks: { id: number }[] }>(`/api/forms/${formId}/webhooks`);
    expect(after.body.webhooks.map((hook) => hook.id)).not.toContain(id);
  });

  it("takes the key as a bearer token too, and refuses calls without one", async () => {
    const body = { targetUrl: `${receiver.base}/bearer`, event: "form.submitted", formId };
    expect((await server.api.post("/api/hooks", body)).status).toBe(401);
    expect((await server.api.post("/api/hooks", body, { "x-api-key": "flk_not-a-token" })).status).toBe(401);
    const asBearer = await server.api.as(apiKey).post<{ id: number }>("/api/hooks", body);
    expect(asBearer.status, asBearer.text).toBe(201);
    expect((await server.api.as(apiKey).delete(`/api/hooks/${asBearer.body.id}`)).status).toBe(204);
  });

  it("unsubscribes only REST hooks: a webhook a person set up stays, whatever its title", async () => {
    const made = await admin.post<{ id: number }>(`/api/forms/${formId}/webhooks`, {
      title: "REST hook",
      endpoint: `${receiver.base}/slack`,
      requestType: "POST",
      authorization: { type: "none" },
      condition: "each_submission",
      dataOptions: ["form_answer"],
      enabled: true,
    });
    expect(made.status, made.text).toBe(200);
    const removed = await withKey("DELETE", `/api/hooks/${made.body.id}`);
    expect(removed.status).toBe(404);
    expect(removed.body.code).toBe("webhook.not_found");
    expect((await admin.get(`/api/forms/${formId}/webhooks/${made.body.id}`)).status).toBe(200);
  });

  it("guards the target address like a webhook's and keeps to the caller's account", async () => {
    const loopback = await withKey("POST", "/api/hooks", {
      targetUrl: `http://127.0.0.1:${receiver.port}/zap`,
      event: "form.submitted",
      formId,
    });
    expect(loopback.status).toBe(400);
    expect(loopback.body.code).toBe("webhook.endpoint.forbidden");
    const badEvent = await withKey("POST", "/api/hooks", {
      targetUrl: `${receiver.base}/x`,
      event: "nope",
      formId,
    });
    expect(badEvent.status).toBe(400);

    const mine = await withKey("POST", "/api/hooks", {
      targetUrl: `${receiver.base}/x`,
      event: "form.submitted",
      formId,
    });
    expect(mine.status, mine.text).toBe(201);
    // Another account neither subscribes to this form nor removes this subscription.
    const theirs = await other.post("/api/hooks", {
      targetUrl: `${receiver.base}/y`,
      event: "form.submitted",
      formId,
    });
    expect(theirs.status).toBe(404);
    expect((await other.delete(`/api/hooks/${mine.body.id}`)).status).toBe(404);
    expect((await withKey("DELETE", `/api/hooks/${mine.body.id}`)).status).toBe(204);
  });

  it("stop delivering once the token that subscribed them is disabled, and go with it when it is deleted", async () => {
    const body = { name: "Make", description: "REST hooks", allowedIps: ["127.0.0.1"] };
    const made = await admin.post<{ app: { id: number }; token: string }>("/api/external-apps", body);
    expect(made.status, made.text).toBe(201);
    const byToken = (method: string, url: string, payload?: unknown) =>
      server.api.request<{ id: number }>(method, url, payload, { "x-api-key": made.body.token });
    const revoked = await byToken("POST", "/api/hooks", {
      targetUrl: `${receiver.base}/revoked`,
      event: "form.submitted",
      formId,
    });
    expect(revoked.status, revoked.text).toBe(201);
    // Subscribed with the first key, a hook that goes on: once it has a submission, so would the other.
    const control = await withKey("POST", "/api/hooks", {
      targetUrl: `${receiver.base}/control`,
      event: "form.submitted",
      formId,
    });
    expect(control.status, control.text).toBe(201);
    const delivered = async (name: string) => {
      await submit(name);
      await until(
        () => receiver.at("/control"),
        (hits) => hits.some((hit) => hit.body.includes(name)),
        `${name} delivered`,
      );
    };
    await delivered("Bo");
    await until(
      () => receiver.at("/revoked"),
      (hits) => hits.length === 1,
      "the delivery while the token works",
    );

    const disabled = await admin.post(`/api/external-apps/${made.body.app.id}/edit`, {
      ...body,
      status: "disabled",
    });
    expect(disabled.status, disabled.text).toBe(200);
    await delivered("Cy");
    expect(await receiver.at("/revoked")).toHaveLength(1);

    expect((await admin.post(`/api/external-apps/${made.body.app.id}/delete`, {})).status).toBe(200);
    const listed = await admin.get<{ webhooks: { id: number }[] }>(`/api/forms/${formId}/webhooks`);
    expect(listed.body.webhooks.map((hook) => hook.id)).not.toContain(revoked.body.id);
    expect(listed.body.webhooks.map((hook) => hook.id)).toContain(control.body.id);
    await delivered("Di");
    expect(await receiver.at("/revoked")).toHaveLength(1);
  });
});
