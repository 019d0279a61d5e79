import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin } = await signUpWithAccount(server.api, "guard"));
  adminId = (await admin.get<{ id: number }>("/api/user")).body.id;
});
afterAll(() => server.close());

type Refusal = { code: string; validationErrors: Array<{ field: string; code: string }> };

/** What an author could try to make a form unusable or reach outside it through a theme. */
const HOSTILE: Array<[string, Record<string, unknown>, string, string]> = [
  ["huge negative margins", { margin: -10000 }, "margin", "style.value.invalid"],
  ["zero font size", { questionFontSize: 0 }, "questionFontSize", "style.size.too_small"],
  ["a javascript: picture", { background: "url(javascript:alert(1))" }, "background", "style.css.forbidden"],
  ["expression(", { color: "expression(alert(1))" }, "color", "style.css.forbidden"],
  ["@import", { fontFamily: "@import url(https://evil.test/x.css)" }, "fontFamily", "style.css.forbidden"],
  [
    "a plain http picture",
    { background: "url(http://evil.test/x.png)" },
    "background",
    "style.url.forbidden",
  ],
  ["an invisible form", { opacity: 0 }, "opacity", "style.hidden"],
];

describe("a hostile theme", () => {
  for (const [what, style, property, code] of HOSTILE) {
    it(`is refused with a field error: ${what}`, async () => {
      const refused = await admin.post<Refusal>(`/api/form-themes/account/${adminId}`, {
        name: `Hostile ${what}`,
        styling: { fieldsGeneralStyling: style },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(code);
      expect(refused.body.validationErrors).toContainEqual(
        expect.objectContaining({ field: `styling.fieldsGeneralStyling.${property}`, code }),
      );
    });
  }

  it("is refused on a form's own styling too, and a good one is kept", async () => {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", { title: "Guarded" });
    const id = created.body.form.id;
    const bad = await admin.patch<Refusal>(`/api/forms/${id}`, {
      formStyling: { background: "url(javascript:alert(1))", titleFontSize: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors.map((e) => e.field)).toEqual(
      expect.arrayContaining(["formStyling.background", "formStyling.titleFontSize"]),
    );
    const good = await admin.patch(`/api/forms/${id}`, {
      formStyling: {
        background: "https://images.example.com/cover.jpg",
        fontFamily: "Inter",
        titleFontSize: 32,
      },
    });
    expect(good.status).toBe(200);
  });
});

describe("theme ids", () => {
  it("are random 9-character ids, one per theme", async () => {
    const made = await Promise.all(
      ["Alpha", "Beta", "Gamma"].map((name) =>
        admin.post<{ uid: string }>(`/api/form-themes/account/${adminId}`, {
          name,
          styling: { formStyling: { color: "#111111" } },
        }),
      ),
    );
    const uids = made.map((response) => response.body.uid);
    for (const uid of uids) expect(uid).toMatch(/^[0-9a-z]{9}$/);
    expect(new Set(uids).size).toBe(3);
    const listed = await admin.get<{ themes: Array<{ uid: string }> }>(`/api/form-themes/account/${adminId}`);
    expect(listed.body.themes.map((theme) => theme.uid)).toEqual(expect.arrayContaining(uids));
  });
});
