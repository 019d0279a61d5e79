import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let author: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: author } = await signUpWithAccount(server.api, "elementguard"));
});
afterAll(() => server.close());

type Refusal = { code: string; validationErrors: Array<{ field: string; code: string }> };
type Saved = {
  form: { id: number };
  fields: Array<{ styleSettings: { fieldsStyling: Record<string, unknown> } }>;
};

const element = (fieldsStyling: Record<string, unknown>) => ({
  id: "q1",
  fieldType: "text",
  question: "Your name",
  styleSettings: { hasCustomStyling: true, fieldsStyling, uniqFieldStyling: {} },
});

describe("an element's own styling", () => {
  it("is refused when saved if it would hide the field or load a script, naming the property", async () => {
    const created = await author.post<Saved>("/api/forms", { title: "Own styling" });
    const id = created.body.form.id;
    const refused = await author.patch<Refusal>(`/api/forms/${id}`, {
      fields: [element({ background: "url(javascript:alert(1))", questionFontSize: 0, opacity: 0 })],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: "fields.0.styleSettings.fieldsStyling.background",
          code: "style.css.forbidden",
        }),
        expect.objectContaining({
          field: "fields.0.styleSettings.fieldsStyling.questionFontSize",
          code: "style.size.too_small",
        }),
        expect.objectContaining({
          field: "fields.0.styleSettings.fieldsStyling.opacity",
          code: "style.hidden",
        }),
      ]),
    );
    // Nothing of the refused save was kept.
    const kept = await author.get<Saved>(`/api/forms/${id}`);
    expect(kept.body.fields).toEqual([]);
  });

  it("is refused on a new form too", async () => {
    const refused = await author.post<Refusal>("/api/forms", {
      title: "Own styling at birth",
      fields: [element({ margin: -10000 })],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toContainEqual(
      expect.objectContaining({
        field: "fields.0.styleSettings.fieldsStyling.margin",
        code: "style.value.invalid",
      }),
    );
  });

  it("is kept when it stays within the grammar", async () => {
    const created = await author.post<Saved>("/api/forms", {
      title: "Good own styling",
      fields: [element({ background: "#fff4e6", questionFontSize: 18, radius: 8 })],
    });
    expect(created.status).toBe(201);
    expect(created.body.fields[0]?.styleSettings.fieldsStyling).toMatchObject({
      background: "#fff4e6",
      radius: 8,
    });
  });
});
