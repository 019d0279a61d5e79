import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, addMember, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

/** The no-JavaScript step renders the public page with the web app's server entry (`npm run build`). */
const RENDERER = path.resolve(import.meta.dirname, "../../web/dist-ssr/entry-server.js");

let server: TestServer;
let admin: ApiClient;
let outsider: ApiClient;
let accountId: number;
let subdomain: string;
const formIds: number[] = [];
let foreignFormId: number;

interface Chain {
  id: number;
  name: string;
  description: string;
  items: Array<{ formId: number; name: string; formTitle: string; formAlias: string }>;
}

const form = (title: string, alias: string) => ({
  title,
  formPathAlias: alias,
  fields: [{ id: "name", fieldType: "text", question: `${title}: your name`, isRequired: true }],
});

beforeAll(async () => {
  if (!existsSync(RENDERER)) throw new Error("Build the web app first: npm run build");
  server = await startTestServer();
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "chains"));
  for (const [title, alias] of [
    ["Intake", "chain-intake"],
    ["Follow-up", "chain-follow"],
    ["Wrap-up", "chain-wrap"],
  ] as const) {
    const made = await admin.post<{ form: { id: number; account: { subdomain: string } } }>(
      "/api/forms",
      form(title, alias),
    );
    expect(made.status, made.text).toBe(201);
    formIds.push(made.body.form.id);
    subdomain = made.body.form.account.subdomain;
  }
  ({ api: outsider } = await signUpWithAccount(server.api, "otherchains"));
  foreignFormId = (
    await outsider.post<{ form: { id: number } }>("/api/forms", form("Secret outsider form", "outsider-x"))
  ).body.form.id;
});
afterAll(() => server?.close());

const items = (...ids: number[]) => ids.map((formId, i) => ({ formId, name: `Step ${i + 1}` }));

async function makeChain(name: string, ...ids: number[]): Promise<Chain> {
  const made = await admin.post<Chain>("/api/form-chains", { name, description: "", items: items(...ids) });
  expect(made.status, made.text).toBe(200);
  return made.body;
}

describe("form chains", () => {
  it("are created, listed, read, edited and deleted, items in the order sent", async () => {
    const made = await admin.post<Chain>("/api/form-chains", {
      name: "  Onboarding ",
      description: "New customers",
      items: items(formIds[1]!, formIds[0]!),
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({
      name: "Onboarding",
      description: "New customers",
      items: [
        { formId: formIds[1], name: "Step 1", formTitle: "Follow-up", formAlias: "chain-follow" },
        { formId: formIds[0], name: "Step 2", formTitle: "Intake" },
      ],
    });
    const listed = await admin.get<{ chains: Chain[] }>("/api/form-chains/all");
    expect(listed.body.chains.map((c) => c.name)).toContain("Onboarding");
    const edited = await admin.request<Chain>("PUT", `/api/form-chains/${made.body.id}`, {
      name: "Onboarding 2",
      items: items(formIds[0]!),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.items.map((i) => i.formId)).toEqual([formIds[0]]);
    expect((await admin.get<Chain>(`/api/form-chains/${made.body.id}`)).body.name).toBe("Onboarding 2");
    expect((await admin.delete(`/api/form-chains/${made.body.id}`)).status).toBe(200);
    const gone = await admin.get(`/api/form-chains/${made.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: "formChain.not_found", message: "Form chain not found" });
    for (const call of [
      admin.delete(`/api/form-chains/${made.body.id}`),
      admin.request("PUT", `/api/form-chains/${made.body.id}`, { name: "x", items: [] }),
      admin.get(`/api/form-chains/${made.body.id}/runs`),
    ])
      expect((await call).body).toMatchObject({ code: "formChain.not_found" });
  });

  it("need a name and a form and a name on every item, each refusal with its message", async () => {
    const noName = await admin.post("/api/form-chains", { name: "   ", items: items(formIds[0]!) });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({
      code: "form_chain.name.empty",
      message: "Chain name field is empty",
    });
    for (const item of [{ formId: null, name: "A" }, { name: "A" }, { formId: formIds[0], name: "  " }, {}]) {
      const refused = await admin.post("/api/form-chains", { name: "Half filled", items: [item] });
      expect(refused.status, JSON.stringify(item)).toBe(400);
      expect(refused.body).toMatchObject({
        code: "some.field.is_empty",
        message: "Fill all Form and Name fields or remove chain items!",
      });
    }
    const broken = await admin.request("POST", "/api/form-chains", "{not json");
    expect(broken.status).toBe(400);
  });

  it("keep names unique in the account, also when the same name is sent at once", async () => {
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin.post("/api/form-chains", { name: i % 2 ? "Burst chain" : "burst CHAIN", items: [] }),
      ),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of burst.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: "name.is_used",
        message: "Form chain with this name already exists",
      });
    }
    const other = await makeChain("Other name");
    const renamed = await admin.request("PUT", `/api/form-chains/${other.id}`, {
      name: "BURST chain",
      items: [],
    });
    expect(renamed.body).toMatchObject({
      code: "name.is_used",
      message: "Form chain with this name already exists",
    });
    // Another account may use the same name.
    expect((await outsider.post("/api/form-chains", { name: "Burst chain", items: [] })).status).toBe(200);
  });

  it("take only the account's own forms, refusing another account's form as unknown", async () => {
    const refused = await admin.post("/api/form-chains", {
      name: "Borrowed",
      items: items(formIds[0]!, foreignFormId),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "form.not_found",
      validationErrors: [{ field: "items.1.formId", code: "form.not_found" }],
    });
    expect(refused.text).not.toContain("Secret outsider form");
    const unknown = await admin.post("/api/form-chains", { name: "Borrowed", items: items(2_000_000_000) });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "form.not_found" });
  });

  it("are another account's to see, change or delete never", async () => {
    const mine = await makeChain("Private chain", formIds[0]!);
    const theirs = await outsider.get<{ chains: Chain[] }>("/api/form-chains/all");
    expect(theirs.text).not.toContain("Private chain");
    for (const call of [
      outsider.get(`/api/form-chains/${mine.id}`),
      outsider.get(`/api/form-chains/${mine.id}/runs`),
      outsider.request("PUT", `/api/form-chains/${mine.id}`, { name: "Taken", items: [] }),
      outsider.delete(`/api/form-chains/${mine.id}`),
    ]) {
      const response = await call;
      expect(response.status).toBe(404);
      expect(response.text).not.toContain("Private chain");
    }
    expect((await admin.get<Chain>(`/api/form-chains/${mine.id}`)).body.name).toBe("Private chain");
    const member = await addMember(server, accountId, "chainer");
    expect((await member.api.get("/api/form-chains/all")).status).toBe(403);
    expect((await member.api.post("/api/form-chains", { name: "By member", items: [] })).status).toBe(403);
    await admin.delete(`/api/form-chains/${mine.id}`);
  });

  it("keep their forms: a form in a chain is not deleted until the chain lets it go", async () => {
    const made = await admin.post<{ form: { id: number } }>("/api/forms", form("Kept", "chain-kept"));
    const chain = await makeChain("Keeper", made.body.form.id);
    const refused = await admin.delete(`/api/forms/${made.body.form.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "form.has.chain_elements",
      message: "You can not delete a form if it used in form chain items!",
    });
    await admin.delete(`/api/form-chains/${chain.id}`);
    expect((await admin.delete(`/api/forms/${made.body.form.id}`)).status).toBe(204);
  });
});

describe("a respondent going through a chain", () => {
  interface Runs {
    runs: Array<{ run: string; submissions: Array<{ formId: number; answerId: number; position: number }> }>;
  }

  it("goes on from each form to the next with its place shown, and the run's answers are read together", async () => {
    const chain = await makeChain("Journey", formIds[0]!, formIds[1]!, formIds[2]!);
    // Opened without a token, the chain's first form already says where it stands.
    const opening = await (await fetch(`${server.url}/f/chain-intake?a=${subdomain}`)).text();
    expect(opening).toContain("Form 1 of 3");
    const first = await server.api.post<{ id: number; chainNext: string | null }>("/api/forms/answer", {
      formId: formIds[0],
      answers: [{ fieldId: "name", answer: "Ada" }],
      miscData: { pathArgs: { utm_source: "mail" } },
    });
    expect(first.status, first.text).toBe(201);
    const next = first.body.chainNext!;
    expect(next).toMatch(new RegExp(`^/f/chain-follow\\?a=${subdomain}&chain=`));

    // The next form's page says where the respondent is, drawn on the server.
    const page = await fetch(`${server.url}${next}`);
    const html = await page.text();
    expect(html).toContain("Form 2 of 3");
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="2"/);

    // The second form sent without JavaScript: the post goes on to the third form.
    const token = new URL(next, server.url).searchParams.get("chain")!;
    const posted = await fetch(`${server.url}${next}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([
        ["fl-submission-key", "chain-nojs-1"],
        ["name", "Ada"],
      ]).toString(),
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    const third = posted.headers.get("location")!;
    expect(third).toMatch(/^\/f\/chain-wrap\?/);
    expect(await (await fetch(`${server.url}${third}`)).text()).toContain("Form 3 of 3");

    const last = await server.api.post<{ id: number; chainNext: string | null }>("/api/forms/answer", {
      formId: formIds[2],
      answers: [{ fieldId: "name", answer: "Ada" }],
      miscData: { pathArgs: { chain: new URL(third, server.url).searchParams.get("chain") } },
    });
    expect(last.body.chainNext).toBeNull();

    const runs = await admin.get<Runs>(`/api/form-chains/${chain.id}/runs`);
    expect(runs.status, runs.text).toBe(200);
    expect(runs.body.runs).toHaveLength(1);
    expect(runs.body.runs[0]!.submissions.map((s) => [s.position, s.formId])).toEqual([
      [0, formIds[0]],
      [1, formIds[1]],
      [2, formIds[2]],
    ]);
    expect(runs.body.runs[0]!.submissions[2]!.answerId).toBe(last.body.id);
    // The token is the chain's business, not a path arg kept with the answer.
    const extra = await admin.get<{ pathArgs: Record<string, string> }>(
      `/api/forms/${formIds[1]}/answer/${runs.body.runs[0]!.submissions[1]!.answerId}/additional`,
    );
    expect(extra.body.pathArgs ?? {}).not.toHaveProperty("chain");
    expect(token.length).toBeGreaterThan(20);

    // A forged or another run's token never joins a run: the form starts a run of its own.
    const forged = await server.api.post<{ chainNext: string | null }>("/api/forms/answer", {
      formId: formIds[1],
      answers: [{ fieldId: "name", answer: "Bob" }],
      miscData: { pathArgs: { chain: `${token.slice(0, -4)}AAAA` } },
    });
    expect(forged.status).toBe(201);
    const after = await admin.get<Runs>(`/api/form-chains/${chain.id}/runs`);
    expect(after.body.runs).toHaveLength(2);
    expect(after.body.runs.find((r) => r.run === runs.body.runs[0]!.run)!.submissions).toHaveLength(3);
    await admin.delete(`/api/form-chains/${chain.id}`);
  });

  it("ends on the form's own thank-you page when the next form is unpublished or closed, not on a closed form", async () => {
    const made = await admin.post<{ form: { id: number } }>("/api/forms", form("Paused", "chain-paused"));
    expect(made.status, made.text).toBe(201);
    const paused = made.body.form.id;
    const chain = await makeChain("Paused journey", formIds[0]!, paused);
    const sendFirst = () =>
      server.api.post<{ chainNext: string | null }>("/api/forms/answer", {
        formId: formIds[0],
        answers: [{ fieldId: "name", answer: "Ada" }],
      });
    expect((await sendFirst()).body.chainNext).toMatch(/^\/f\/chain-paused\?/);
    for (const change of [
      { isPublished: false },
      { isPublished: true, closeAt: "2020-01-01T00:00:00.000Z" },
    ]) {
      expect((await admin.patch(`/api/forms/${paused}`, change)).status).toBe(200);
      const sent = await sendFirst();
      expect(sent.status, sent.text).toBe(201);
      expect(sent.body.chainNext, JSON.stringify(change)).toBeNull();
    }
    await admin.delete(`/api/form-chains/${chain.id}`);
  });
});
