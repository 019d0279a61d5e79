import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let subdomain: string;
let keys = 0;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin, accountId, subdomain } = await signUpWithAccount(server.api, "partial"));
});
afterAll(() => server.close());

/** Three pages: a name, then a colour and a password, then a comment. */
const threePages = {
  title: "Three pages",
  fields: [
    { id: "name", fieldType: "text", question: "Your name", isRequired: true },
    { id: "b1", fieldType: "pageBreak" },
    { id: "colour", fieldType: "text", question: "Colour" },
    { id: "secret", fieldType: "password", question: "Password" },
    { id: "b2", fieldType: "pageBreak" },
    { id: "comment", fieldType: "textarea", question: "Comment" },
  ],
};

async function createForm(savePartialResponses: boolean) {
  const created = await admin.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", {
    ...threePages,
    display: "severalPages",
    savePartialResponses,
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.form.id, alias: created.body.form.formPathAlias };
}

/** The respondent cookie a browser gets when it opens the form. */
async function openAsNewBrowser(alias: string): Promise<string> {
  const response = await fetch(`${server.url}/api/forms/path/${alias}/${subdomain}`);
  expect(response.status).toBe(200);
  return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
}

const newKey = () => `filling-${++keys}-${Date.now()}`;

function save(body: Record<string, unknown>, cookie?: string) {
  return server.api.request<{ code?: string }>("PUT", "/api/forms/partial", body, cookie ? { cookie } : {});
}

interface Listed {
  answerList: Array<{
    id: number;
    answers: Array<{ fieldId: string; answer: unknown }>;
    partial?: { stoppedAt: string | null };
  }>;
  total: number | null;
}

const listed = (formId: number, status: "partial" | "completed", as = admin) =>
  as.get<Listed>(`/api/forms/${formId}/answer/paginated/1/25?status=${status}`);

describe("partial responses", () => {
  it("are refused for a form whose author did not turn them on", async () => {
    const form = await createForm(false);
    const refused = await save({
      formId: form.id,
      key: newKey(),
      answers: [{ fieldId: "name", answer: "Ann" }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("partial.not_enabled");
    const rows = await server.database.raw.query("select 1 from form_partials where form_id = $1", [form.id]);
    expect(rows).toHaveLength(0);
  });

  it("are saved and replaced under the filling's key, without the password, and show where they stopped", async () => {
    const form = await createForm(true);
    const cookie = await openAsNewBrowser(form.alias);
    const key = newKey();
    const first = await save({ formId: form.id, key, answers: [{ fieldId: "name", answer: "Ann" }] }, cookie);
    expect(first.status, first.text).toBe(204);
    const second = await save(
      {
        formId: form.id,
        key,
        page: 1,
        stoppedAt: "colour",
        answers: [
          { fieldId: "name", answer: "Ann" },
          { fieldId: "colour", answer: "teal" },
          { fieldId: "secret", answer: "hunter2" },
        ],
      },
      cookie,
    );
    expect(second.status, second.text).toBe(204);

    const partials = await listed(form.id, "partial");
    expect(partials.status, partials.text).toBe(200);
    expect(partials.body.total).toBe(1);
    const [row] = partials.body.answerList;
    expect(row?.partial).toEqual({ stoppedAt: "colour" });
    expect(row?.answers.map((a) => [a.fieldId, a.answer])).toEqual([
      ["name", "Ann"],
      ["colour", "teal"],
    ]);
    const counted = await admin.get<{ total: number }>(`/api/forms/${form.id}/answer/count?status=partial`);
    expect(counted.body.total).toBe(1);

    // Not a submission anywhere: the table, its count, the form's numbers.
    const completed = await listed(form.id, "completed");
    expect(completed.body.total).toBe(0);
    expect(completed.body.answerList).toEqual([]);
    const [kept] = await server.database.raw.query<{ total: number }>(
      "select coalesce((select total from form_answer_counts where form_id = $1), 0)::int as total",
      [form.id],
    );
    expect(kept?.total).toBe(0);

    // Another browser cannot write over it, even knowing the key.
    const stranger = await save(
      { formId: form.id, key, answers: [{ fieldId: "name", answer: "Mallory" }] },
      await openAsNewBrowser(form.alias),
    );
    expect(stranger.status).toBe(403);
    expect((await listed(form.id, "partial")).body.answerList[0]?.answers[0]?.answer).toBe("Ann");
  });

  it("turn into the submission sent under their key, once, and are not saved again after it", async () => {
    const form = await createForm(true);
    const cookie = await openAsNewBrowser(form.alias);
    const key = newKey();
    await save(
      { formId: form.id, key, page: 2, stoppedAt: "comment", answers: [{ fieldId: "name", answer: "Bo" }] },
      cookie,
    );
    const sent = await server.api.post(
      "/api/forms/answer",
      {
        formId: form.id,
        answers: [
          { fieldId: "name", answer: "Bo" },
          { fieldId: "comment", answer: "fine" },
        ],
      },
      { "idempotency-key": key, cookie },
    );
    expect(sent.status, sent.text).toBe(201);
    expect((await listed(form.id, "partial")).body.total).toBe(0);
    const completed = await listed(form.id, "completed");
    expect(completed.body.total).toBe(1);

    const late = await save({ formId: form.id, key, answers: [{ fieldId: "name", answer: "Bo" }] }, cookie);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("partial.already_sent");
    expect((await listed(form.id, "partial")).body.total).toBe(0);
  });

  it("count in the fields analysis as unfinished fillings stopped at their question", async () => {
    const form = await createForm(true);
    for (const stoppedAt of ["colour", "colour", "comment"])
      await save(
        { formId: form.id, key: newKey(), stoppedAt, answers: [{ fieldId: "name", answer: "Cy" }] },
        await openAsNewBrowser(form.alias),
      );
    const analysis = await admin.get<{
      fillings: number;
      unfinished: number;
      fields: Array<{ fieldId: string; reached: number; stoppedHere: number }>;
    }>(`/api/forms/${form.id}/fields-analysis`);
    expect(analysis.status, analysis.text).toBe(200);
    expect(analysis.body.fillings).toBe(3);
    expect(analysis.body.unfinished).toBe(3);
    const byField = Object.fromEntries(analysis.body.fields.map((f) => [f.fieldId, f]));
    expect(byField.colour?.stoppedHere).toBe(2);
    expect(byField.comment?.stoppedHere).toBe(1);
    expect(byField.name?.reached).toBe(3);
  });

  it("refuse unknown questions and oversized saves, and are read only by those who may read results", async () => {
    const form = await createForm(true);
    const cookie = await openAsNewBrowser(form.alias);
    const unknown = await save(
      { formId: form.id, key: newKey(), answers: [{ fieldId: "nope", answer: 1 }] },
      cookie,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("answer.unknown_field");
    const huge = await save(
      { formId: form.id, key: newKey(), answers: [{ fieldId: "name", answer: "x".repeat(300_000) }] },
      cookie,
    );
    expect(huge.status).toBe(413);
    const missing = await save({ formId: 99_999_999, key: newKey(), answers: [] }, cookie);
    expect(missing.status).toBe(404);

    await save(
      { formId: form.id, key: newKey(), stoppedAt: "comment", answers: [{ fieldId: "name", answer: "Di" }] },
      cookie,
    );
    const outsider = await addMember(server, accountId, "outsider");
    expect((await listed(form.id, "partial", outsider.api)).status).toBe(403);

    // A reader of selected fields sees those answers only, and where it stopped only if they see it.
    const member = await addMember(server, accountId, "limited");
    const group = await groupWith(admin, "Limited", [member.id], ["results.view", "forms.view"]);
    const granted = await admin.request("PUT", `/api/forms/${form.id}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["colour"],
    });
    expect(granted.status, granted.text).toBeLessThan(300);
    const limited = await listed(form.id, "partial", member.api);
    expect(limited.status, limited.text).toBe(200);
    expect(limited.body.answerList[0]?.answers).toEqual([]);
    expect(limited.body.answerList[0]?.partial).toEqual({ stoppedAt: null });
  });

  it("follow the results table's filters: answers, search, days, and none of a submission's own marks", async () => {
    const form = await createForm(true);
    for (const [name, colour] of [
      ["Ann", "teal"],
      ["Annette", "red"],
      ["Bob", "teal"],
    ])
      await save(
        {
          formId: form.id,
          key: newKey(),
          page: 1,
          stoppedAt: "colour",
          answers: [
            { fieldId: "name", answer: name },
            { fieldId: "colour", answer: colour },
          ],
        },
        await openAsNewBrowser(form.alias),
      );
    const filtered = async (filters: Record<string, unknown>, extra = "") => {
      const query = `status=partial&filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`;
      const page = await admin.get<Listed>(`/api/forms/${form.id}/answer/paginated/1/25?${query}`);
      expect(page.status, page.text).toBe(200);
      const counted = await admin.get<{ total: number }>(`/api/forms/${form.id}/answer/count?${query}`);
      expect(counted.status, counted.text).toBe(200);
      const names = page.body.answerList.map((row) => row.answers.find((a) => a.fieldId === "name")?.answer);
      expect(counted.body.total).toBe(names.length);
      return names.sort();
    };
    expect(await filtered({ fields: [{ fieldId: "name", op: "contains", value: "ann" }] })).toEqual([
      "Ann",
      "Annette",
    ]);
    expect(await filtered({ fields: [{ fieldId: "colour", op: "equals", value: "teal" }] })).toEqual([
      "Ann",
      "Bob",
    ]);
    expect(await filtered({ search: "bob" })).toEqual(["Bob"]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await filtered({ dateFrom: "2020-01-01", dateTo: "2020-12-31" })).toEqual([]);
    expect(await filtered({ dateFrom: today })).toEqual(["Ann", "Annette", "Bob"]);
    // A partial response has no score, tags or outcome of its own, and nothing unread.
    expect(await filtered({ scoreMin: 0 })).toEqual([]);
    expect(await filtered({ tags: ["vip"] })).toEqual([]);
    expect(await filtered({ search: "ann" }, "&isViewed=false")).toEqual([]);
    // The same checks as the submissions': a question the form does not have is refused.
    const unknown = await admin.get(
      `/api/forms/${form.id}/answer/paginated/1/25?status=partial&filters=${encodeURIComponent(
        JSON.stringify({ fields: [{ fieldId: "nope", op: "equals", value: "x" }] }),
      )}`,
    );
    expect(unknown.status).toBe(400);
  });

  it("are refused once the form is closed by its date or its response limit", async () => {
    const past = await admin.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", {
      ...threePages,
      display: "severalPages",
      savePartialResponses: true,
      closeAt: "2020-01-01T00:00:00Z",
    });
    expect(past.status, past.text).toBe(201);
    const late = await save({
      formId: past.body.form.id,
      key: newKey(),
      answers: [{ fieldId: "name", answer: "Late" }],
    });
    expect(late.status, late.text).toBe(403);
    expect(late.body.code).toBe("form.closed");

    const form = await admin.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", {
      ...threePages,
      display: "severalPages",
      savePartialResponses: true,
      maxResponses: 1,
    });
    expect(form.status, form.text).toBe(201);
    const id = form.body.form.id;
    const cookie = await openAsNewBrowser(form.body.form.formPathAlias);
    const before = await save(
      { formId: id, key: newKey(), answers: [{ fieldId: "name", answer: "Early" }] },
      cookie,
    );
    expect(before.status, before.text).toBe(204);
    const sent = await server.api.post("/api/forms/answer", {
      formId: id,
      answers: [{ fieldId: "name", answer: "First" }],
    });
    expect(sent.status, sent.text).toBe(201);
    const full = await save(
      { formId: id, key: newKey(), answers: [{ fieldId: "name", answer: "Second" }] },
      cookie,
    );
    expect(full.status, full.text).toBe(403);
    expect(full.body.code).toBe("form.closed");
    const rows = await server.database.raw.query("select 1 from form_partials where form_id = $1", [id]);
    expect(rows).toHaveLength(1);
  });
});
