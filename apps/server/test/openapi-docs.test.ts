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
      const asset = await fetch(new URL(source, `${server.url}/api/docs/`));
      expect(asset.status, source).toBe(200);
    }
  });

  it("documents the bearer token and the external app's token", async () => {
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; description?: string }> };
    };
    const schemes = doc.components.securitySchemes;
    expect(schemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.externalAppToken).toMatchObject({ type: "http", scheme: "bearer" });
    for (const scheme of Object.values(schemes)) expect(scheme.description).toBeTruthy();
  });
});
