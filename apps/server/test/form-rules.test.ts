import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, addMember, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

/** Rules across an account's forms (/form-rules/all), and saving them without undoing another save. */
let server: TestServer;
let admin: ApiClient;
let outsider: ApiClient;
let member: ApiClient;
const formIds: number[] = [];

const fields = [
  { id: "colour", fieldType: "text", question: "Colour" },
  { id: "why", fieldType: "text", question: "Why?" },
  { id: "score", fieldType: "number", question: "Score" },
];

const rule = (id: string, name: string, then: unknown[], fieldId = "colour") => ({
  id,
  name,
  if: {
    kind: "group",
    combinator: "AND",
    conditions: [{ kind: "field", fieldId, operator: "equal", value: "red" }],
  },
  then,
});

type Listed = { rules: Array<{ formId: number; formTitle: string; rule: { id: string; name: string } }> };
type Form = { form: { lastChangeDate: string; conditionalRules: Array<{ name: string }> } };

beforeAll(async () => {
  server = await startTestServer();
  let accountId: number;
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "rulesall"));
  ({ api: outsider } = await signUpWithAccount(server.api, "rulesout"));
  member = (await addMember(server, accountId, "plain")).api;
  for (const [title, rules] of [
    ["Colours", [rule("r1", "Hide why", [{ type: "hide", fieldIds: ["why"] }])]],
    [
      "Scores",
      [
        rule("r2", "Set score", [{ type: "assign", fieldId: "score", value: 5 }]),
        { ...rule("r3", "Unpublish", [{ type: "unpublish" }]), enabled: false },
      ],
    ],
    ["No rules", []],
  ] as const) {
    const created = await admin.post<{ form: { id: number } }>("/api/forms", {
      title,
      fields,
      conditionalRules: rules,
    });
    expect(created.status).toBe(201);
    formIds.push(created.body.form.id);
  }
  // The outsider's own form and rule must never show up in the admin's list.
  await outsider.post("/api/forms", {
    title: "Outsider form",
    fields,
    conditionalRules: [rule("x1", "Outsider rule", [{ type: "hide", fieldIds: ["why"] }])],
  });
});
afterAll(() => server.close());

describe("GET /form-rules/all", () => {
  it("lists every rule of every form of the account, with its form", async () => {
    const response = await admin.get<Listed>("/api/form-rules/all");
    expect(response.status).toBe(200);
    expect(response.body.rules.map((r) => [r.formId, r.formTitle, r.rule.name])).toEqual([
      [formIds[0], "Colours", "Hide why"],
      [formIds[1], "Scores", "Set score"],
      [formIds[1], "Scores", "Unpublish"],
    ]);
    expect(response.body.rules[2]).toMatchObject({ rule: { enabled: false }, isPublished: true });
  });

  it("shows another account only its own rules", async () => {
    const response = await outsider.get<Listed>("/api/form-rules/all");
    expect(response.status).toBe(200);
    expect(response.body.rules.map((r) => r.rule.name)).toEqual(["Outsider rule"]);
    expect(response.text).not.toContain("Hide why");
  });

  it("refuses a member who may not see forms, and a caller without a token", async () => {
    expect((await member.get("/api/form-rules/all")).status).toBe(403);
    expect((await server.api.get("/api/form-rules/all")).status).toBe(401);
  });
});

describe("saving rules with If-Match", () => {
  const save = (formId: number, body: unknown, ifMatch?: string) =>
    admin.request<Form & { code?: string }>(
      "PATCH",
      `/api/forms/${formId}`,
      body,
      ifMatch ? { "if-match": ifMatch } : {},
    );

  it("saves when the form is as the editor read it, and refuses a stale save with 409", async () => {
    const formId = formIds[2]!;
    const read = await admin.get<Form>(`/api/forms/${formId}`);
    const first = await save(
      formId,
      { conditionalRules: [rule("n1", "First", [{ type: "hide", fieldIds: ["why"] }])] },
      read.body.form.lastChangeDate,
    );
    expect(first.status).toBe(200);
    const stale = await save(
      formId,
      { conditionalRules: [rule("n2", "Second", [{ type: "show", fieldIds: ["why"] }])] },
      read.body.form.lastChangeDate,
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "form.changed" });
    const now = await admin.get<Form>(`/api/forms/${formId}`);
    expect(now.body.form.conditionalRules.map((r) => r.name)).toEqual(["First"]);
    // With the date it now has, the save goes through.
    const fresh = await save(
      formId,
      { conditionalRules: [rule("n2", "Second", [{ type: "show", fieldIds: ["why"] }])] },
      now.body.form.lastChangeDate,
    );
    expect(fresh.status).toBe(200);
  });

  it("lets only one of two saves made from the same read through", async () => {
    const formId = formIds[2]!;
    const read = await admin.get<Form>(`/api/forms/${formId}`);
    const results = await Promise.all(
      ["Alpha", "Beta", "Gamma"].map((name, i) =>
        save(
          formId,
          { conditionalRules: [rule(`p${i}`, name, [{ type: "hide", fieldIds: ["why"] }])] },
          read.body.form.lastChangeDate,
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body.form.conditionalRules[0]!.name;
    const now = await admin.get<Form>(`/api/forms/${formId}`);
    expect(now.body.form.conditionalRules.map((r) => r.name)).toEqual([winner]);
  });

  it("refuses an If-Match that is not a date with a 400", async () => {
    const response = await save(formIds[2]!, { title: "No rules" }, "yesterday");
    expect(response.status).toBe(400);
  });

  it("refuses rules that change each other's values, or name unknown fields, with core's codes", async () => {
    const cycle = await save(formIds[2]!, {
      conditionalRules: [
        rule("c1", "Score sets why", [{ type: "assign", fieldId: "why", value: "x" }], "score"),
        rule("c2", "Why sets score", [{ type: "assign", fieldId: "score", value: 1 }], "why"),
      ],
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body).toMatchObject({ code: "form_rule.cycle" });
    const unknown = await save(formIds[2]!, {
      conditionalRules: [rule("u1", "Ghost", [{ type: "hide", fieldIds: ["ghost"] }])],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "form_rule.field.unknown" });
  });

  it("refuses a rule that sends to a webhook or notification this form does not have", async () => {
    const other = await admin.post<{ id: number }>(`/api/forms/${formIds[1]}/email-notifications`, {
      adminName: "Other form's mail",
      to: { formAuthor: true },
      subject: "New",
      message: "<p>[all_answers]</p>",
      event: "rules_action",
    });
    expect(other.status, other.text).toBe(200);
    const own = await admin.post<{ id: number }>(`/api/forms/${formIds[2]}/email-notifications`, {
      adminName: "Own mail",
      to: { formAuthor: true },
      subject: "New",
      message: "<p>[all_answers]</p>",
      event: "rules_action",
    });
    for (const action of [
      { type: "webhook", webhookId: "99999" },
      { type: "sendEmail", notificationId: String(other.body.id) },
    ]) {
      const refused = await save(formIds[2]!, { conditionalRules: [rule("d1", "Dead end", [action])] });
      expect(refused.status, JSON.stringify(action)).toBe(400);
      expect(refused.body).toMatchObject({ code: "form_rule.action.unknown" });
    }
    const kept = await save(formIds[2]!, {
      conditionalRules: [rule("d2", "Mail me", [{ type: "sendEmail", notificationId: String(own.body.id) }])],
    });
    expect(kept.status, kept.text).toBe(200);
    // Its notification deleted since, the rule it had does not stop the form's later saves.
    expect(
      (await admin.delete(`/api/forms/${formIds[2]}/email-notifications/${own.body.id}`)).status,
    ).toBeLessThan(300);
    const later = await save(formIds[2]!, { conditionalRules: kept.body.form.conditionalRules });
    expect(later.status, later.text).toBe(200);
  });

  it("refuses an unknown action or operator with a 400, not a 500", async () => {
    const response = await save(formIds[2]!, {
      conditionalRules: [rule("b1", "Bad", [{ type: "explode" }])],
    });
    expect(response.status).toBe(400);
    const operator = await save(formIds[2]!, {
      conditionalRules: [
        {
          ...rule("b2", "Bad op", [{ type: "hide", fieldIds: ["why"] }]),
          if: { kind: "group", combinator: "XOR", conditions: [] },
        },
      ],
    });
    expect(operator.status).toBe(400);
  });
});
