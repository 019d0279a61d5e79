import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

/** A form's rules are saved with the form (conditionalRules); their names are checked there. */
let server: TestServer;
let admin: ApiClient;
let formId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin } = await signUpWithAccount(server.api, "rules"));
  formId = (
    await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Rules",
      fields: [
        { id: "age", fieldType: "number", question: "Age" },
        { id: "why", fieldType: "text", question: "Why?" },
      ],
    })
  ).body.form.id;
});
afterAll(() => server.close());

const rule = (name: string | undefined) => ({
  id: "r1",
  name,
  if: {
    kind: "group",
    combinator: "AND",
    conditions: [{ kind: "field", fieldId: "age", operator: "notEmpty" }],
  },
  // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
  then: [{ type: "show", fieldIds: ["why"] }],
});

describe("a rule's name", () => {
  for (const [what, name, code, message] of [
    ["empty", "", "form_rule.name.empty", "Please input rule name"],
    ["blank", "   ", "form_rule.name.empty", "Please input rule name"],
    ["one symbol", "x", "form_rule.name.too_short", "The rule name must have at least 2 symbols"],
    ["missing", undefined, "form_rule.name.empty", "Please input rule name"],
  ] as const) {
    it(`is refused when ${what}, with the spec's message, and nothing is saved`, async () => {
      const response = await admin.patch(`/api/forms/${formId}`, { conditionalRules: [rule(name)] });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code, message });
      const saved = await admin.get<{ form: { conditionalRules: unknown[] } }>(`/api/forms/${formId}`);
      expect(saved.body.form.conditionalRules).toEqual([]);
    });
  }

  it("of two symbols or more is saved", async () => {
    const response = await admin.patch(`/api/forms/${formId}`, { conditionalRules: [rule("Ask why")] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ form: { conditionalRules: [{ name: "Ask why" }] } });
  });
});
