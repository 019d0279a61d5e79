import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin } = await signUpWithAccount(server.api, "importer"));
});
afterAll(() => server.close());

type Created = {
  form: { id: number; title: string; isPublished: boolean; language: string };
  fields: unknown[];
};

/** Posts these files as one multipart request, as the browser's file input does. */
async function upload(files: Array<{ name: string; text: string | Uint8Array }>) {
  const body = new FormData();
  for (const file of files) body.append("file", new Blob([file.text]), file.name);
  const response = await fetch(`${server.url}/api/forms/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${admin.token}` },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

const exported = {
  form: { title: "Imported survey", isPublished: true, formPathAlias: "taken" },
  fields: [{ id: "q1", fieldType: "text", question: "Your city" }],
};

describe("importing a form from an exported file", () => {
  it("creates the form with its title and fields, unpublished and with an alias of its own", async () => {
    const created = await upload([{ name: "survey.json", text: JSON.stringify(exported) }]);
    expect(created.status).toBe(201);
    const { form, fields } = created.body as unknown as Created;
    expect(form).toMatchObject({ title: "Imported survey", isPublished: false });
    expect(fields).toMatchObject([{ id: "q1", question: "Your city" }]);
    const again = await upload([{ name: "survey.JSON", text: JSON.stringify(exported) }]);
    expect(again.status).toBe(201);
  });

  it("takes the alternate setting names", async () => {
    const created = await upload([
      {
        name: "alternate.json",
        text: JSON.stringify({
          formTitle: "Named the other way",
          formLanguage: "IT",
          fields: [{ id: "a", fieldType: "email", question: "E-mail" }],
        }),
      },
    ]);
    expect(created.status).toBe(201);
    expect((created.body as unknown as Created).form).toMatchObject({
      title: "Named the other way",
      language: "IT",
    });
  });

  const refusals: Array<[string, Array<{ name: string; text: string | Uint8Array }>, string, string]> = [
    [
      "a file that is not .json",
      [{ name: "survey.csv", text: "a,b" }],
      "import.type",
      "Only .json files can be imported",
    ],
    ["an empty file", [{ name: "empty.json", text: "" }], "import.empty", "The file is empty"],
    [
      "a file holding an empty form",
      [{ name: "blank-form.json", text: "{}" }],
      "import.empty",
      "The file is empty",
    ],
    ["a file of blanks", [{ name: "blank.json", text: "  \n " }], "import.empty", "The file is empty"],
    [
      "a file over 5 MB",
      [{ name: "big.json", text: new Uint8Array(5 * 1024 * 1024 + 10).fill(32) }],
      "import.too_large",
      "The file is too large: the limit is 5 MB",
    ],
    [
      "a file that is not JSON",
      [{ name: "bad.json", text: "{ nope" }],
      "import.invalid",
      "The file does not hold a valid form",
    ],
    [
      "JSON that is not a form",
      [{ name: "list.json", text: JSON.stringify({ fields: [{ fieldType: "no-such-type" }] }) }],
      "import.invalid",
      "The file does not hold a valid form",
    ],
    [
      "two files",
      [
        { name: "one.json", text: JSON.stringify(exported) },
        { name: "two.json", text: JSON.stringify(exported) },
      ],
      "import.one_file",
      "Choose exactly one file to import",
    ],
    ["no file", [], "import.one_file", "Choose exactly one file to import"],
  ];
  for (const [what, files, code, message] of refusals) {
    it(`refuses ${what} with ${code}`, async () => {
      const before = (await admin.get<{ forms: unknown[] }>("/api/forms/account")).body.forms.length;
      const response = await upload(files);
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ code, message, validationErrors: [{ field: "file", code }] });
      expect((await admin.get<{ forms: unknown[] }>("/api/forms/account")).body.forms).toHaveLength(before);
    });
  }

  it("takes a form with a radio-buttons list, a setting no question draws, and keeps it as it was", async () => {
    const legacy = {
      id: "pick",
      fieldType: "radio",
      question: "Pick one",
      fieldSettings: { radioButtons: "A / B" },
    };
    const created = await upload([
      { name: "legacy.json", text: JSON.stringify({ form: { title: "Older form" }, fields: [legacy] }) },
    ]);
    expect(created.status, created.text).toBe(201);
    const { fields } = created.body as unknown as Created;
    expect(fields).toMatchObject([{ id: "pick", fieldSettings: { radioButtons: "A / B" } }]);
  });

  it("refuses a file holding text no database keeps (U+0000, a lone surrogate), creating nothing", async () => {
    const before = (await admin.get<{ forms: unknown[] }>("/api/forms/all")).body;
    for (const title of ["a\u0000b", "half \ud800 pair"]) {
      // Written as JSON writes them, \u0000 and \ud800.
      const text = JSON.stringify({ ...exported, form: { ...exported.form, title } });
      const refused = await upload([{ name: "survey.json", text }]);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body).toMatchObject({ code: "request.invalid_characters" });
    }
    expect((await admin.get<{ forms: unknown[] }>("/api/forms/all")).body).toEqual(before);
  });

  it("refuses a JSON body instead of a file", async () => {
    const response = await admin.post("/api/forms/import", exported);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: "import.one_file" });
  });
});
