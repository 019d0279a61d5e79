import type { TTokens } from "@formloom/core/api/auth";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../src/db/schema.ts";
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
let adminId: number;
let accountId: number;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: "https://forms.example.org" });
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "owner"));
  adminId = (await admin.get<{ id: number }>("/api/user")).body.id;
});
afterAll(() => server.close());

interface Created {
  app: { id: number; expiresAt: string; status: string; allowedIps: string[]; name: string };
  token: string;
}

const narrow = { name: "Nightly report", description: "", allowedIps: ["127.0.0.1"] };

async function tokenOf(client: ApiClient): Promise<{ id: number; app: ApiClient }> {
  const created = await client.post<Created>("/api/external-apps", narrow);
  expect(created.status).toBe(201);
  return { id: created.body.app.id, app: server.api.as(created.body.token) };
}

describe("an external app's token is not a password", () => {
  it("cannot change e-mail, password, tokens, API keys or membership", async () => {
    const { app } = await tokenOf(admin);
    const member = await addMember(server, accountId, "victim");
    const group = await groupWith(admin, "Token group", [], []);
    const invitation = await admin.post<{ invitations: Array<{ id: number }> }>(
      "/api/account/invitations/send",
      { emails: "someone-new@example.com" },
    );
    const key = await admin.post<{ id: number }>("/api/account/api-keys", {
      name: "Maps key",
      service: "Maps",
      key: "maps-key-123",
    });
    const attempts: Array<[string, string, unknown]> = [
      ["POST", `/api/user/${adminId}/edit`, { email: "attacker@example.org" }],
      ["POST", `/api/user/${adminId}/edit`, { city: "Elsewhere" }],
      [
        "POST",
        "/api/update-password",
        { currentPassword: "secret123", password: "taken0ver1", passwordConfirmation: "taken0ver1" },
      ],
      ["POST", "/api/external-apps", { ...narrow, allowedIps: ["0.0.0.0/0"] }],
      ["GET", "/api/external-apps", undefined],
      ["POST", "/api/account/api-keys", { name: "Planted", service: "Maps", key: "planted-123" }],
      ["POST", `/api/account/api-keys/${key.body.id}/edit`, { name: "Hijacked", service: "Maps" }],
      ["POST", `/api/account/api-keys/${key.body.id}/delete`, undefined],
      ["POST", "/api/account/invitations/send", { emails: "accomplice@example.org" }],
      ["POST", `/api/account/invitations/${invitation.body.invitations[0]!.id}/revoke`, undefined],
      ["POST", `/api/account/group/${group}/users/add`, { userIds: [member.id] }],
      ["POST", `/api/account/group/${group}/users/remove`, { userIds: [member.id] }],
      ["POST", `/api/account/users/${member.id}/remove`, undefined],
      ["POST", "/api/invitations/accept", { code: "some-invitation-code" }],
      ["POST", "/api/account/create", { name: "Side team", subdomain: "side-team", acceptDpa: true }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await app.request(method, path, body ?? (method === "POST" ? {} : undefined));
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.code, `${method} ${path}`).toBe("auth.session_required");
    }
    // Nothing changed, and the token still does what it is for.
    const me = await admin.get<{ email: string; city: string }>(`/api/user/${adminId}`);
    expect(me.body.email).not.toBe("attacker@example.org");
    expect(me.body.city).toBe("");
    expect((await admin.get<{ users: unknown[] }>(`/api/account/group/${group}`)).body.users).toEqual([]);
    expect((await app.get("/api/forms/account")).status).toBe(200);
  });

  it("asks for the current password to change an e-mail, and leaves the new address unconfirmed", async () => {
    const { api: person } = await signUpWithAccount(server.api, "mover");
    const me = (await person.get<{ id: number; email: string }>("/api/user")).body;
    const edit = (body: Record<string, unknown>) => person.post(`/api/user/${me.id}/edit`, body);

    const missing = await edit({ email: "moved@example.org" });
    expect(missing.status).toBe(400);
    expect(missing.body.validationErrors).toEqual([
      expect.objectContaining({ field: "currentPassword", code: "auth.current_password.required" }),
    ]);
    const wrong = await edit({ email: "moved@example.org", currentPassword: "not-my-pass1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors).toEqual([
      expect.objectContaining({ field: "currentPassword", code: "auth.current_password.wrong" }),
    ]);
    expect((await person.get<{ email: string }>("/api/user")).body.email).toBe(me.email);

    // Other fields need no password.
    expect((await edit({ city: "Turin" })).status).toBe(200);

    await server.database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, me.id));
    expect((await person.get<{ emailConfirmed: boolean }>("/api/user")).body.emailConfirmed).toBe(true);
    const moved = await edit({ email: "moved@example.org", currentPassword: "secret123" });
    expect(moved.status).toBe(200);
    const after = await person.get<{ email: string; emailConfirmed: boolean }>("/api/user");
    expect(after.body).toMatchObject({ email: "moved@example.org", emailConfirmed: false });
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "moved@example.org"))
      .orderBy(desc(mailOutbox.id));
    const code = /confirm_email\?code=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect(code).toBeDefined();
    // The old address hears of it, so a takeover does not go unnoticed.
    const notices = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, me.email));
    expect(notices.map((notice) => notice.subject)).toContain("Your Formloom e-mail address was changed");
    expect(notices.find((notice) => notice.text.includes('"moved@example.org"'))).toBeDefined();
    expect((await server.api.post("/api/email-confirm", { code })).status).toBe(200);
    expect((await person.get<{ emailConfirmed: boolean }>("/api/user")).body.emailConfirmed).toBe(true);
  });

  it("asks an admin changing a member's e-mail for the admin's own password", async () => {
    const member = await addMember(server, accountId, "renamed");
    const path = `/api/user/${member.id}/edit`;
    expect((await admin.post(path, { email: "renamed@example.org" })).status).toBe(400);
    expect(
      (await admin.post(path, { email: "renamed@example.org", currentPassword: "member123" })).status,
    ).toBe(400);
    const done = await admin.post<{ email: string }>(path, {
      email: "renamed@example.org",
      currentPassword: "secret123",
    });
    expect(done.status).toBe(200);
    expect(done.body.email).toBe("renamed@example.org");
  });
});

describe("only the maker manages an external app", () => {
  it("shows a member only their own tokens, and lets them not touch the admin's", async () => {
    const { id: adminApp } = await tokenOf(admin);
    const member = await addMember(server, accountId, "integr");
    await groupWith(admin, "Integrators", [member.id], ["external_apps.manage"]);
    const { id: memberApp } = await tokenOf(member.api);

    const listed = await member.api.get<{ apps: Array<{ id: number }> }>("/api/external-apps");
    expect(listed.body.apps.map((app) => app.id)).toEqual([memberApp]);
    expect((await member.api.get(`/api/external-apps/${adminApp}`)).status).toBe(404);
    const widened = await member.api.post(`/api/external-apps/${adminApp}/edit`, {
      ...narrow,
      allowedIps: ["0.0.0.0/0"],
    });
    expect(widened.status).toBe(404);
    expect((await member.api.post(`/api/external-apps/${adminApp}/delete`)).status).toBe(404);

    const own = await member.api.post<Created["app"]>(`/api/external-apps/${memberApp}/edit`, {
      ...narrow,
      name: "Member report",
    });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe("Member report");
    const adminView = await admin.get<Created["app"]>(`/api/external-apps/${adminApp}`);
    expect(adminView.body.allowedIps).toEqual(["127.0.0.1"]);
  });

  it("lets an admin disable or delete a member's token but never widen, extend or re-enable it", async () => {
    const member = await addMember(server, accountId, "widen");
    await groupWith(admin, "Integrators 2", [member.id], ["external_apps.manage"]);
    const { id, app } = await tokenOf(member.api);
    const listed = await admin.get<{ apps: Array<{ id: number }> }>("/api/external-apps");
    const others = listed.body.apps as unknown as Array<{ id: number; mine: boolean }>;
    expect(others.find((a) => a.id === id)?.mine).toBe(false);
    const current = (await admin.get<Created["app"]>(`/api/external-apps/${id}`)).body;
    const same = {
      name: current.name,
      description: "",
      allowedIps: current.allowedIps,
      expiresAt: current.expiresAt,
    };
    const later = new Date(new Date(current.expiresAt).getTime() - 86_400_000).toISOString();
    for (const change of [
      { ...same, allowedIps: ["0.0.0.0/0"] },
      { ...same, expiresAt: later },
      { ...same, name: "Admin's now" },
    ]) {
      const response = await admin.post(`/api/external-apps/${id}/edit`, change);
      expect(response.status, JSON.stringify(change)).toBe(403);
      expect(response.body.code).toBe("external_app.not_owner");
    }
    const disabled = await admin.post<Created["app"]>(`/api/external-apps/${id}/edit`, {
      ...same,
      status: "disabled",
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.status).toBe("disabled");
    expect((await app.get("/api/user")).status).toBe(401);
    const reenabled = await admin.post(`/api/external-apps/${id}/edit`, { ...same, status: "active" });
    expect(reenabled.status).toBe(403);
    expect((await admin.post(`/api/external-apps/${id}/delete`)).status).toBe(200);
    expect((await member.api.get(`/api/external-apps/${id}`)).status).toBe(404);
  });
});

describe("changing the password while signed in", () => {
  it("checks the current password and the new one, and ends every other sign-in", async () => {
    const { api: person, tokens } = await signUpWithAccount(server.api, "changer");
    const me = (await person.get<{ username: string }>("/api/user")).body;
    const other = await server.api.post<TTokens>("/api/login", {
      username: me.username,
      password: "secret123",
    });
    expect(other.status).toBe(200);

    const wrong = await person.post("/api/update-password", {
      currentPassword: "wrong-pass1",
      password: "newpass123",
      passwordConfirmation: "newpass123",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.validationErrors).toEqual([
      expect.objectContaining({ field: "currentPassword", code: "auth.current_password.wrong" }),
    ]);
    for (const [body, field, code] of [
      [{ password: "short1", passwordConfirmation: "short1" }, "password", "register.password.too_short"],
      [
        { password: "newpass123", passwordConfirmation: "newpass124" },
        "passwordConfirmation",
        "register.password_confirmation.not_equal",
      ],
    ] as const) {
      const response = await person.post("/api/update-password", { currentPassword: "secret123", ...body });
      expect(response.status).toBe(400);
      expect(response.body.validationErrors).toEqual([expect.objectContaining({ field, code })]);
    }

    const changed = await person.post<TTokens>("/api/update-password", {
      currentPassword: "secret123",
      password: "newpass123",
      passwordConfirmation: "newpass123",
    });
    expect(changed.status).toBe(200);
    expect(changed.body.token).toBeTruthy();
    // Every earlier sign-in ends, this browser's too; the fresh pair keeps it signed in.
    for (const refresh of [other.body.refresh_token, tokens.refresh_token]) {
      const refreshed = await server.api.post("/api/refresh", { refresh_token: refresh });
      expect(refreshed.status).toBe(401);
    }
    expect(
      (await server.api.post("/api/refresh", { refresh_token: changed.body.refresh_token })).status,
    ).toBe(200);
    expect(
      (await server.api.post("/api/login", { username: me.username, password: "secret123" })).status,
    ).toBe(401);
    expect(
      (await server.api.post("/api/login", { username: me.username, password: "newpass123" })).status,
    ).toBe(200);
  });

  it("gives a guesser of the current password no more tries than the sign-in page, even in parallel", async () => {
    const { api: person } = await signUpWithAccount(server.api, "guessed");
    const me = (await person.get<{ id: number }>("/api/user")).body;
    const guesses = await Promise.all(
      Array.from({ length: 14 }, (_, index) =>
        index % 2 === 0
          ? person.post("/api/update-password", {
              currentPassword: `guess-${index}-pass`,
              password: "newpass123",
              passwordConfirmation: "newpass123",
            })
          : person.post(`/api/user/${me.id}/edit`, {
              email: "guessed@example.org",
              currentPassword: `guess-${index}-pass`,
            }),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    const right = await person.post("/api/update-password", {
      currentPassword: "secret123",
      password: "newpass123",
      passwordConfirmation: "newpass123",
    });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe("auth.rate_limited");
  });

  it("lets only one of parallel changes pass with the same current password", async () => {
    const { api: person } = await signUpWithAccount(server.api, "racer");
    const results = await Promise.all(
      ["first1234", "second123", "third1234", "fourth123"].map((password) =>
        person.post("/api/update-password", {
          currentPassword: "secret123",
          password,
          passwordConfirmation: password,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // Each other change is refused. One checked before the winner committed finds the old password
    // gone; one whose token is checked after it finds its sign-in ended, as every sign-in is.
    for (const refused of results.filter((r) => r.status !== 200))
      expect([
        [400, "auth.current_password.wrong"],
        [401, "token.invalid"],
      ]).toContainEqual([refused.status, refused.body.code]);
  });
});
