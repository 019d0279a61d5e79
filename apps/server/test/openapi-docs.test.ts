import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";

/** The API reference at /api/docs: served from this server only, and it documents how to sign calls. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("the reference at /api/docs", () => {
  it("loads its scripts and styles from this server, none from a CDN", async () => {
    const response = await fetch(`${server.url}/api/docs/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source, source).not.toMatch(/^(https?:)?\/\//);
    expect(html).toContain('name="viewport"');
    for (const source of sources.filter((s) => /\.(js|css)$/.test(s))) {
      const asset = await fetch(new URL(source, `${server.url}/api/docs/`), {
        headers: { "accept-encoding": "identity" },
      });
      expect(asset.status, source).toBe(200);
    }
  });

  it("documents the bearer token, the external app's token and the API key", async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; description?: string }> };
    };
    const schemes = doc.components.securitySchemes;
    expect(schemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.externalAppToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    for (const scheme of Object.values(schemes)) expect(scheme.description).toBeTruthy();
  });

  it("publishes the webhook payload's JSON Schema as the document's webhook", async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.webhooks.formSubmitted?.post.requestBody.content["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/WebhookPayload",
    });
    expect(Object.keys(doc.components.schemas.WebhookPayload?.properties ?? {})).toEqual(
      expect.arrayContaining(["type", "timestamp", "data"]),
    );
  });
});
