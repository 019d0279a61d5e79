import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/auth/passwords.ts";
import { users } from "../src/db/schema.ts";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let memberId: number;
let member: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "groups"));
  // A member who is not an admin: invitations will make these; here the database does.
  const [row] = await server.database.db
    .insert(users)
    .values({
      accountId,
      username: "member1",
      email: "member1@example.com",
      passwordHash: await hashPassword("member123"),
    })
    .returning();
  memberId = row!.id;
  const login = await server.api.post<{ token: string }>("/api/login", {
    username: "member1",
    password: "member123",
  });
  member = server.api.as(login.body.token);
});
afterAll(() => server.close());

interface Group {
  id: number;
  name: string;
  userCount: number;
  users: Array<{ id: number; username: string }>;
}

describe("groups", () => {
  it("creates, lists, renames and deletes groups with the spec's messages", async () => {
    const created = await admin.post<Group>("/api/account/group/create", { groupName: "Interviewers" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Interviewers", userCount: 0 });

    const twice = await admin.post("/api/account/group/create", { groupName: " interviewers " });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "group.name.exists", message: "This group already exists!" });
    const empty = await admin.post("/api/account/group/create", { groupName: "   " });
    expect(empty.body).toMatchObject({ code: "group.name.empty", message: "Group name can't be empty" });
    // One message under the one field, whichever call names it.
    expect(empty.body.validationErrors).toEqual([expect.objectContaining({ field: "groupName" })]);
    expect(twice.body.validationErrors).toEqual([expect.objectContaining({ field: "groupName" })]);

    // Missing is empty too; too long is said as such, not as empty.
    const missing = await admin.post("/api/account/group/create", {});
    expect(missing.body).toMatchObject({ code: "group.name.empty" });
    const long = await admin.post("/api/account/group/create", { groupName: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.code).not.toBe("group.name.empty");
    // Names that look the same are the same: an accent typed apart, an invisible character.
    expect((await admin.post("/api/account/group/create", { groupName: "Caf\u00e9 team" })).status).toBe(201);
    for (const lookalike of ["Cafe\u0301 team", "Caf\u00e9\u200b team", "\ufeffcaf\u00e9 team"]) {
      const again = await admin.post<{ code: string }>("/api/account/group/create", { groupName: lookalike });
      expect([again.status, again.body.code], lookalike).toEqual([409, "group.name.exists"]);
    }
    await admin.post("/api/account/group/create", { groupName: "Analysts" });
    const list = await admin.get<{ groups: Group[] }>("/api/account/group/list");
    expect(list.body.groups.map((g) => g.name)).toEqual(["Analysts", "Café team", "Interviewers"]);

    const renamed = await admin.post<Group>(`/api/account/group/${created.body.id}/edit`, {
      name: "Field team",
    });
    expect(renamed.body.name).toBe("Field team");
    const taken = await admin.post(`/api/account/group/${created.body.id}/edit`, { name: "Analysts" });
    expect(taken.body.code).toBe("group.name.exists");
    expect(taken.body.validationErrors).toEqual([expect.objectContaining({ field: "name" })]);

    expect((await admin.post(`/api/account/group/${created.body.id}/delete`)).body).toEqual({
      deleted: true,
    });
    expect((await admin.get(`/api/account/group/${created.body.id}`)).status).toBe(404);
  });

  it("adds and removes the account's users, and refuses users of other accounts", async () => {
    const group = (await admin.post<Group>("/api/account/group/create", { groupName: "Members" })).body;
    const withMember = await admin.post<Group>(`/api/account/group/${group.id}/users/add`, {
      userIds: [memberId],
    });
    expect(withMember.body).toMatchObject({ userCount: 1, users: [{ id: memberId, username: "member1" }] });

    const stranger = await signUpWithAccount(server.api, "stranger");
    const strangerId = (await stranger.api.get<{ id: number }>("/api/user")).body.id;
    const refused = await admin.post(`/api/account/group/${group.id}/users/add`, {
      userIds: [memberId, strangerId],
    });
    expect(refused.body.code).toBe("group.users.unknown");
    expect((await admin.get<Group>(`/api/account/group/${group.id}`)).body.userCount).toBe(1);

    const removed = await admin.post<Group>(`/api/account/group/${group.id}/users/remove`, {
      userIds: [memberId],
    });
    expect(removed.body.users).toEqual([]);

    const people = await admin.get<{ users: Array<{ username: string; isAccountAdmin: boolean }> }>(
      "/api/account/users",
    );
    expect(people.body.users.map((u) => u.username)).toContain("member1");
    expect(people.body.users.some((u) => u.username.startsWith("strang"))).toBe(false);
  });

  it("lets members see groups but only admins change them, and hides groups from other accounts", async () => {
    const group = (await admin.post<Group>("/api/account/group/create", { groupName: "Admins only" })).body;
    // Seeing groups is a permission a group gives; changing them stays with admins.
    expect((await member.get("/api/account/group/list")).status).toBe(403);
    await admin.post(`/api/account/group/${group.id}/users/add`, { userIds: [memberId] });
    await admin.post(`/api/account/group/${group.id}/permissions/set`, { permissions: ["groups.view"] });
    expect((await member.get("/api/account/group/list")).status).toBe(200);
    for (const [url, body] of [
      ["/api/account/group/create", { groupName: "Sneaky" }],
      [`/api/account/group/${group.id}/edit`, { name: "Renamed" }],
      [`/api/account/group/${group.id}/delete`, undefined],
      [`/api/account/group/${group.id}/users/add`, { userIds: [memberId] }],
    ] as const) {
      const response = await member.post(url, body);
      expect(response.status, url).toBe(403);
      expect(response.body).toMatchObject({ code: "not_allowed", message: "Permissions denied" });
    }

    const other = await signUpWithAccount(server.api, "othergrp");
    expect((await other.api.get<{ groups: Group[] }>("/api/account/group/list")).body.groups).toEqual([]);
    expect((await other.api.get(`/api/account/group/${group.id}`)).status).toBe(404);
    expect((await other.api.post(`/api/account/group/${group.id}/delete`)).status).toBe(404);
    expect((await admin.get<Group>(`/api/account/group/${group.id}`)).body.name).toBe("Admins only");
  });
});
