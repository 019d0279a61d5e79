import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

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

describe("a form kept out of search engines", () => {
  // The page is drawn by the web app's server renderer: `npm run build` first.
  const RENDERER = path.resolve(import.meta.dirname, "../../web/dist-ssr/entry-server.js");
  const NOINDEX_META = '<meta name="robots" content="noindex" />';

  it("is marked noindex in its page and its header; other forms stay indexable", async () => {
    if (!existsSync(RENDERER)) throw new Error("Build the web app first: npm run build");
    const { api: author, subdomain } = await signUpWithAccount(server.api, "hider");
    const made = await Promise.all(
      ["listed", "unlisted"].map((alias) =>
        author.post<{ form: { id: number } }>("/api/forms", {
          title: `Form ${alias}`,
          formPathAlias: alias,
          fields: [{ id: "name", fieldType: "text", question: "Your name" }],
        }),
      ),
    );
    for (const response of made) expect(response.status, response.text).toBe(201);
    const hidden = await author.patch(`/api/forms/${made[1]?.body.form.id}`, { hideFromSearchEngines: true });
    expect(hidden.status, hidden.text).toBe(200);

    const page = (alias: string, tail = "") => fetch(`${server.url}/f/${alias}${tail}?a=${subdomain}`);
    for (const response of [await page("unlisted"), await page("unlisted", "/thankyou")]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect(await response.text()).toContain(NOINDEX_META);
    }
    // The page drawn again after a post without JavaScript says the same.
    const posted = await fetch(`${server.url}/f/unlisted?a=${subdomain}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(posted.headers.get("x-robots-tag")).toBe("noindex");
    expect(await posted.text()).toContain(NOINDEX_META);

    const listed = await page("listed");
    expect(listed.status).toBe(200);
    expect(listed.headers.get("x-robots-tag")).toBeNull();
    expect(await listed.text()).not.toContain('name="robots"');

    // Shown again in search: the marks go with the setting.
    await author.patch(`/api/forms/${made[1]?.body.form.id}`, { hideFromSearchEngines: false });
    const shown = await page("unlisted");
    expect(shown.headers.get("x-robots-tag")).toBeNull();
    expect(await shown.text()).not.toContain('name="robots"');
  });
});
