import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import { plansForm } from "./plans-form.ts";

let server: TestServer;
let api: ApiClient;
let subdomain: string;
let formId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ api, subdomain } = await signUpWithAccount(server.api, "endings"));
  const created = await api.post<{ form: { id: number } }>("/api/forms", plansForm("Secret pro text"));
  expect(created.status).toBe(201);
  formId = created.body.form.id;
});
afterAll(() => server.close());

type Accepted = { ending: { id: string; title: string; text: string; picture: string } | null };
const send = (plan: string) =>
  server.api.post<Accepted>("/api/forms/answer", { formId, answers: [{ fieldId: "plan", answer: plan }] });

describe("ending screens chosen by a rule", () => {
  it("are sent with the submission whose rule held, and not otherwise", async () => {
    const pro = await send("pro");
    expect(pro.status).toBe(201);
    expect(pro.body.ending).toEqual({
      id: "end-pro",
      title: "Welcome aboard, pro",
      text: "Secret pro text",
      picture: "",
    });
    const free = await send("free");
    expect(free.status).toBe(201);
    expect(free.body.ending).toBeNull();
  });

  it("are never sent with the public form, only the one a respondent reached", async () => {
    const page = await server.api.get(`/api/forms/path/plans/${subdomain}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Secret pro text");
    expect((page.body as { form: { endingScreens: unknown[] } }).form.endingScreens).toEqual([]);
  });

  it("refuse a picture that is neither https nor one of this server's files", async () => {
    const bad = await api.patch(`/api/forms/${formId}`, {
      endingScreens: [{ id: "x", when: { kind: "rule", ruleId: "r-pro" }, picture: "javascript:alert(1)" }],
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("style.url.forbidden");
  });
});
