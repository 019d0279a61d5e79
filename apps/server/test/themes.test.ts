import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, addMember, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let adminId: number;
let member: { api: ApiClient; id: number };

const ocean = {
  formStyling: { background: "#e7f5ff", buttonColor: "#1864ab" },
  fieldsGeneralStyling: { borderColor: "#74c0fc", radius: 8 },
  fieldsTypesStyling: { text: { padding: 14 } },
};

beforeAll(async () => {
  server = await startTestServer();
  let accountId: number;
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "themes"));
  adminId = (await admin.get<{ id: number }>("/api/user")).body.id;
  member = await addMember(server, accountId, "painter");
});
afterAll(() => server.close());

type Theme = { id: number; name: string; kind: string; styling: typeof ocean };

describe("own themes", () => {
  it("are created, listed, edited and deleted by their owner, with the styling as sent", async () => {
    const created = await admin.post<Theme>(`/api/form-themes/account/${adminId}`, {
      name: "Ocean",
      description: "Blue and calm",
      styling: ocean,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "Ocean", kind: "own", styling: ocean });
    const list = await admin.get<{ themes: Theme[] }>(`/api/form-themes/account/${adminId}`);
    expect(list.body.themes.map((theme) => theme.name)).toEqual(["Ocean"]);

    const edited = await admin.patch<Theme>(`/api/form-themes/${created.body.id}/account/${adminId}`, {
      name: "Deep ocean",
    });
    expect(edited.body).toMatchObject({ name: "Deep ocean", styling: ocean });

    const removed = await admin.delete(`/api/form-themes/${created.body.id}/account/${adminId}`);
    expect(removed.status).toBe(200);
    expect((await admin.get<{ themes: Theme[] }>(`/api/form-themes/account/${adminId}`)).body.themes).toEqual(
      [],
    );
    const again = await admin.delete(`/api/form-themes/${created.body.id}/account/${adminId}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: "theme.not_found" });
  });

  it("need a name, refusing an empty one with its message", async () => {
    const response = await admin.post(`/api/form-themes/account/${adminId}`, { name: "   ", styling: ocean });
    expect(response.status).toBe(400);
    expect(response.text).toContain("theme.name.empty");
    expect(response.text).toContain("Please input the theme's name");
  });

  it("refuse a second theme of the same name with name.is_used as the first validation error, also when sent at once", async () => {
    const body = { name: "Sunset", styling: ocean };
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => admin.post(`/api/form-themes/account/${adminId}`, body)),
    );
    expect(burst.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of burst.filter((r) => r.status !== 200)) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: "name.is_used",
        message: "This name is already used",
        validationErrors: [{ field: "name", code: "name.is_used" }],
      });
    }
    const differentCase = await admin.post(`/api/form-themes/account/${adminId}`, {
      ...body,
      name: "SUNSET",
    });
    expect(differentCase.body).toMatchObject({ code: "name.is_used" });

    const other = await admin.post<Theme>(`/api/form-themes/account/${adminId}`, {
      name: "Dawn",
      styling: ocean,
    });
    const renamed = await admin.patch(`/api/form-themes/${other.body.id}/account/${adminId}`, {
      name: "sunset",
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ code: "name.is_used" });
  });

  it("let another user keep a theme of the same name, and keep each user's themes to themselves", async () => {
    const mine = await member.api.post<Theme>(`/api/form-themes/account/${member.id}`, {
      name: "Sunset",
      styling: ocean,
    });
    expect(mine.status).toBe(200);
    expect((await member.api.get(`/api/form-themes/account/${adminId}`)).status).toBe(403);
    expect(
      (await member.api.post(`/api/form-themes/account/${adminId}`, { name: "Planted", styling: ocean }))
        .status,
    ).toBe(403);
    // The admin reaches the member's theme neither through their own path nor through the member's.
    expect(
      (await admin.patch(`/api/form-themes/${mine.body.id}/account/${adminId}`, { name: "Taken" })).status,
    ).toBe(404);
    expect((await admin.delete(`/api/form-themes/${mine.body.id}/account/${member.id}`)).status).toBe(403);
  });

  it("check the styling with the styling schema", async () => {
    const bad = await admin.post(`/api/form-themes/account/${adminId}`, {
      name: "Broken",
      styling: { formStyling: { opacity: 7 }, fieldsTypesStyling: { "no-such-type": {} } },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).not.toContain("Broken");
  });
});

describe("common themes", () => {
  it("are made, edited and deleted by an account admin and seen by every member", async () => {
    const created = await admin.post<Theme>("/api/form-themes/common", { name: "Company", styling: ocean });
    expect(created.status).toBe(200);
    expect(created.body.kind).toBe("common");
    const seen = await member.api.get<{ themes: Theme[] }>("/api/form-themes/common");
    expect(seen.body.themes.map((theme) => theme.name)).toEqual(["Company"]);
    // A common theme may share its name with someone's own theme, but not with another common one.
    expect((await admin.post("/api/form-themes/common", { name: "Sunset", styling: ocean })).status).toBe(
      200,
    );
    expect(
      (await admin.post("/api/form-themes/common", { name: "company", styling: ocean })).body,
    ).toMatchObject({
      code: "name.is_used",
    });
    const edited = await admin.patch<Theme>(`/api/form-themes/${created.body.id}/common`, { order: 3 });
    expect(edited.status).toBe(200);
    expect((await admin.delete(`/api/form-themes/${created.body.id}/common`)).status).toBe(200);
  });

  it("may not be changed by a member who is not an admin", async () => {
    const created = await admin.post<Theme>("/api/form-themes/common", { name: "Locked", styling: ocean });
    const tries = [
      await member.api.post("/api/form-themes/common", { name: "Planted", styling: ocean }),
      await member.api.patch(`/api/form-themes/${created.body.id}/common`, { name: "Hijacked" }),
      await member.api.delete(`/api/form-themes/${created.body.id}/common`),
    ];
    for (const response of tries) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: "not_allowed" });
    }
    const names = (await admin.get<{ themes: Theme[] }>("/api/form-themes/common")).body.themes.map(
      (t) => t.name,
    );
    expect(names).toContain("Locked");
    expect(names).not.toContain("Planted");
  });

  it("are not reachable as someone's own theme, nor an own theme as a common one", async () => {
    const common = await admin.post<Theme>("/api/form-themes/common", { name: "Shared", styling: ocean });
    const own = await admin.post<Theme>(`/api/form-themes/account/${adminId}`, {
      name: "Private",
      styling: ocean,
    });
    expect((await admin.delete(`/api/form-themes/${common.body.id}/account/${adminId}`)).status).toBe(404);
    expect((await admin.delete(`/api/form-themes/${own.body.id}/common`)).status).toBe(404);
  });
});

describe("the background library (GET /backgrounds/grouped)", () => {
  type Groups = {
    groups: Array<{
      id: string;
      name: string;
      backgrounds: Array<{ id: string; name: string; background: string }>;
    }>;
  };

  it("is read without signing in, named in the asked language or the browser's", async () => {
    const english = await server.api.get<Groups>("/api/backgrounds/grouped");
    expect(english.status).toBe(200);
    expect(english.body.groups.map((group) => group.name)).toEqual(["Colours", "Gradients", "Soft light"]);
    expect(english.body.groups[0]?.backgrounds[0]).toEqual({
      id: "mist",
      name: "Mist",
      background: "#f1f3f5",
    });

    const russian = await server.api.get<Groups>("/api/backgrounds/grouped?lang=ru");
    expect(russian.body.groups[0]?.name).toBe("Цвета");
    const browser = await server.api.request<Groups>("GET", "/api/backgrounds/grouped", undefined, {
      "accept-language": "de-DE, es;q=0.8, en;q=0.5",
    });
    expect(browser.body.groups[1]?.name).toBe("Degradados");

    const unknown = await server.api.get("/api/backgrounds/grouped?lang=xx");
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("request.invalid");
  });

  it("offers only backgrounds a theme saves, for the form and the page around it", async () => {
    const { body } = await server.api.get<Groups>("/api/backgrounds/grouped");
    const all = body.groups.flatMap((group) => group.backgrounds);
    expect(all.length).toBeGreaterThan(10);
    for (const item of all) {
      const saved = await admin.post<Theme>(`/api/form-themes/account/${adminId}`, {
        name: `Library ${item.id}`,
        styling: { formStyling: { background: item.background, pageBackground: item.background } },
      });
      expect(saved.status, `${item.id}: ${saved.text}`).toBe(200);
    }
  });
});
