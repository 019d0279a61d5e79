import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, sampleForm, startWithAccount, type TestServer } from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let subdomain: string;
beforeAll(async () => {
  ({ server, api, subdomain } = await startWithAccount("forms"));
});
afterAll(() => server.close());

interface FormBody {
  form: Record<string, unknown> & { id: number; formPathAlias: string };
  fields: Array<Record<string, unknown>>;
}

describe("forms", () => {
  it("creates a form with the spec's defaults and returns form and fields", async () => {
    const created = await api.post<FormBody>("/api/forms", sampleForm);
    expect(created.status).toBe(201);
    expect(created.body.form).toMatchObject({
      title: "Customer survey",
      formPathAlias: "customer-survey",
      type: "data_collection",
      language: "EN",
      isPublished: true,
      hasAnonymousFilling: "anonymous",
      display: "all",
      questionsOrder: "ordered",
      questionsNumbering: "notShow",
      layoutType: "1-col",
      resultType: "passed_failed",
      resultUnits: "trueFalse",
      submitButtonDescription: "Send",
      collectBehaviorData: true,
      hasCaptcha: false,
      afterFormFillingActions: {
        submissionAction: "showThankYouPage",
        thankYouPageText: "Thank you for submitting this form!",
        thankYouPageTitle: "Form [form_title] was submitted successfully!",
        completeFormButton: "Complete form again",
      },
    });
    expect(created.body.fields.map((f) => f.id)).toEqual(["name", "mail", "color"]);
    const fetched = await api.get<FormBody>(`/api/forms/${created.body.form.id}`);
    expect(fetched.body).toEqual(created.body);
  });

  it("makes the alias from the title: Cyrillic transliterated, spaces to hyphens, punctuation dropped, kept unique", async () => {
    const first = await api.post<FormBody>("/api/forms", { title: "Опрос клиентов: весна 2026!" });
    expect(first.body.form.formPathAlias).toBe("opros-klientov-vesna-2026");
    const second = await api.post<FormBody>("/api/forms", { title: "Опрос клиентов: весна 2026!" });
    expect(second.body.form.formPathAlias).toBe("opros-klientov-vesna-2026-2");
  });

  it("gives forms created or copied at once with one title each an alias of its own", async () => {
    // A double click on "create", or a script: each alias is picked from the free ones, and a
    // parallel create may take it first.
    const created = await Promise.all(
      Array.from({ length: 12 }, () => api.post<FormBody>("/api/forms", { title: "Burst" })),
    );
    expect(created.map((response) => response.status)).toEqual(Array(12).fill(201));
    const aliases = created.map((response) => response.body.form.formPathAlias);
    expect(new Set(aliases).size).toBe(12);
    expect(aliases).toContain("burst");
    const copies = await Promise.all(
      Array.from({ length: 6 }, () => api.post<FormBody>(`/api/forms/${created[0]!.body.form.id}/clone`)),
    );
    expect(copies.map((response) => response.status)).toEqual(Array(6).fill(201));
    expect(new Set(copies.map((response) => response.body.form.formPathAlias)).size).toBe(6);
  });

  it("refuses an alias that the account already uses", async () => {
    await api.post("/api/forms", { title: "One", formPathAlias: "taken" });
    const clash = await api.post("/api/forms", { title: "Two", formPathAlias: "taken" });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      code: "form.alias.exists",
      message: "A form with such alias already exists",
    });
    const bad = await api.post("/api/forms", { title: "Three", formPathAlias: "Not An Alias!" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("form.alias.invalid");
  });

  it("patches only what it names and rejects invalid fields without changing the form", async () => {
    const created = await api.post<FormBody>("/api/forms", sampleForm);
    const id = created.body.form.id;
    const patched = await api.patch<FormBody>(`/api/forms/${id}`, {
      isPublished: false,
      description: "Hello",
    });
    expect(patched.body.form).toMatchObject({
      isPublished: false,
      description: "Hello",
      title: "Customer survey",
    });
    expect(patched.body.fields).toHaveLength(3);

    const invalid = await api.patch(`/api/forms/${id}`, { fields: [{ id: "x", fieldType: "no-such-type" }] });
    expect(invalid.status).toBe(400);
    const duplicateIds = await api.patch(`/api/forms/${id}`, {
      fields: [
        { id: "x", fieldType: "text" },
        { id: "x", fieldType: "text" },
      ],
    });
    expect(duplicateIds.status).toBe(400);
    expect((await api.get<FormBody>(`/api/forms/${id}`)).body.fields).toHaveLength(3);
  });

  it("refuses bounds no answer could meet, a maximum below the minimum, without changing the form", async () => {
    const id = (await api.post<FormBody>("/api/forms", sampleForm)).body.form.id;
    for (const [validationSettings, path, code] of [
      [{ min: 10, max: 5 }, "max", "limits.max_below_min"],
      [{ minLength: 20, maxLength: 3 }, "maxLength", "limits.max_length_below_min"],
    ] as const) {
      const refused = await api.patch<{ validationErrors?: Array<{ field: string; code: string }> }>(
        `/api/forms/${id}`,
        { fields: [{ id: "n", fieldType: "number", question: "How many?", validationSettings }] },
      );
      expect(refused.status, refused.text).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(code);
      expect(JSON.stringify(refused.body)).toContain(path);
    }
    const choices = await api.patch(`/api/forms/${id}`, {
      fields: [
        {
          id: "c",
          fieldType: "multipleChoice",
          question: "Which?",
          fieldSettings: {
            answerVariants: [
              { id: "a", title: "A" },
              { id: "b", title: "B" },
              { id: "d", title: "D" },
            ],
            minChoices: 2,
            maxChoices: 1,
          },
        },
      ],
    });
    expect(choices.status, choices.text).toBe(400);
    expect(choices.text).toContain("limits.max_choices_below_min");
    expect(choices.text).toContain("fieldSettings.maxChoices");
    expect((await api.get<FormBody>(`/api/forms/${id}`)).body.fields).toHaveLength(3);
    // Equal bounds are one allowed value, and are kept.
    const same = await api.patch<{ fields: Array<Record<string, unknown>> }>(`/api/forms/${id}`, {
      fields: [
        { id: "n", fieldType: "number", question: "How many?", validationSettings: { min: 5, max: 5 } },
      ],
    });
    expect(same.status, same.text).toBe(200);
    // A form stored with such bounds before the check still opens, to be mended, and its page too.
    const stored = same.body.fields.map((field) => ({ ...field, validationSettings: { min: 10, max: 5 } }));
    await server.database.raw.query("update forms set fields = $1::jsonb where id = $2", [
      JSON.stringify(stored),
      id,
    ]);
    const opened = await api.get<{
      form: { formPathAlias: string; account: { subdomain: string } };
      fields: Array<Record<string, unknown>>;
    }>(`/api/forms/${id}`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.fields[0]).toMatchObject({ validationSettings: { min: 10, max: 5 } });
    const { formPathAlias, account } = opened.body.form;
    const page = await server.api.get(`/api/forms/path/${formPathAlias}/${account.subdomain}`);
    expect(page.status, page.text).toBe(200);
  });

  it("clones as an unpublished '<title> (copy)' with an alias made anew", async () => {
    const created = await api.post<FormBody>("/api/forms", { title: "Quiz", formPathAlias: "my-quiz" });
    expect(created.body.form).toMatchObject({ isPublished: true });
    const clone = await api.post<FormBody>(`/api/forms/${created.body.form.id}/clone`);
    expect(clone.status).toBe(201);
    expect(clone.body.form).toMatchObject({
      title: "Quiz (copy)",
      formPathAlias: "quiz-copy",
      isPublished: false,
    });
    expect(clone.body.form.id).not.toBe(created.body.form.id);
  });

  it("lists the account's forms, newest id first, with answer counts", async () => {
    const list = await api.get<{ forms: Array<{ id: number; answerCount: number }> }>("/api/forms/account");
    const ids = list.body.forms.map((f) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list.body.forms.every((f) => f.answerCount === 0)).toBe(true);
  });

  it("refuses to delete a form with submissions, and deletes one without", async () => {
    const created = await api.post<FormBody>("/api/forms", { ...sampleForm, title: "Doomed" });
    const id = created.body.form.id;
    const submitted = await server.api.post("/api/forms/answer", {
      formId: id,
      answers: [{ fieldId: "name", answer: "Ann" }],
    });
    expect(submitted.status).toBe(201);

    const refused = await api.delete(`/api/forms/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "form.has_answers",
      message: "You can not delete a form if it has submissions!",
    });

    const summary = await api.get(`/api/forms/${id}/summary`);

    expect(summary.body).toMatchObject({ formId: id, title: "Doomed", answerCount: 1, newAnswerCount: 1 });

    const empty = await api.post<FormBody>("/api/forms", { title: "Empty" });
    expect((await api.delete(`/api/forms/${empty.body.form.id}`)).status).toBe(204);
    expect((await api.get(`/api/forms/${empty.body.form.id}`)).status).toBe(404);
  });

  it("serves a published form by alias and subdomain without sign-in, and closes an unpublished one", async () => {
    const created = await api.post<FormBody>("/api/forms", { ...sampleForm, title: "Public one" });
    const open = await server.api.get<FormBody>(`/api/forms/path/public-one/${subdomain}`);
    expect(open.status).toBe(200);
    expect(open.body.form).toMatchObject({ id: created.body.form.id, title: "Public one" });

    await api.patch(`/api/forms/${created.body.form.id}`, { isPublished: false });
    const closed = await server.api.get(`/api/forms/path/public-one/${subdomain}`);
    expect(closed.status).toBe(403);
    expect(closed.body.code).toBe("form.closed");
    expect((await server.api.get(`/api/forms/path/public-one/not-an-account`)).status).toBe(404);
  });
});
