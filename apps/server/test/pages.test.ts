import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, addMember, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

interface Page {
  id: number;
  title: string;
  alias: string;
  body: string;
  isPublished: boolean;
  isPublic: boolean;
}

let server: TestServer;
let admin: ApiClient;
let member: ApiClient;
let accountId: number;

/** A PNG of `bytes` bytes (its content does not matter to the limit), as a data URL. */
const pngOf = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString("base64")}`;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "pages"));
  member = (await addMember(server, accountId, "reader")).api;
}, 120_000);

afterAll(() => server?.close());

describe("custom pages", () => {
  let page: Page;

  it("lets an admin write a page: alias slugged from the title, HTML sanitised, a small image kept", async () => {
    const created = await admin.post<Page>("/api/pages", {
      title: "Как заполнить анкету",
      body: `<h2>Steps</h2><p onclick="steal()">Fill the walrus form.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="${pngOf(2000)}" alt="Sample">`,
      isPublished: true,
      isPublic: true,
    });
    expect(created.status).toBe(201);
    page = created.body;
    expect(page.alias).toBe("kak-zapolnit-anketu");
    expect(page.body).toContain("<h2>Steps</h2>");
    expect(page.body).toContain('<img src="data:image/png;base64,');
    expect(page.body).not.toMatch(/script|onclick|javascript:/);
  });

  it("refuses an image over 100 KB, an SVG image and a taken or reserved alias", async () => {
    const big = await admin.post("/api/pages", { title: "Big", body: `<img src="${pngOf(120 * 1024)}">` });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ code: "page.image.too_large" });
    const svg = await admin.post<Page>("/api/pages", {
      title: "Vector",
      body: '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
    });
    expect(svg.body.body).not.toContain("<img");
    // The same, spelled as browsers still read them: the scheme in capitals, spaces around the
    // address, a line break inside the scheme.
    const big64 = pngOf(120 * 1024).slice("data:".length);
    for (const [index, prefix] of ["DATA:", " data:", "\tDaTa:", "da&#10;ta:"].entries()) {
      const spelled = await admin.post("/api/pages", {
        title: `Big ${index}`,
        body: `<img src="${prefix}${big64}">`,
      });
      expect(spelled.status, prefix).toBe(400);
      expect(spelled.body).toMatchObject({ code: "page.image.too_large" });
      const vector = await admin.post<Page>("/api/pages", {
        title: `Vector ${index}`,
        body: `<img src="${prefix}image/svg+xml;base64,PHN2Zz48L3N2Zz4=">`,
      });
      expect(vector.status, prefix).toBe(201);
      expect(vector.body.body, prefix).not.toContain("<img");
    }
    const taken = await admin.post("/api/pages", { title: "Other", alias: "kak-zapolnit-anketu" });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "page.alias.exists" });
    expect((await admin.post("/api/pages", { title: "Terms", alias: "terms" })).status).toBe(409);
    expect((await admin.post("/api/pages", { title: " " })).body).toMatchObject({ code: "page.title.empty" });
  });

  it("shows a published public page to anyone, and no draft or internal page", async () => {
    const shown = await server.api.get<Page>(`/api/public-pages/${page.alias}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ title: "Как заполнить анкету", alias: page.alias });
    const internal = await admin.post<Page>("/api/pages", {
      title: "Team rules",
      isPublished: true,
      isPublic: false,
    });
    expect((await server.api.get(`/api/public-pages/${internal.body.alias}`)).status).toBe(404);
    const draft = await admin.post<Page>("/api/pages", {
      title: "Draft notes",
      isPublished: false,
      isPublic: true,
    });
    expect((await server.api.get(`/api/public-pages/${draft.body.alias}`)).status).toBe(404);
    // Members read published pages of their account, by id and by alias; drafts are the admins'.
    expect((await member.get(`/api/pages/${internal.body.id}`)).status).toBe(200);
    expect((await member.get(`/api/pages/alias/${internal.body.alias}`)).status).toBe(200);
    expect((await member.get(`/api/pages/${draft.body.id}`)).status).toBe(404);
    expect((await admin.get(`/api/pages/${draft.body.id}`)).status).toBe(200);
  });

  it("lets only admins change pages, and keeps them inside their account", async () => {
    expect((await member.post("/api/pages", { title: "Mine" })).status).toBe(403);
    expect((await member.request("PATCH", `/api/pages/${page.id}`, { title: "Changed" })).status).toBe(403);
    const other = await signUpWithAccount(server.api, "otherpages");
    expect((await other.api.get(`/api/pages/${page.id}`)).status).toBe(404);
    expect((await other.api.request("DELETE", `/api/pages/${page.id}`)).status).toBe(404);
    const edited = await admin.request<Page>("PATCH", `/api/pages/${page.id}`, {
      title: "How to fill the form",
      alias: "how-to-fill",
      body: "<p>Fill the walrus form.</p>",
      isPublished: true,
      isPublic: true,
    });
    expect(edited.body).toMatchObject({ alias: "how-to-fill" });
    page = edited.body;
  });

  it("tells no account which aliases another account's internal or draft pages use", async () => {
    const draft = await admin.post<Page>("/api/pages", { title: "Layoffs 2027", isPublished: false });
    expect(draft.status).toBe(201);
    const other = await signUpWithAccount(server.api, "aliasprobe");
    const same = await other.api.post<Page>("/api/pages", { title: "Ours", alias: "layoffs-2027" });
    expect(same.status, same.text).toBe(201);
    // A published public page's alias is its address for everyone, /pages/:alias: that one is taken.
    const taken = await other.api.post("/api/pages", {
      title: "Copy",
      alias: page.alias,
      isPublished: true,
      isPublic: true,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "page.alias.exists" });
    // Within one account an alias names one page, draft or not.
    expect((await admin.post("/api/pages", { title: "Again", alias: "layoffs-2027" })).status).toBe(409);
    expect((await server.api.get(`/api/public-pages/${page.alias}`)).body).toMatchObject({
      title: "How to fill the form",
    });
  });

  it("is found by the search through its text", async () => {
    const found = await admin.get<{ results: Array<{ type: string; id: number; data: { slug: string } }> }>(
      "/api/search?request=walrus&types=custom_page",
    );
    expect(found.body.results).toEqual([
      expect.objectContaining({
        type: "custom_page",
        id: page.id,
        data: expect.objectContaining({ slug: "how-to-fill" }),
      }),
    ]);
  });
});

describe("the help menu", () => {
  it("is managed by admins and read by every member as pageMenuLinks", async () => {
    const links = [
      { text: "How to fill", href: "how-to-fill", typeMachineName: "internal_alias" },
      { text: "Community", href: "https://example.org/forum", typeMachineName: "external_link" },
    ];
    const set = await admin.request("PUT", "/api/pages-menu", { pageMenuLinks: links });
    expect(set.status).toBe(200);
    const read = await member.get<{ pageMenuLinks: unknown[] }>("/api/pages-menu");
    expect(read.body.pageMenuLinks).toEqual(links.map((link) => expect.objectContaining(link)));
    expect((await member.request("PUT", "/api/pages-menu", { pageMenuLinks: [] })).status).toBe(403);
    const bad = await admin.request("PUT", "/api/pages-menu", {
      pageMenuLinks: [{ text: "Bad", href: "javascript:alert(1)", typeMachineName: "external_link" }],
    });
    expect(bad.body).toMatchObject({ code: "help_link.invalid" });
  });

  it("takes mailto: and tel: links, and gives an address without a scheme http://", async () => {
    const set = await admin.request<{ pageMenuLinks: Array<{ href: string }> }>("PUT", "/api/pages-menu", {
      pageMenuLinks: [
        { text: "Mail us", href: "mailto:help@example.com", typeMachineName: "external_link" },
        { text: "Call us", href: "tel:+15551234567", typeMachineName: "external_link" },
        { text: "Docs", href: "example.com/docs", typeMachineName: "external_link" },
      ],
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.pageMenuLinks.map((link) => link.href)).toEqual([
      "mailto:help@example.com",
      "tel:+15551234567",
      "http://example.com/docs",
    ]);
    for (const href of ["mailto:", "tel:", "ftp://example.com", "not an address", "http://localhost x"]) {
      const refused = await admin.request("PUT", "/api/pages-menu", {
        pageMenuLinks: [{ text: "Bad", href, typeMachineName: "external_link" }],
      });
      expect(refused.body, href).toMatchObject({ code: "help_link.invalid" });
    }
    const kept = await member.get<{ pageMenuLinks: Array<{ href: string }> }>("/api/pages-menu");
    expect(kept.body.pageMenuLinks).toHaveLength(3);
  });
});

describe("registration turned off", () => {
  it('refuses to register with "New user registration is temporary disabled"', async () => {
    const closed = await startTestServer({ REGISTRATION_ENABLED: "false" });
    try {
      const response = await closed.api.post("/api/register", {
        username: "latecomer",
        email: "latecomer@example.com",
        password: "secret123",
        passwordConfirmation: "secret123",
        acceptTermsAndConditionsAgreement: true,
        acceptPrivacyPolicyAgreement: true,
      });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({
        code: "registration.disabled",
        message: "New user registration is temporary disabled",
      });
    } finally {
      await closed.close();
    }
  });
});

describe("tours", () => {
  it("remembers per user which tours were taken, and refuses unknown ones", async () => {
    expect((await member.get("/api/tours")).body).toEqual({ seen: [] });
    const taken = await member.post("/api/tours/forms-list/seen");
    expect(taken.body).toEqual({ seen: ["forms-list"] });
    await member.post("/api/tours/forms-list/seen");
    expect((await member.get("/api/tours")).body).toEqual({ seen: ["forms-list"] });
    expect((await admin.get("/api/tours")).body).toEqual({ seen: [] });
    expect((await member.post("/api/tours/moon-landing/seen")).status).toBe(400);
  });
});
