import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";

/** What a crawler reads at the root: robots.txt (public forms indexable, the app not) and security.txt. */

let server: TestServer;
let bare: TestServer;
beforeAll(async () => {
  [server, bare] = await Promise.all([
    startTestServer({ SECURITY_CONTACT: "mailto:security@example.com, https://example.com/report" }),
    startTestServer(),
  ]);
});
afterAll(() => Promise.all([server.close(), bare.close()]));

describe("robots.txt", () => {
  it("lets crawlers index public form pages and keeps them out of the app and the API", async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).trim().split("\n");
    expect(lines[0]).toBe("User-agent: *");
    // Every line is a directive Lighthouse's robots-txt audit knows.
    for (const line of lines) expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
    expect(lines).toContain("Allow: /f/");
    // The pages an account publishes for everyone (/pages/:alias) are public too.
    expect(lines).toContain("Allow: /pages/");
    expect(lines).toContain("Disallow: /");
  });
});

describe("/.well-known/security.txt", () => {
  it("lists the contacts of SECURITY_CONTACT and an expiry under a year away (RFC 9116)", async () => {
    const response = await fetch(`${server.url}/.well-known/security.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain("Contact: mailto:security@example.com\n");
    expect(text).toContain("Contact: https://example.com/report\n");
    const expires = Date.parse(/^Expires: (.+)$/m.exec(text)?.[1] ?? "");
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires - Date.now()).toBeLessThan(365 * 24 * 3600 * 1000);
  });

  it("is not served when no contact is set", async () => {
    expect((await fetch(`${bare.url}/.well-known/security.txt`)).status).toBe(404);
  });
});
