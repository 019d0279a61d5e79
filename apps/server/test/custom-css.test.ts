import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let author: ApiClient;
let subdomain: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: author, subdomain } = await signUpWithAccount(server.api, "customcss"));
});
afterAll(() => server.close());

type Refusal = { code: string; validationErrors: Array<{ field: string; code: string }> };
type Saved = { form: { id: number; customCss: string; formPathAlias: string } };

async function newForm(title: string): Promise<Saved["form"]> {
  const created = await author.post<Saved>("/api/forms", { title });
  return created.body.form;
}

describe("a form's custom CSS", () => {
  const HOSTILE: Array<[string, string, string]> = [
    ["styling the page's body", "body { background: red }", "style.css.selector"],
    ["the document's root", ":root { --x: 1 }", "style.css.selector"],
    ["@import", "@import url(https://evil.test/x.css);", "style.css.forbidden"],
    ["expression(", "p { width: expression(alert(1)) }", "style.css.forbidden"],
    ["a javascript: address", "p { background: url(javascript:alert(1)) }", "style.css.forbidden"],
    [
      "another site's plain http picture",
      "p { background: url(http://evil.test/a.png) }",
      "style.url.forbidden",
    ],
    ["hidden inputs", "input { display: none }", "style.hidden"],
    ["zero-size text", "p { font-size: 0 }", "style.size.too_small"],
    ["a button off the screen", "button { margin-left: -9999px }", "style.value.invalid"],
    ["broken CSS", "p { color: red }}", "style.css.invalid"],
  ];
  for (const [what, css, code] of HOSTILE) {
    it(`is refused with a field error, changing nothing: ${what}`, async () => {
      const form = await newForm(`Hostile CSS ${what}`);
      const refused = await author.patch<Refusal>(`/api/forms/${form.id}`, { customCss: css });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(code);
      expect(refused.body.validationErrors).toContainEqual(
        expect.objectContaining({ field: "customCss", code }),
      );
      expect((await author.get<Saved>(`/api/forms/${form.id}`)).body.form.customCss).toBe("");
    });
  }

  it("is refused on a new form as well", async () => {
    const refused = await author.post<Refusal>("/api/forms", {
      title: "Born hostile",
      customCss: "html { color: red }",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toContainEqual(
      expect.objectContaining({ field: "customCss", code: "style.css.selector" }),
    );
  });

  it("is stored as written, and served put under the form's root on the public page and its API", async () => {
    const form = await newForm("Styled by hand");
    const css = ".question-title { letter-spacing: 2px }\nbutton:hover { border-radius: 14px }";
    const saved = await author.patch<Saved>(`/api/forms/${form.id}`, { customCss: css });
    expect(saved.status).toBe(200);
    expect((await author.get<Saved>(`/api/forms/${form.id}`)).body.form.customCss).toBe(css);

    const served = await server.api.get<{ form: { customCss: string } }>(
      `/api/forms/path/${form.formPathAlias}/${subdomain}`,
    );
    expect(served.status).toBe(200);
    expect(served.body.form.customCss).toBe(
      ".fill-theme .question-title{letter-spacing:2px}\n.fill-theme button:hover{border-radius:14px}",
    );
    const page = await fetch(`${server.url}/f/${form.formPathAlias}?a=${subdomain}`);
    // Drawn by the server as a style sheet, not only carried in the page's data.
    expect(await page.text()).toContain("<style>.fill-theme .question-title{letter-spacing:2px}");
  });
});

describe("a form's themeId", () => {
  it("names the theme by the random 9-character id the theme lists show", async () => {
    const userId = (await author.get<{ id: number }>("/api/user")).body.id;
    const theme = await author.post<{ id: number; uid: string }>(`/api/form-themes/account/${userId}`, {
      name: "Named by uid",
      styling: { formStyling: { color: "#111111" } },
    });
    const listed = await author.get<{ themes: Array<{ uid: string }> }>(`/api/form-themes/account/${userId}`);
    expect(listed.body.themes.map((entry) => entry.uid)).toContain(theme.body.uid);

    const form = await newForm("Themed");
    const saved = await author.patch<{ form: { themeId: string } }>(`/api/forms/${form.id}`, {
      themeId: theme.body.uid,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.form.themeId).toBe(theme.body.uid);

    const numeric = await author.patch<Refusal>(`/api/forms/${form.id}`, { themeId: String(theme.body.id) });
    expect(numeric.status).toBe(400);
    expect(numeric.body.validationErrors).toContainEqual(
      expect.objectContaining({ field: "themeId", code: "form.theme.invalid" }),
    );
  });

  it("of an older form, the numeric row id, is moved to the theme's random id by the migration", async () => {
    const userId = (await author.get<{ id: number }>("/api/user")).body.id;
    const theme = await author.post<{ id: number; uid: string }>(`/api/form-themes/account/${userId}`, {
      name: "Older form's theme",
      styling: { formStyling: { color: "#222222" } },
    });
    const kept = await newForm("Saved before the move");
    const orphan = await newForm("Its theme deleted since");
    const store = (id: number, themeId: string) =>
      server.database.db.execute(
        sql`UPDATE forms SET settings = jsonb_set(settings, '{themeId}', to_jsonb(${themeId}::text)) WHERE id = ${id}`,
      );
    await store(kept.id, String(theme.body.id));
    await store(orphan.id, "987654");
    const migration = readFileSync(new URL("../drizzle/0046_form_theme_uid.sql", import.meta.url), "utf8");
    for (const statement of migration.split("--> statement-breakpoint"))
      await server.database.db.execute(sql.raw(statement));
    const themeOf = async (id: number) =>
      (await author.get<{ form: { themeId: string | null } }>(`/api/forms/${id}`)).body.form.themeId;
    expect(await themeOf(kept.id)).toBe(theme.body.uid);
    expect(await themeOf(orphan.id)).toBeNull();
  });
});
