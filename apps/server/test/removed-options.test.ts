import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byHeader, download, readWithLibreOffice, readWithPspp } from "./export-readers.ts";
import { type ApiClient, startWithAccount, type TestServer } from "./harness.ts";

/** An option taken out of a question after respondents chose it: its answers keep their title. */

let server: TestServer;
let admin: ApiClient;
let subdomain: string;
beforeAll(async () => {
  ({ server, api: admin, subdomain } = await startWithAccount("removed-options"));
});
afterAll(() => server.close());

const option = (id: string, title: string) => ({ id, title, value: id });
const colour = (options: Array<{ id: string; title: string; value: string }>) => ({
  id: "colour",
  fieldType: "radio",
  question: "Colour",
  fieldSettings: { answerVariants: options },
});

describe("an option removed after it was chosen", () => {
  it("is still shown by its title in the statistics and exports, and no longer offered", async () => {
    const made = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Colours",
      formPathAlias: "colours",
      fields: [colour([option("red", "Red"), option("blue", "Blue")])],
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.form.id;
    for (const answer of ["red", "blue", "blue"]) {
      const sent = await server.api.post("/api/forms/answer", {
        formId: id,
        answers: [{ fieldId: "colour", answer }],
      });
      expect(sent.status, sent.text).toBe(201);
    }
    // Blue goes, Red is renamed; then a second save, as the builder makes, without the removed one.
    for (const title of ["Crimson", "Scarlet"]) {
      const saved = await admin.patch(`/api/forms/${id}`, { fields: [colour([option("red", title)])] });
      expect(saved.status, saved.text).toBe(200);
    }

    const summary = await admin.get<{
      fields: Array<{ fieldId: string; choices: Array<{ id: string; title: string; count: number }> }>;
    }>(`/api/forms/${id}/answers/summary`);
    const choices = summary.body.fields.find((field) => field.fieldId === "colour")?.choices ?? [];
    expect(choices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "red", title: "Scarlet", count: 1 }),
        expect.objectContaining({ id: "blue", title: "Blue", count: 2 }),
      ]),
    );
    const csv = await download(server, admin, `/api/forms/${id}/answers/export/csv`);
    const rows = byHeader(await readWithLibreOffice(csv.bytes, "csv"));
    expect(rows.body.map((_, index) => rows.cell(index, "Colour")).sort()).toEqual([
      "Blue",
      "Blue",
      "Scarlet",
    ]);
    // SPSS codes the removed option after the current ones, with its title as the value's label.
    const sav = await readWithPspp(
      (await download(server, admin, `/api/forms/${id}/answers/export/sav`)).bytes,
    );
    expect(sav.valueLabels.flat()).toContain("Blue");
    const [names = [], ...cases] = sav.cases;
    const at = names.findIndex((name) => /^colou?r/i.test(name));
    expect(cases.map((row) => row[at]?.trim()).sort()).toEqual(["1", "3", "3"]);
    // A copy of the form starts with no removed options; a list sent with the fields is not taken.
    const copy = await admin.post<{ form: { id: number } }>(`/api/forms/${id}/clone`, {});
    const copied = await admin.get<{ fields: Array<{ fieldSettings: object }> }>(
      `/api/forms/${copy.body.form.id}`,
    );
    expect(copied.body.fields[0]?.fieldSettings).not.toHaveProperty("removedVariants");
    const forged = { ...colour([option("red", "Scarlet")]) };
    forged.fieldSettings = {
      ...forged.fieldSettings,
      removedVariants: [{ id: "x", title: "Forged" }],
    } as typeof forged.fieldSettings;
    const saved = await admin.patch<{
      fields: Array<{ fieldSettings: { removedVariants?: Array<{ id: string }> } }>;
    }>(`/api/forms/${id}`, { fields: [forged] });
    expect(saved.body.fields[0]?.fieldSettings.removedVariants?.map((v) => v.id)).toEqual(["blue"]);
    // Respondents are offered what the question offers now, nothing of what it offered before.
    const page = await (await fetch(`${server.url}/f/colours?a=${subdomain}`)).text();
    expect(page).toContain("Scarlet");
    expect(page).not.toContain("Blue");
  });

  it("leaves a deleted question's answers out of an export of chosen questions", async () => {
    const made = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Trip",
      fields: [
        { id: "name", fieldType: "text", question: "Name" },
        { id: "town", fieldType: "text", question: "Town" },
      ],
    });
    const id = made.body.form.id;
    await server.api.post("/api/forms/answer", {
      formId: id,
      answers: [
        { fieldId: "name", answer: "Ann" },
        { fieldId: "town", answer: "Oslo" },
      ],
    });
    expect(
      (
        await admin.patch(`/api/forms/${id}`, {
          fields: [{ id: "name", fieldType: "text", question: "Name" }],
        })
      ).status,
    ).toBe(200);
    const header = async (query: string) =>
      byHeader(
        await readWithLibreOffice(
          (await download(server, admin, `/api/forms/${id}/answers/export/csv${query}`)).bytes,
          "csv",
        ),
      ).header;
    expect(await header("")).toContain("Answers to deleted questions");
    const chosen = await header("?columns=name");
    expect(chosen).toContain("Name");
    expect(chosen).not.toContain("Answers to deleted questions");
  });

  it("reads the answers to a deleted question by its title and options, until it comes back", async () => {
    const made = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Deleted question",
      fields: [
        { id: "name", fieldType: "text", question: "Name" },
        colour([option("red", "Red"), option("blue", "Blue")]),
      ],
    });
    const id = made.body.form.id;
    const sent = await server.api.post("/api/forms/answer", {
      formId: id,
      answers: [
        { fieldId: "name", answer: "Ann" },
        { fieldId: "colour", answer: "blue" },
      ],
    });
    expect(sent.status, sent.text).toBe(201);
    const name = { id: "name", fieldType: "text", question: "Name" };
    expect((await admin.patch(`/api/forms/${id}`, { fields: [name] })).status).toBe(200);
    // Saved again, as the builder does, the deleted question stays known.
    expect((await admin.patch(`/api/forms/${id}`, { fields: [name], title: "Renamed" })).status).toBe(200);
    const removedNow = async () =>
      (await admin.get<{ removedFields: Array<{ id: string; question: string }> }>(`/api/forms/${id}`)).body
        .removedFields;
    expect(await removedNow()).toEqual([expect.objectContaining({ id: "colour", question: "Colour" })]);
    const csv = await download(server, admin, `/api/forms/${id}/answers/export/csv`);
    const rows = byHeader(await readWithLibreOffice(csv.bytes, "csv"));
    expect(rows.cell(0, "Answers to deleted questions")).toBe("Colour: Blue");
    // Put back (an undone delete), it is a question of the form again.
    expect(
      (await admin.patch(`/api/forms/${id}`, { fields: [name, colour([option("blue", "Blue")])] })).status,
    ).toBe(200);
    expect(await removedNow()).toEqual([]);
  });
});
