import { request as httpRequest } from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../src/auth/secret-box.ts";
import { accountApiKeys } from "../src/db/schema.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let adminId: number;
let accountId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "people"));
  adminId = (await admin.get<{ id: number }>("/api/user")).body.id;
});
afterAll(() => server.close());

describe("users", () => {
  it("edits one's own profile with checked values", async () => {
    const bad = await admin.post(`/api/user/${adminId}/edit`, { website: "ftp://x", phone: "call me" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toMatch(/^user\.(website|phone)\.invalid$/);
    const saved = await admin.post(`/api/user/${adminId}/edit`, {
      firstName: "Grace",
      lastName: "Hopper",
      city: "Arlington",
      gender: "female",
      dateOfBirth: "1906-12-09",
      website: "https://example.org",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      firstName: "Grace",
      gender: "female",
      dateOfBirth: "1906-12-09",
      roles: ["admin"],
    });
    expect((await admin.get(`/api/user/${adminId}`)).body).toMatchObject({ city: "Arlington" });
  });

  it("shows and edits other members only with the permissions, and keeps an admin in the account", async () => {
    const member = await addMember(server, accountId, "person");
    const other = await addMember(server, accountId, "other");
    expect((await member.api.get(`/api/user/${other.id}`)).status).toBe(403);
    expect((await member.api.get(`/api/user/${member.id}`)).status).toBe(200);

    const group = await groupWith(admin, "HR", [member.id], ["users.view", "users.edit"]);
    expect((await member.api.get(`/api/user/${other.id}`)).body).toMatchObject({ username: other.username });
    expect((await member.api.post(`/api/user/${other.id}/edit`, { city: "Oslo" })).body).toMatchObject({
      city: "Oslo",
    });
    // Only an admin changes another user's e-mail, edits an admin, or grants the admin role.
    expect((await member.api.post(`/api/user/${other.id}/edit`, { email: "mine@example.com" })).status).toBe(
      403,
    );
    expect((await member.api.post(`/api/user/${adminId}/edit`, { city: "Nowhere" })).status).toBe(403);
    expect((await member.api.post(`/api/user/${member.id}/edit`, { isAccountAdmin: true })).status).toBe(403);
    expect(
      (await admin.get<{ groups: Array<{ id: number }> }>(`/api/user/${member.id}`)).body.groups,
    ).toEqual([{ id: group, name: "HR" }]);

    const lastAdmin = await admin.post(`/api/user/${adminId}/edit`, { isAccountAdmin: false });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body.code).toBe("user.last_admin");
    expect((await admin.post(`/api/user/${other.id}/edit`, { isAccountAdmin: true })).body).toMatchObject({
      isAccountAdmin: true,
      roles: ["admin"],
    });

    const stranger = await signUpWithAccount(server.api, "strange");
    expect((await stranger.api.get(`/api/user/${member.id}`)).status).toBe(404);
    expect((await stranger.api.post(`/api/user/${member.id}/edit`, { city: "X" })).status).toBe(404);
  });
});

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

function upload(client: ApiClient, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type }), name);
  return fetch(`${client.baseUrl}/api/user/upload_file`, {
    method: "POST",
    headers: { authorization: `Bearer ${client.token}` },
    body: form,
  });
}

describe("avatar", () => {
  it("lets an admin take a member out of the account, with their groups and tokens there", async () => {
    const leaver = await addMember(server, accountId, "leaver");
    const group = await groupWith(admin, "Leavers", [leaver.id], ["forms.view", "external_apps.manage"]);
    const app = await leaver.api.post<{ token: string }>("/api/external-apps", {
      name: "Leaver's sync",
      allowedIps: ["127.0.0.1"],
    });
    expect(app.status).toBe(201);
    const token = server.api.as(app.body.token);
    expect((await token.get("/api/forms/account")).status).toBe(200);

    expect((await leaver.api.post(`/api/account/users/${adminId}/remove`)).status).toBe(403);
    const self = await admin.post(`/api/account/users/${adminId}/remove`);
    expect(self.status).toBe(400);
    expect(self.body.code).toBe("user.remove.self");
    const { api: outsider } = await signUpWithAccount(server.api, "outside");
    expect((await outsider.post(`/api/account/users/${leaver.id}/remove`)).status).toBe(404);

    expect((await admin.post(`/api/account/users/${leaver.id}/remove`)).body).toEqual({ removed: true });
    // They keep their sign-in, but nothing of the account: not its forms, not through a token.
    expect((await leaver.api.get("/api/user")).body).toMatchObject({ account: null, roles: [] });
    // …and are signed out: their sign-in cannot be renewed, so the app asks them to sign in again.
    expect((await server.api.post("/api/refresh", { refresh_token: leaver.refreshToken })).status).toBe(401);
    expect((await leaver.api.get("/api/forms/account")).status).toBe(403);
    expect((await token.get("/api/forms/account")).status).toBe(401);
    expect((await admin.get<{ users: unknown[] }>(`/api/account/group/${group}`)).body.users).toEqual([]);
    expect((await admin.get(`/api/user/${leaver.id}`)).status).toBe(404);
    expect((await admin.post(`/api/account/users/${leaver.id}/remove`)).status).toBe(404);
  });

  it("takes a real picture, serves it under its profile's address, and refuses anything else", async () => {
    const saved = await upload(admin, PNG, "me.png", "image/png");
    expect(saved.status).toBe(200);
    const profile = (await saved.json()) as { avatar: string };
    expect(profile.avatar).toMatch(/^\/api\/user\/\d+\/avatar\/\d+-[0-9a-f]{24}\.png$/);
    const picture = await fetch(`${admin.baseUrl}${profile.avatar}`);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await picture.arrayBuffer()).equals(PNG)).toBe(true);
    expect(
      (await fetch(`${admin.baseUrl}/api/user/${adminId}/avatar/${adminId}-${"0".repeat(24)}.png`)).status,
    ).toBe(404);

    // The bytes decide, not the name or the declared type.
    const fake = await upload(admin, Buffer.from("<script>alert(1)</script>"), "evil.png", "image/png");
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { code: string }).code).toBe("user.avatar.type");
    const huge = await upload(
      admin,
      Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]),
      "big.png",
      "image/png",
    );
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { code: string }).code).toBe("user.avatar.too_large");
    expect((await admin.get<{ avatar: string }>(`/api/user/${adminId}`)).body.avatar).toBe(profile.avatar);
  });

  it("refuses a picture past 2 MB when its bytes pause exactly at the limit", async () => {
    // The upload's parser reads a file in the pieces the connection brings. When one ends exactly
    // at the limit, the next brings nothing of the file, only the mark that it was cut there.
    const before = (await admin.get<{ avatar: string | null }>(`/api/user/${adminId}`)).body.avatar;
    const boundary = "formloom-pause";
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`,
    );
    const file = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const limit = 2 * 1024 * 1024;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${admin.baseUrl}/api/user/upload_file`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${admin.token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + file.length + tail.length,
        },
      });
      request.on("error", reject);
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.write(Buffer.concat([head, file.subarray(0, limit)]), () =>
        setTimeout(() => request.end(Buffer.concat([file.subarray(limit), tail])), 300),
      );
    });
    expect(answer.status, answer.body).toBe(413);
    expect(JSON.parse(answer.body).code).toBe("user.avatar.too_large");
    expect((await admin.get<{ avatar: string | null }>(`/api/user/${adminId}`)).body.avatar).toBe(before);
  });
});

describe("account", () => {
  it("is renamed by its admin and counts its resources with filters", async () => {
    const renamed = await admin.patch("/api/account/edit", { name: "People Inc", type: "individual" });
    expect(renamed.body).toMatchObject({ name: "People Inc", type: "individual" });

    const form = (await admin.post<{ form: { id: number } }>("/api/forms", sampleForm)).body.form.id;
    await admin.post("/api/forms", sampleForm);
    await server.api.post("/api/forms/answer", { formId: form, answers: [{ fieldId: "name", answer: "A" }] });
    const all = await admin.get<Record<string, number>>("/api/account/resources");
    expect(all.body).toMatchObject({ forms: 2, answers: 1 });
    expect(all.body.users).toBeGreaterThanOrEqual(3);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await admin.get(`/api/account/resources?form_id=${form}&date_from=${today}&date_to=${today}`)).body,
    ).toMatchObject({
      forms: 1,
      answers: 1,
    });
    expect((await admin.get("/api/account/resources?date_to=2019-01-01")).body).toMatchObject({
      forms: 0,
      answers: 0,
    });

    // Narrowed to one user: what they made; to one group: its members and what they made.
    const maker = await addMember(server, accountId, "maker");
    const makersId = await groupWith(admin, "Makers", [maker.id], ["forms.create"]);
    expect((await maker.api.get("/api/user")).body.roles).toEqual(["user"]);
    await maker.api.post("/api/forms", sampleForm);
    // Making a form makes its maker a form author (platform.md §6's named roles).
    expect((await maker.api.get("/api/user")).body.roles).toEqual(["user", "form_author"]);
    expect((await admin.get(`/api/user/${maker.id}`)).body.roles).toEqual(["user", "form_author"]);
    expect((await admin.get(`/api/account/resources?user_id=${adminId}`)).body).toMatchObject({
      forms: 2,
      users: 1,
    });
    expect((await admin.get(`/api/account/resources?user_id=${maker.id}`)).body).toMatchObject({
      forms: 1,
      answers: 0,
      users: 1,
      externalApps: 0,
    });
    expect((await admin.get(`/api/account/resources?group_id=${makersId}`)).body).toMatchObject({
      forms: 1,
      users: 1,
      groups: 1,
    });

    // A member who may see the account's resources but not this form's results counts none of its
    // answers (day by day they would tell when submissions came), and only their own tokens, as
    // their list of tokens shows.
    const counter = await addMember(server, accountId, "counter");
    await groupWith(admin, "Counters", [counter.id], ["account.resources", "forms.view"]);
    const token = await admin.post("/api/external-apps", { name: "Reporting", allowedIps: ["127.0.0.1"] });
    expect(token.status, token.text).toBeLessThan(300);
    expect((await admin.get(`/api/account/resources?form_id=${form}`)).body).toMatchObject({
      answers: 1,
      externalApps: 1,
    });
    const counted = await counter.api.get<Record<string, number>>(`/api/account/resources?form_id=${form}`);
    expect(counted.status, counted.text).toBe(200);
    expect(counted.body).toMatchObject({ forms: 1, answers: 0, externalApps: 0 });

    const backwards = await admin.get("/api/account/resources?date_from=2020-02-01&date_to=2020-01-01");
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe("resources.date.order");
  });

  it("keeps third-party API keys encrypted, shows only their last characters, and lets only admins manage them", async () => {
    const secret = "sk-live-0123456789abcdef";
    const bad = await admin.post("/api/account/api-keys", { name: "M", service: "Maps", key: "short" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toMatch(/^api_key\./);

    const added = await admin.post<{ id: number; keyEnd: string }>("/api/account/api-keys", {
      name: "Maps",
      service: "Google Maps",
      key: secret,
    });
    expect(added.status).toBe(201);
    expect(added.body.keyEnd).toBe("cdef");
    const listed = await admin.get("/api/account/api-keys");
    expect(listed.text).not.toContain(secret);
    const [row] = await server.database.db
      .select()
      .from(accountApiKeys)
      .where(and(eq(accountApiKeys.accountId, accountId), eq(accountApiKeys.id, added.body.id)));
    expect(JSON.stringify(row)).not.toContain(secret);
    // Sealed with SECRET_KEY, and opened with it again.
    const box = createSecretBox(server.settings.secretKey);
    const stored = async () => {
      const [current] = await server.database.db
        .select()
        .from(accountApiKeys)
        .where(and(eq(accountApiKeys.accountId, accountId), eq(accountApiKeys.id, added.body.id)));
      return box.open(current!.keySealed);
    };
    expect(await stored()).toBe(secret);

    // A blank key on edit keeps the stored one; a new key replaces it.
    const renamed = await admin.post(`/api/account/api-keys/${added.body.id}/edit`, {
      name: "Maps EU",
      service: "Google Maps",
    });
    expect(renamed.body).toMatchObject({ name: "Maps EU", keyEnd: "cdef" });
    expect(await stored()).toBe(secret);
    await admin.post(`/api/account/api-keys/${added.body.id}/edit`, {
      name: "Maps EU",
      service: "Google Maps",
      key: "new-key-98765",
    });
    expect(await stored()).toBe("new-key-98765");

    const member = await addMember(server, accountId, "keyless");
    await groupWith(admin, "Almost admins", [member.id], ["account.resources", "users.edit"]);
    expect((await member.api.get("/api/account/api-keys")).status).toBe(403);
    expect((await admin.post(`/api/account/api-keys/${added.body.id}/delete`)).status).toBe(200);
    expect((await admin.get(`/api/account/api-keys/${added.body.id}`)).status).toBe(404);
  });
});
