import { GRANTABLE_PERMISSIONS } from "@formloom/core/permissions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  createForm,
  groupWith,
  sampleForm,
  startWithAccount,
  submitAnswers,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let formId: number;
let answerId: number;

interface AnswerView {
  answers: Array<{ fieldId: string; answer: unknown }>;
  visibleFieldIds: string[] | null;
}

beforeAll(async () => {
  ({ server, api: admin, accountId } = await startWithAccount("perms"));
  formId = (await createForm(admin)).id;
  answerId = await submitAnswers(server.api, formId, [
    { fieldId: "name", answer: "Ada Lovelace" },
    { fieldId: "mail", answer: "ada@example.com" },
    { fieldId: "color", answer: "blue" },
  ]);
});
afterAll(() => server.close());

describe("functional permissions", () => {
  it("lists every grantable permission by category, and sets exactly the chosen ones", async () => {
    const group = await groupWith(admin, "Editors", [], []);
    const list = await admin.get<{ categories: Array<{ id: string; permissions: Array<{ id: string }> }> }>(
      `/api/account/group/${group}/permissions/list`,
    );
    expect(list.body.categories.map((c) => c.id)).toContain("forms");
    expect(list.body.categories.flatMap((c) => c.permissions.map((p) => p.id)).sort()).toEqual(
      [...GRANTABLE_PERMISSIONS].sort(),
    );

    const set = await admin.post(`/api/account/group/${group}/permissions/set`, {
      permissions: ["forms.view", "forms.edit", "forms.view"],
    });
    expect(set.body).toEqual({ permissions: ["forms.view", "forms.edit"] });
    await admin.post(`/api/account/group/${group}/permissions/set`, { permissions: ["results.view"] });
    expect((await admin.get(`/api/account/group/${group}/permissions/status`)).body).toEqual({
      permissions: ["results.view"],
    });

    // Admin-only rights cannot be stored on a group, so no member can be given them.
    const escalate = await admin.post(`/api/account/group/${group}/permissions/set`, {
      permissions: ["permissions.manage"],
    });
    expect(escalate.status).toBe(400);
    expect(escalate.body.code).toBe("permissions.unknown");
    expect((await admin.get(`/api/account/group/${group}/permissions/status`)).body).toEqual({
      permissions: ["results.view"],
    });
  });

  it("lets a member do exactly what their groups grant, and answers not_allowed otherwise", async () => {
    const member = await addMember(server, accountId, "worker");
    const denied = await member.api.get("/api/forms/account");
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: "not_allowed", message: "Permissions denied" });

    const group = await groupWith(admin, "Viewers", [member.id], ["forms.view"]);
    expect((await member.api.get("/api/forms/account")).status).toBe(200);
    expect((await member.api.patch(`/api/forms/${formId}`, { title: "Changed" })).status).toBe(403);
    expect((await member.api.post("/api/forms", sampleForm)).status).toBe(403);

    await admin.post(`/api/account/group/${group}/permissions/set`, {
      permissions: ["forms.view", "forms.edit"],
    });
    const edited = await member.api.patch<{ form: { title: string } }>(`/api/forms/${formId}`, {
      title: "Customer survey 2",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.form.title).toBe("Customer survey 2");

    // A member cannot raise their own rights, even with every grantable permission.
    await admin.post(`/api/account/group/${group}/permissions/set`, {
      permissions: [...GRANTABLE_PERMISSIONS],
    });
    for (const [url, body] of [
      [`/api/account/group/${group}/permissions/set`, { permissions: [] }],
      [`/api/account/group/${group}/users/add`, { userIds: [member.id] }],
      [`/api/user/${member.id}/edit`, { isAccountAdmin: true }],
    ] as const) {
      const response = await member.api.post(url, body);
      expect(response.status, url).toBe(403);
      expect(response.body.code).toBe("not_allowed");
    }
    expect((await member.api.patch("/api/account/edit", { name: "Mine now" })).status).toBe(403);
    expect((await member.api.get(`/api/forms/${formId}/permissions`)).status).toBe(403);

    // Leaving the group takes the rights away at once.
    await admin.post(`/api/account/group/${group}/users/remove`, { userIds: [member.id] });
    expect((await member.api.get("/api/forms/account")).status).toBe(403);
  });
});

describe("what a form's read says the caller may do with it", () => {
  it("carries the rights of an admin, an editor and a member who may only view", async () => {
    const editor = await addMember(server, accountId, "editor");
    const viewer = await addMember(server, accountId, "viewer");
    await groupWith(admin, "Form editors", [editor.id], ["forms.view", "forms.edit"]);
    await groupWith(admin, "Form viewers", [viewer.id], ["forms.view"]);
    const rightsOf = async (api: ApiClient) => {
      const read = await api.get<{ rights: unknown }>(`/api/forms/${formId}`);
      expect(read.status).toBe(200);
      return read.body.rights;
    };
    expect(await rightsOf(admin)).toEqual({ edit: true, delete: true, clone: true });
    expect(await rightsOf(editor.api)).toEqual({ edit: true, delete: false, clone: false });
    expect(await rightsOf(viewer.api)).toEqual({ edit: false, delete: false, clone: false });
    // A save's answer says the same, so the builder stays as the server decides after it.
    const saved = await editor.api.patch<{ rights: unknown }>(`/api/forms/${formId}`, { title: "Renamed" });
    expect(saved.body.rights).toEqual({ edit: true, delete: false, clone: false });
  });

  it("names the groups of a member whose groups give no rights", async () => {
    const member = await addMember(server, accountId, "idle");
    const group = await groupWith(admin, "Interns", [member.id], []);
    const info = await member.api.get<{ permissions: string[]; groups: unknown }>("/api/user");
    expect(info.body.permissions).not.toContain("forms.view");
    expect(info.body.groups).toEqual([{ id: group, name: "Interns" }]);
    const loner = await addMember(server, accountId, "loner");
    expect((await loner.api.get<{ groups: unknown }>("/api/user")).body.groups).toEqual([]);
  });
});

describe("data permissions", () => {
  it("shows a member no answers, the whole form, or only the selected fields", async () => {
    const member = await addMember(server, accountId, "reader");
    const group = await groupWith(
      admin,
      "Readers",
      [member.id],
      ["forms.view", "results.view", "results.delete"],
    );
    const page = `/api/forms/${formId}/answer/paginated/1/10`;
    const single = `/api/forms/${formId}/answer/${answerId}`;

    // No grant on this form: no access, although the member may view results in general.
    expect((await member.api.get(page)).status).toBe(403);
    expect((await member.api.get(single)).status).toBe(403);
    const listed = await admin.get<{ items: Array<{ groupId: number; level: string }> }>(
      `/api/forms/${formId}/permissions`,
    );
    expect(listed.body.items.find((item) => item.groupId === group)?.level).toBe("none");

    const grant = `/api/forms/${formId}/permissions/group/${group}`;
    const empty = await admin.request("PUT", grant, { level: "fields", fieldIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("permissions.fields.required");
    const unknown = await admin.request("PUT", grant, { level: "fields", fieldIds: ["nope"] });
    expect(unknown.body.code).toBe("permissions.fields.unknown");

    const set = await admin.request("PUT", grant, { level: "fields", fieldIds: ["name", "color"] });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ level: "fields", fieldIds: ["name", "color"], groupName: "Readers" });

    const rows = await member.api.get<{ answerList: AnswerView[]; visibleFieldIds: string[] }>(page);
    expect(rows.status).toBe(200);
    expect(rows.body.visibleFieldIds.sort()).toEqual(["color", "name"]);
    expect(rows.body.answerList[0]!.answers.map((a) => a.fieldId).sort()).toEqual(["color", "name"]);
    expect(rows.text).not.toContain("ada@example.com");
    const one = await member.api.get<AnswerView>(single);
    expect(one.body.answers.map((a) => a.fieldId).sort()).toEqual(["color", "name"]);
    expect(one.text).not.toContain("ada@example.com");
    // Deleting answers one cannot wholly see is refused.
    expect((await member.api.delete(`/api/forms/${formId}/answer`, { answerIds: [answerId] })).status).toBe(
      403,
    );

    const byGroup = await admin.get<{ items: Array<{ formId: number; level: string }> }>(
      `/api/account/group/${group}/permissions/data`,
    );
    expect(byGroup.body.items).toEqual([expect.objectContaining({ formId, level: "fields" })]);

    await admin.request("PUT", grant, { level: "all" });
    const whole = await member.api.get<AnswerView>(single);
    expect(whole.body.visibleFieldIds).toBeNull();
    expect(whole.text).toContain("ada@example.com");

    await admin.request("PUT", grant, { level: "none" });
    expect((await member.api.get(single)).status).toBe(403);
    // The owner always sees everything.
    expect((await admin.get(single)).text).toContain("ada@example.com");
  });
  it("tells a member without access to a form's answers nothing of them, not even how many there are", async () => {
    const member = await addMember(server, accountId, "counter");
    const group = await groupWith(admin, "Counters", [member.id], ["forms.view", "results.view"]);
    const other = (await createForm(admin)).id;
    await submitAnswers(server.api, other, [{ fieldId: "name", answer: "Grace" }]);
    await admin.request("PUT", `/api/forms/${other}/permissions/group/${group}`, {
      level: "fields",
      fieldIds: ["name"],
    });

    const list = await member.api.get<{
      forms: Array<{ id: number; answerCount: number | null; lastAnsweredDate: string | null }>;
    }>("/api/forms/account");
    const hidden = list.body.forms.find((form) => form.id === formId)!;
    expect(hidden).toMatchObject({ answerCount: null, newAnswerCount: null, lastAnsweredDate: null });
    // A form whose answers the member reads (some fields of them) shows its counts.
    const shown = list.body.forms.find((form) => form.id === other)!;
    expect(shown.answerCount).toBe(1);
    expect(shown.lastAnsweredDate).not.toBeNull();

    const summary = await member.api.get(`/api/forms/${formId}/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      formId,
      answerCount: null,
      newAnswerCount: null,
      lastAnsweredDate: null,
    });
    expect((await member.api.get(`/api/forms/${other}/summary`)).body).toMatchObject({ answerCount: 1 });
    const read = await member.api.get<{ form: { lastAnsweredDate: string | null } }>(`/api/forms/${formId}`);
    expect(read.body.form.lastAnsweredDate).toBeNull();

    // The admin still sees them all.
    const own = await admin.get<{ forms: Array<{ id: number; answerCount: number | null }> }>(
      "/api/forms/account",
    );
    expect(own.body.forms.find((form) => form.id === formId)!.answerCount).toBeGreaterThan(0);
    expect(
      (await admin.get<{ form: { lastAnsweredDate: string | null } }>(`/api/forms/${formId}`)).body.form
        .lastAnsweredDate,
    ).not.toBeNull();
  });
});

describe("setting a group's permissions in parallel", () => {
  it("answers every request and leaves exactly one of the sets, not a mix or a 500", async () => {
    const groupId = await groupWith(admin, "Raced", [], []);
    const sets = [
      ["forms.view", "results.view"],
      ["forms.create", "users.view"],
      ["results.delete", "forms.view", "users.view"],
      ["forms.view"],
      ["forms.create", "results.view", "forms.view"],
      ["users.view", "results.view"],
    ];
    const responses = await Promise.all(
      [...sets, ...sets].map((permissions) =>
        admin.post(`/api/account/group/${groupId}/permissions/set`, { permissions }),
      ),
    );
    for (const response of responses) expect(response.status, response.text).toBe(200);
    const final = await admin.get<{ permissions: string[] }>(
      `/api/account/group/${groupId}/permissions/status`,
    );
    expect(sets.map((set) => [...set].sort().join())).toContain([...final.body.permissions].sort().join());
  });
});
