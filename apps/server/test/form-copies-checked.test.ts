import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let author: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: author } = await signUpWithAccount(server.api, "copychecks"));
});
afterAll(() => server.close());

type Refusal = { code: string; validationErrors: Array<{ field: string; code: string }> };

const formCount = async () =>
  (await author.get<{ forms: unknown[] }>("/api/forms/account")).body.forms.length;

/** Posts one exported form as a file, as the builder's import button does. */
async function importFile(document: unknown) {
  const body = new FormData();
  body.append("file", new Blob([JSON.stringify(document)], { type: "application/json" }), "form.json");
  const response = await fetch(`${server.url}/api/forms/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${author.token}` },
    body,
  });
  return { status: response.status, body: (await response.json()) as Refusal };
}

const ownStyling = (fieldsStyling: Record<string, unknown>) => ({
  id: "q1",
  fieldType: "text",
  question: "Your name",
  styleSettings: { hasCustomStyling: true, fieldsStyling, uniqFieldStyling: {} },
});

/** What a save refuses, as a form's settings and fields, with the field error it names. */
const HOSTILE: Array<[string, Record<string, unknown>, string, string]> = [
  [
    "custom CSS reaching outside the form",
    { customCss: "body { background: red }" },
    "customCss",
    "style.css.selector",
  ],
  [
    "custom CSS that loads a sheet",
    { customCss: "@import url(https://evil.test/x.css);" },
    "customCss",
    "style.css.forbidden",
  ],
  [
    "an element styled to load a script",
    { fields: [ownStyling({ background: "url(javascript:alert(1))" })] },
    "fields.0.styleSettings.fieldsStyling.background",
    "style.css.forbidden",
  ],
  [
    "an element with zero-size text",
    { fields: [ownStyling({ questionFontSize: 0 })] },
    "fields.0.styleSettings.fieldsStyling.questionFontSize",
    "style.size.too_small",
  ],
  ["a theme named by its numeric row id", { themeId: "12345" }, "themeId", "form.theme.invalid"],
];

describe("a form imported from a file", () => {
  for (const [what, parts, field, code] of HOSTILE) {
    it(`is refused as a save is, creating nothing: ${what}`, async () => {
      const before = await formCount();
      const refused = await importFile({
        form: { title: `Imported ${what}`, ...parts },
        fields: parts.fields ?? [],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(code);
      expect(refused.body.validationErrors).toContainEqual(expect.objectContaining({ field, code }));
      expect(await formCount()).toBe(before);
    });
  }

  it("is refused when its theme's own styling is outside the grammar", async () => {
    const before = await formCount();
    const refused = await importFile({
      form: { title: "Hostile theme", formStyling: { questionFontSize: 0 } },
      fields: [{ id: "q1", fieldType: "text", question: "Name" }],
    });
    expect(refused.status).toBe(400);
    expect(await formCount()).toBe(before);
  });

  it("is taken when its styling stays within the grammar", async () => {
    const created = await importFile({
      form: { title: "Well styled", customCss: ".question-title { letter-spacing: 1px }" },
      fields: [ownStyling({ background: "#fff4e6", radius: 8 })],
    });
    expect(created.status).toBe(201);
  });
});

describe("a form copied", () => {
  /** A form whose stored settings or fields were written before a check existed. */
  async function storedWith(column: "settings" | "fields", path: string, value: unknown): Promise<number> {
    const created = await author.post<{ form: { id: number } }>("/api/forms", {
      title: `Stored before the checks ${path}`,
      fields: [{ id: "q1", fieldType: "text", question: "Your name" }],
    });
    const id = created.body.form.id;
    await server.database.db.execute(
      sql`UPDATE forms SET ${sql.raw(column)} = jsonb_set(${sql.raw(column)}, ${`{${path}}`}::text[], ${JSON.stringify(value)}::jsonb) WHERE id = ${id}`,
    );
    return id;
  }

  const STORED: Array<[string, "settings" | "fields", string, unknown, string, string]> = [
    [
      "custom CSS reaching outside the form",
      "settings",
      "customCss",
      "html { color: red }",
      "customCss",
      "style.css.selector",
    ],
    ["a numeric themeId", "settings", "themeId", "987", "themeId", "form.theme.invalid"],
    [
      "an element styled to hide itself",
      "fields",
      "0,styleSettings",
      { hasCustomStyling: true, fieldsStyling: { opacity: 0 }, uniqFieldStyling: {} },
      "fields.0.styleSettings.fieldsStyling.opacity",
      "style.hidden",
    ],
  ];
  for (const [what, column, path, value, field, code] of STORED) {
    it(`is refused as a save is, creating nothing: ${what}`, async () => {
      const id = await storedWith(column, path, value);
      const before = await formCount();
      const refused = await author.post<Refusal>(`/api/forms/${id}/clone`);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(code);
      expect(refused.body.validationErrors).toContainEqual(expect.objectContaining({ field, code }));
      expect(await formCount()).toBe(before);
    });
  }

  it("is made when the form passes the checks", async () => {
    const created = await author.post<{ form: { id: number } }>("/api/forms", {
      title: "Clean",
      customCss: ".question-title { letter-spacing: 1px }",
    });
    const copy = await author.post<{ form: { title: string } }>(`/api/forms/${created.body.form.id}/clone`);
    expect(copy.status).toBe(201);
    expect(copy.body.form.title).toBe("Clean (copy)");
  });
});
