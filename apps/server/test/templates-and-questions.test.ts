import { QUESTION_BANK_LIMIT } from "@formloom/core/api/question-bank";
import { catalogueText } from "@formloom/core/templates/catalogue-language";
import { FORM_TEMPLATES } from "@formloom/core/templates/form-templates";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedElements } from "../src/db/schema.ts";
import { type ApiClient, addMember, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let outsider: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "tmpl"));
  outsider = (await signUpWithAccount(server.api, "other")).api;
});
afterAll(() => server.close());

type Created = {
  form: { id: number; title: string; isPublished: boolean; type: string; formPathAlias: string };
  fields: Array<{ id: string; fieldType: string; question: string }>;
};

describe("forms from templates", () => {
  it("makes every template a form of the caller's account, unpublished, with all its questions", async () => {
    for (const template of FORM_TEMPLATES) {
      const created = await admin.post<Created>(`/api/forms/templates/${template.id}`);
      expect(created.status, `${template.id}: ${created.text}`).toBe(201);
      expect(created.body.form.title).toBe(template.form.form.title);
      expect(created.body.form.isPublished).toBe(false);
      expect(created.body.form.formPathAlias).not.toBe("");
      expect(created.body.fields.map((f) => f.id)).toEqual(template.form.fields.map((f) => f.id));
    }
    const list = await admin.get<{ forms: Array<{ title: string }> }>("/api/forms/account");
    expect(list.body.forms).toHaveLength(FORM_TEMPLATES.length);
  });

  it("a quiz template keeps its result calculation, and two uses give two forms with their own aliases", async () => {
    const [a, b] = await Promise.all([
      admin.post<Created>("/api/forms/templates/knowledge-quiz"),
      admin.post<Created>("/api/forms/templates/knowledge-quiz"),
    ]);
    expect(a!.status).toBe(201);
    expect(b!.status).toBe(201);
    expect(a!.body.form.id).not.toBe(b!.body.form.id);
    expect(a!.body.form.formPathAlias).not.toBe(b!.body.form.formPathAlias);
    const full = await admin.get<{
      form: { type: string; resultType: string; resultsHandlingGradation: unknown[] };
    }>(`/api/forms/${a!.body.form.id}`);
    expect(full.body.form).toMatchObject({ type: "calculation", resultType: "gradations" });
    expect(full.body.form.resultsHandlingGradation).toHaveLength(3);
  });

  it("speaks the caller's interface language: texts and the form's language, ids and values kept", async () => {
    const { api: reader } = await signUpWithAccount(server.api, "tmplru");
    const me = (await reader.get<{ id: number }>("/api/user")).body;
    expect((await reader.patch(`/api/user/${me.id}/settings`, { locale: "ru" })).status).toBe(200);
    const created = await reader.post<Created>("/api/forms/templates/nps");
    expect(created.status, created.text).toBe(201);
    const ru = (text: string) => {
      const told = catalogueText(text, "ru");
      expect(told, text).not.toBe(text);
      return told;
    };
    expect(created.body.form.title).toBe(ru("How likely are you to recommend us?"));
    const full = await reader.get<{
      form: { language: string };
      fields: Array<{ id: string; question: string; fieldSettings: { answerVariants?: unknown[] } }>;
    }>(`/api/forms/${created.body.form.id}`);
    expect(full.body.form.language).toBe("ru");
    const channel = full.body.fields.find((field) => field.id === "channel")!;
    expect(channel.question).toBe(ru("How did you first hear about us?"));
    expect(channel.fieldSettings.answerVariants).toContainEqual(
      expect.objectContaining({ id: "v1", value: "1", title: ru("Search engine") }),
    );
  });

  it("refuses an unknown template with 404 and a member without the right to create forms with 403", async () => {
    const missing = await admin.post("/api/forms/templates/no-such-template");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("template.not_found");
    const member = await addMember(server, accountId, "tmember");
    expect((await member.api.post("/api/forms/templates/nps")).status).toBe(403);
  });
});

const question = {
  id: "age",
  fieldType: "radio",
  question: "Your age group",
  fieldLabel: "",
  formulaName: "ageGroup",
  fieldSettings: {
    answerVariants: [
      { id: "young", title: "Under 30" },
      { id: "older", title: "30 or more" },
    ],
    fieldGroup: "g1",
  },
};

type Categories = {
  categories: Array<{
    name: string;
    elements: Array<{ id: number; category: string; element: typeof question }>;
  }>;
};

describe("the questions database", () => {
  it("saves elements into categories, one category whatever its case, and lists them by category", async () => {
    const saved = await admin.post<{ id: number; category: string; element: Record<string, unknown> }>(
      "/api/forms/elements-categories/account",
      { category: " Demographics ", element: question },
    );
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.category).toBe("Demographics");
    // The element leaves its form's group behind.
    expect(saved.body.element.fieldSettings).not.toHaveProperty("fieldGroup");
    expect(saved.body.element).toMatchObject({ question: "Your age group", formulaName: "ageGroup" });

    const second = await admin.post<{ category: string }>("/api/forms/elements-categories/account", {
      category: "demographics",
      element: { id: "mail", fieldType: "email", question: "Your e-mail" },
    });
    expect(second.body.category).toBe("Demographics");
    await admin.post("/api/forms/elements-categories/account", {
      category: "Ratings",
      element: { id: "stars", fieldType: "rate", question: "Rate us" },
    });

    const list = await admin.get<Categories>("/api/forms/elements-categories/account");
    expect(list.status).toBe(200);
    expect(list.body.categories.map((c) => c.name)).toEqual(["Demographics", "Ratings"]);
    expect(list.body.categories[0]!.elements.map((e) => e.element.question)).toEqual([
      "Your age group",
      "Your e-mail",
    ]);
  });

  it("refuses an empty category and an invalid element with 400, never 500", async () => {
    const empty = await admin.post("/api/forms/elements-categories/account", {
      category: "  ",
      element: question,
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("question_bank.category.empty");
    for (const element of [null, { id: "x", fieldType: "no-such-type" }, { fieldType: "text" }, "text"]) {
      const bad = await admin.post("/api/forms/elements-categories/account", { category: "A", element });
      expect(bad.status, JSON.stringify(element)).toBe(400);
    }
  });

  it("is the account's own: another account neither sees nor deletes its questions", async () => {
    const mine = await admin.get<Categories>("/api/forms/elements-categories/account");
    const id = mine.body.categories[0]!.elements[0]!.id;
    const theirs = await outsider.get<Categories>("/api/forms/elements-categories/account");
    expect(theirs.body.categories).toEqual([]);
    const steal = await outsider.delete(`/api/forms/elements-categories/account/${id}`);
    expect(steal.status).toBe(404);
    expect(steal.body.code).toBe("question_bank.not_found");
    const after = await admin.get<Categories>("/api/forms/elements-categories/account");
    expect(after.body.categories[0]!.elements.map((e) => e.id)).toContain(id);
  });

  it("is closed to a member who may not edit forms, for reading and for saving", async () => {
    const member = await addMember(server, accountId, "qreader");
    expect((await member.api.get("/api/forms/elements-categories/account")).status).toBe(403);
    const save = await member.api.post("/api/forms/elements-categories/account", {
      category: "A",
      element: question,
    });
    expect(save.status).toBe(403);
  });

  it("deletes a saved element, and a category goes when its last element does", async () => {
    const before = await admin.get<Categories>("/api/forms/elements-categories/account");
    const ratings = before.body.categories.find((c) => c.name === "Ratings")!;
    const removed = await admin.delete(`/api/forms/elements-categories/account/${ratings.elements[0]!.id}`);
    expect(removed.status).toBe(200);
    expect(
      (await admin.delete(`/api/forms/elements-categories/account/${ratings.elements[0]!.id}`)).status,
    ).toBe(404);
    const after = await admin.get<Categories>("/api/forms/elements-categories/account");
    expect(after.body.categories.map((c) => c.name)).toEqual(["Demographics"]);
  });

  it("holds its limit under parallel saves", async () => {
    const { api, accountId: full } = await signUpWithAccount(server.api, "full");
    await server.database.db.insert(savedElements).values(
      Array.from({ length: QUESTION_BANK_LIMIT - 2 }, (_, i) => ({
        accountId: full,
        category: "Bulk",
        element: { ...question, id: `q${i}` },
      })),
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post("/api/forms/elements-categories/account", { category: "Bulk", element: question }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body.code).toBe("question_bank.limit");
    const list = await api.get<Categories>("/api/forms/elements-categories/account");
    expect(list.body.categories[0]!.elements).toHaveLength(QUESTION_BANK_LIMIT);
  });
});
