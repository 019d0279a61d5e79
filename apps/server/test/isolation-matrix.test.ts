import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  confirmEmailByLink,
  documentedRoutes,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import {
  BODIES,
  bodyFor,
  fill,
  type Ids,
  MAY_SUCCEED,
  OWN_REFUSALS,
  PUBLIC,
  RULE_NAME,
  SECRETS,
  VISIBLE,
} from "./isolation-routes.ts";

/**
 * Walks every route of the OpenAPI document as six callers who must not reach account A's
 * data, and checks the status and that no response body carries any of A's secrets.
 */

let server: TestServer;
let admin: ApiClient;
const ids: Ids = {};
const personas: Record<string, ApiClient> = {};

beforeAll(async () => {
  server = await startTestServer();
  let accountId: number;
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "matrix"));
  // Its notification mails respondents' addresses, which takes a confirmed author.
  await confirmEmailByLink(server, admin);
  ids.account = accountId;
  const me = await admin.get<{ id: number }>("/api/user");
  ids.adminId = me.body.id;
  await admin.post(`/api/user/${me.body.id}/edit`, { about: "admin-note-6a1f" });
  const form = await admin.post<{ form: { id: number } }>("/api/forms", {
    title: "Matrix survey",
    fields: [
      { id: "name", fieldType: "text", question: "Name" },
      { id: "mail", fieldType: "email", question: "E-mail" },
      { id: "doc", fieldType: "file", question: "A document" },
    ],
  });
  ids.form = form.body.form.id;
  await admin.patch(`/api/forms/${ids.form}`, {
    conditionalRules: [
      {
        id: "matrix-rule",
        name: RULE_NAME,
        if: {
          kind: "group",
          combinator: "AND",
          // The answer below gives a name, so the rule never hides the e-mail it carries.
          conditions: [{ kind: "field", fieldId: "name", operator: "empty" }],
        },
        // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
        then: [{ type: "hide", fieldIds: ["mail"] }],
      },
    ],
  });
  const upload = new FormData();
  upload.append("formId", String(ids.form));
  upload.append("fieldId", "doc");
  upload.append("key", "isolation-filling");
  upload.append("file", new Blob([`notes ${SECRETS[0]}`], { type: "text/plain" }), "notes.txt");
  const uploaded = (await (
    await fetch(`${server.url}/api/forms/upload_file`, { method: "POST", body: upload })
  ).json()) as { id: string };
  ids.file = uploaded.id;
  ids.embedding = (
    await admin.post<{ id: number }>(`/api/forms/${ids.form}/embeddings`, {
      name: "Matrix embed",
      type: "iframe",
    })
  ).body.id;
  ids.answer = (
    await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: ids.form,
      answers: [
        { fieldId: "name", answer: VISIBLE },
        { fieldId: "mail", answer: SECRETS[0] },
        { fieldId: "doc", answer: [uploaded] },
      ],
    })
  ).body.id;

  // A's support ticket: its members read it, nobody outside the account does.
  ids.ticket = (
    await admin.post<{ id: number }>("/api/support/tickets", {
      title: "Matrix ticket",
      topic: "general",
      text: "Matrix question",
    })
  ).body.id;

  const plain = await addMember(server, accountId, "plain");
  const reader = await addMember(server, accountId, "reader");
  ids.memberId = plain.id;
  ids.secretGroup = await groupWith(admin, SECRETS[1]!, [], ["forms.delete"]);
  ids.readersGroup = await groupWith(admin, "Readers", [reader.id], ["forms.view", "results.view"]);
  await admin.request("PUT", `/api/forms/${ids.form}/permissions/group/${ids.readersGroup}`, {
    level: "fields",
    fieldIds: ["name"],
  });
  ids.invitation = (
    await admin.post<{ invitations: Array<{ id: number }> }>("/api/account/invitations/send", {
      emails: SECRETS[2],
    })
  ).body.invitations[0]!.id;

  ids.apiKey = (
    await admin.post<{ id: number }>("/api/account/api-keys", {
      name: SECRETS[5],
      service: "Maps",
      key: SECRETS[6],
    })
  ).body.id;
  ids.ownTheme = (
    await admin.post<{ id: number }>(`/api/form-themes/account/${me.body.id}`, {
      name: SECRETS[7],
      styling: { formStyling: { background: "#102030" } },
    })
  ).body.id;
  ids.commonTheme = (
    await admin.post<{ id: number }>("/api/form-themes/common", { name: "Matrix common", styling: {} })
  ).body.id;
  // Made after the submission, so no delivery is tried; the delivery log's id is made up.
  ids.webhook = (
    await admin.post<{ id: number }>(`/api/forms/${ids.form}/webhooks`, {
      title: SECRETS[8],
      endpoint: "https://93.184.216.34/in",
      authorization: { type: "bearer", token: SECRETS[9] },
    })
  ).body.id;
  ids.delivery = 1;
  ids.notification = (
    await admin.post<{ id: number }>(`/api/forms/${ids.form}/email-notifications`, {
      adminName: "Matrix notification",
      to: { formAuthor: true, emailFieldIds: ["mail"] },
      subject: SECRETS[11],
      message: "<p>[answer:mail]</p>",
    })
  ).body.id;
  ids.savedElement = (
    await admin.post<{ id: number }>("/api/forms/elements-categories/account", {
      category: "Matrix questions",
      element: { id: "saved", fieldType: "text", question: SECRETS[10] },
    })
  ).body.id;
  ids.chain = (
    await admin.post<{ id: number }>("/api/form-chains", {
      name: SECRETS[12],
      items: [{ formId: ids.form, name: "Matrix chain step" }],
    })
  ).body.id;
  const app = await admin.post<{ app: { id: number } }>("/api/external-apps", {
    name: SECRETS[3],
    allowedIps: ["192.0.2.44"],
  });
  ids.app = app.body.app.id;
  const disallowed = (app.body as unknown as { token: string }).token;

  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(me.body.id))
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(server.settings.jwtSecret));

  personas["another account's admin"] = (await signUpWithAccount(server.api, "outsider")).api;
  personas["member without the permission"] = plain.api;
  personas['member with "selected fields"'] = reader.api;
  personas["an expired token"] = server.api.as(expired);
  personas["a token from a disallowed IP"] = server.api.as(disallowed);
  personas["no token"] = server.api;
});
afterAll(() => server.close());

describe("the isolation matrix over every documented route", () => {
  it("has a valid body for every route that takes one", async () => {
    const missing = (await documentedRoutes(server.api))
      .filter((route) => route.hasBody && !PUBLIC.has(route.key) && !(route.key in BODIES))
      .map((route) => route.key);
    expect(missing).toEqual([]);
  });

  for (const persona of [
    "another account's admin",
    "member without the permission",
    'member with "selected fields"',
    "an expired token",
    "a token from a disallowed IP",
    "no token",
  ]) {
    it(`refuses ${persona} and shows them nothing of account A`, async () => {
      const client = personas[persona]!;
      const routes = (await documentedRoutes(server.api)).filter((route) => !PUBLIC.has(route.key));
      expect(routes.length).toBeGreaterThan(40);
      const allowed = MAY_SUCCEED[persona] ?? new Set<string>();
      const anonymous = !MAY_SUCCEED[persona];
      for (const route of routes) {
        const response = await client.request(route.method, fill(route.path, ids), bodyFor(route.key, ids));
        const label = `${persona}: ${route.method} ${fill(route.path, ids)} → ${response.status} ${response.text.slice(0, 120)}`;
        if (anonymous) {
          expect(response.status, label).toBe(401);
        } else if (allowed.has(route.key)) {
          expect(response.status, label).toBeLessThan(500);
        } else if (route.key in OWN_REFUSALS) {
          expect(response.status, label).toBe(OWN_REFUSALS[route.key]);
        } else {
          expect([403, 404], label).toContain(response.status);
        }
        for (const secret of SECRETS) expect(response.text, label).not.toContain(secret);
        if (persona !== 'member with "selected fields"') {
          expect(response.text, label).not.toContain(VISIBLE);
          expect(response.text, label).not.toContain(RULE_NAME);
        }
      }
    });
  }

  it("asks who is calling before it reads the input, on every route but the public ones, which refuse it cleanly", async () => {
    for (const route of await documentedRoutes(server.api)) {
      // A body no route accepts, and for routes with ids, ids of the wrong type.
      const path = route.path.replace(/\{[^}]+\}/g, "not-an-id");
      const response = await server.api.request(
        route.method,
        path,
        route.hasBody ? { unexpected: [1, 2, 3] } : undefined,
      );
      const label = `${route.method} ${path} → ${response.status} ${response.text.slice(0, 120)}`;
      if (PUBLIC.has(route.key)) {
        expect(response.status, label).not.toBe(401);
        expect(response.status, label).toBeLessThan(500);
      } else {
        expect(response.status, label).toBe(401);
      }
    }
  });

  it("left account A as it was", async () => {
    const form = await admin.get<{ form: { title: string } }>(`/api/forms/${ids.form}`);
    expect(form.body.form.title).toBe("Matrix survey");
    const answer = await admin.get(`/api/forms/${ids.form}/answer/${ids.answer}`);
    expect(answer.text).toContain(SECRETS[0]);
    expect(answer.body.isViewed).toBe(false);
    const group = await admin.get<{ name: string; users: unknown[] }>(
      `/api/account/group/${ids.secretGroup}`,
    );
    expect(group.body).toMatchObject({ name: SECRETS[1], users: [] });
    expect((await admin.get(`/api/account/group/${ids.secretGroup}/permissions/status`)).body).toEqual({
      permissions: ["forms.delete"],
    });
    expect((await admin.get(`/api/external-apps/${ids.app}`)).body).toMatchObject({ name: SECRETS[3] });
    expect((await admin.get(`/api/forms/${ids.form}/embeddings`)).body).toMatchObject({
      embeddings: [{ id: ids.embedding, name: "Matrix embed", type: "iframe" }],
    });
    expect((await admin.get<{ name: string }>(`/api/account/${ids.account}`)).body.name).toBe("matrix team");
    expect((await admin.get<{ city: string }>(`/api/user/${ids.adminId}`)).body.city).toBe("");
    expect((await admin.get<{ forms: unknown[] }>("/api/forms/account")).body.forms).toHaveLength(1);
    expect((await admin.get(`/api/account/api-keys/${ids.apiKey}`)).body).toMatchObject({ name: SECRETS[5] });
    expect((await admin.get(`/api/form-themes/account/${ids.adminId}`)).body).toMatchObject({
      themes: [{ id: ids.ownTheme, name: SECRETS[7] }],
    });
    expect((await admin.get("/api/form-themes/common")).body).toMatchObject({
      themes: [{ id: ids.commonTheme, name: "Matrix common" }],
    });
    expect((await admin.get(`/api/forms/${ids.form}/webhooks`)).body).toMatchObject({
      webhooks: [{ id: ids.webhook, title: SECRETS[8], enabled: true }],
    });
    expect((await admin.get(`/api/forms/${ids.form}/email-notifications`)).body).toMatchObject({
      notifications: [{ id: ids.notification, subject: SECRETS[11], enabled: true }],
    });
  });
});
