import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  documentedRoutes,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

/**
 * Walks every route of the OpenAPI document as six callers who must not reach account A's
 * data, and checks the status and that no response body carries any of A's secrets.
 */

let server: TestServer;
let admin: ApiClient;
const ids: Record<string, number | string> = {};
const personas: Record<string, ApiClient> = {};

const VISIBLE = "visible-answer-7f3a";
const SECRETS = [
  "hidden-answer-9c1e@example.com",
  "Secret group 5d2b",
  "invited-4b8e@example.com",
  "Secret app 2e7c",
  "admin-note-6a1f",
  "Secret key name 8d3f",
  "sk-secret-value-1c9a",
];

/** Routes anyone may call; they are checked elsewhere. The test fails when a new route is neither here nor checked. */
const PUBLIC = new Set([
  "get /api/health",
  "get /api/ready",
  "post /api/register",
  "post /api/login",
  "post /api/refresh",
  "post /api/logout",
  "post /api/reset-password/request",
  "post /api/reset-password/confirm",
  "post /api/forms/answer",
  "get /api/forms/path/{alias}/{subdomain}",
  "get /api/invitations/{code}",
  "get /api/user/{id}/avatar/{name}",
  "post /api/email-confirm",
  "get /api/legal-links",
  "get /api/forms/captcha/challenge",
  "post /api/forms/upload_file",
]);

/** A valid body for every route that takes one, so the check is about rights, not input. */
const BODIES: Record<string, unknown> = {
  "post /api/account/create": {
    name: "Another team",
    subdomain: "another-team",
    type: "company",
    acceptDpa: true,
  },
  "post /api/forms": { title: "Planted form", fields: [] },
  "patch /api/forms/{id}": { title: "Hijacked" },
  "patch /api/forms/{id}/answer/status/read": { answerIds: ["answerId"] },
  "patch /api/forms/{id}/answer/status/unread": { answerIds: ["answerId"] },
  "delete /api/forms/{id}/answer": { answerIds: ["answerId"] },
  "patch /api/user/{id}/settings": { locale: "it" },
  "post /api/user/{id}/edit": { city: "Hijacked" },
  "post /api/account/group/create": { groupName: "Planted group" },
  "post /api/account/group/{id}/edit": { name: "Hijacked group" },
  "post /api/account/group/{id}/users/add": { userIds: ["memberId"] },
  "post /api/account/group/{id}/users/remove": { userIds: ["memberId"] },
  "post /api/account/group/{id}/permissions/set": { permissions: ["forms.delete"] },
  "put /api/forms/{id}/permissions/group/{groupId}": { level: "all" },
  "post /api/account/invitations/send": { emails: "planted@example.com" },
  "post /api/invitations/accept": { code: "not-a-real-invitation-code" },
  "post /api/external-apps": { name: "Planted app", allowedIps: ["127.0.0.1"] },
  "post /api/external-apps/{id}/edit": { name: "Hijacked app", allowedIps: ["0.0.0.0/0"] },
  "patch /api/account/edit": { name: "Hijacked account" },
  "post /api/account/api-keys": { name: "Planted key", service: "Maps", key: "planted-key-123" },
  "post /api/account/api-keys/{id}/edit": { name: "Hijacked key", service: "Maps" },
  "post /api/update-password": {
    currentPassword: "not-their-password-1",
    password: "planted123",
    passwordConfirmation: "planted123",
  },
};

/** What a path parameter means in each route family, filled with A's real ids. */
function fill(path: string): string {
  const idFor = path.startsWith("/api/forms/")
    ? ids.form
    : path.startsWith("/api/account/group/")
      ? ids.secretGroup
      : path.startsWith("/api/user/") || path.startsWith("/api/account/users/")
        ? ids.adminId
        : path.startsWith("/api/external-apps/")
          ? ids.app
          : path.startsWith("/api/account/invitations/")
            ? ids.invitation
            : path.startsWith("/api/account/api-keys/")
              ? ids.apiKey
              : ids.account;
  return path
    .replace("{id}", String(idFor))
    .replace("{answerId}", String(ids.answer))
    .replace("{groupId}", String(ids.readersGroup))
    .replace("{fileId}", String(ids.file))
    .replace("{page}", "1")
    .replace("{size}", "10");
}

function bodyFor(key: string): unknown {
  const body = JSON.parse(JSON.stringify(BODIES[key] ?? null)) as Record<string, unknown> | null;
  if (!body) return undefined;
  if (Array.isArray(body.answerIds)) body.answerIds = [ids.answer];
  if (Array.isArray(body.userIds)) body.userIds = [ids.memberId];
  return body;
}

/**
 * Routes a persona may call successfully, because they act on the caller's own things or
 * on what the persona was granted; their answers must still carry no secret.
 */
const MAY_SUCCEED: Record<string, Set<string>> = {
  "another account's admin": new Set([
    "get /api/user",
    "post /api/user/upload_file",
    "post /api/email-confirm/resend",
    "post /api/forms",
    "get /api/forms/account",
    "get /api/forms/account/answer/count-new",
    "get /api/account/users",
    "post /api/account/group/create",
    "get /api/account/group/list",
    "post /api/account/invitations/send",
    "get /api/account/invitations",
    "get /api/account/outbox",
    "post /api/external-apps",
    "get /api/external-apps",
    "patch /api/account/edit",
    "get /api/account/resources",
    "post /api/account/api-keys",
    "get /api/account/api-keys",
  ]),
  "member without the permission": new Set([
    "get /api/user",
    "post /api/user/upload_file",
    "post /api/email-confirm/resend",
    "get /api/account/{id}",
  ]),
  'member with "selected fields"': new Set([
    "get /api/user",
    "post /api/user/upload_file",
    "post /api/email-confirm/resend",
    "get /api/account/{id}",
    "get /api/forms/account",
    "get /api/forms/{id}",
    "get /api/forms/{id}/summary",
    "get /api/forms/{id}/answer/paginated/{page}/{size}",
    "get /api/forms/{id}/answer/{answerId}",
    "get /api/forms/account/answer/count-new",
  ]),
};
/** Refusals that are not about rights: the caller already has an account, or the code is not real. */
const OWN_REFUSALS: Record<string, number> = {
  "post /api/account/create": 409,
  "post /api/invitations/accept": 400,
  // Each persona may change only their own password, and only knowing it.
  "post /api/update-password": 400,
};

beforeAll(async () => {
  server = await startTestServer();
  let accountId: number;
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "matrix"));
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
  const upload = new FormData();
  upload.append("formId", String(ids.form));
  upload.append("fieldId", "doc");
  upload.append("file", new Blob([`notes ${SECRETS[0]}`], { type: "text/plain" }), "notes.txt");
  const uploaded = (await (
    await fetch(`${server.url}/api/forms/upload_file`, { method: "POST", body: upload })
  ).json()) as { id: string };
  ids.file = uploaded.id;
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
        const response = await client.request(route.method, fill(route.path), bodyFor(route.key));
        const label = `${persona}: ${route.method} ${fill(route.path)} → ${response.status} ${response.text.slice(0, 120)}`;
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
        if (persona !== 'member with "selected fields"') expect(response.text, label).not.toContain(VISIBLE);
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
    expect((await admin.get<{ name: string }>(`/api/account/${ids.account}`)).body.name).toBe("matrix team");
    expect((await admin.get<{ city: string }>(`/api/user/${ids.adminId}`)).body.city).toBe("");
    expect((await admin.get<{ forms: unknown[] }>("/api/forms/account")).body.forms).toHaveLength(1);
    expect((await admin.get(`/api/account/api-keys/${ids.apiKey}`)).body).toMatchObject({ name: SECRETS[5] });
  });
});
