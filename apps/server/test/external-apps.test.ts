import { addMonths } from "@formloom/core/api/external-apps";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalApps } from "../src/db/schema.ts";
import { type ApiClient, addMember, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let accountId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ api: admin, accountId } = await signUpWithAccount(server.api, "apps"));
});
afterAll(() => server.close());

interface Created {
  app: { id: number; expiresAt: string; tokenStart: string; status: string };
  token: string;
}

const valid = { name: "Reporting", description: "Nightly export", allowedIps: ["127.0.0.1"] };

describe("external-app tokens", () => {
  it("checks the name, the addresses and the expiry", async () => {
    const now = new Date();
    const cases = [
      [{ ...valid, name: "abc" }, "external_app.name.too_short"],
      [{ ...valid, allowedIps: [] }, "external_app.ips.required"],
      [{ ...valid, allowedIps: ["127.0.0.1", "300.1.1.1"] }, "external_app.ip.invalid"],
      [{ ...valid, expiresAt: new Date(now.getTime() - 60_000).toISOString() }, "external_app.expiry.past"],
      [{ ...valid, expiresAt: addMonths(now, 7).toISOString() }, "external_app.expiry.too_far"],
      [{ ...valid, expiresAt: "next tuesday" }, "external_app.expiry.invalid"],
    ] as const;
    for (const [input, code] of cases) {
      const response = await admin.post("/api/external-apps", input);
      expect(response.status, code).toBe(400);
      expect(response.body.code, JSON.stringify(input)).toBe(code);
    }
    expect((await admin.get<{ apps: unknown[] }>("/api/external-apps")).body.apps).toEqual([]);
  });

  it("shows the token once, keeps only its hash, and expires it after half a year by default", async () => {
    const created = await admin.post<Created>("/api/external-apps", {
      ...valid,
      allowedIps: ["10.0.0.0/8", "127.0.0.1"],
    });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^flk_/);
    const days = (new Date(created.body.app.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(180);
    expect(days).toBeLessThan(185);
    // A blank expiry is no expiry said: half a year too (platform.md §5).
    const blank = await admin.post<Created>("/api/external-apps", {
      ...valid,
      name: "Blank expiry",
      expiresAt: " ",
    });
    expect(blank.status, blank.text).toBe(201);
    const apart = Date.parse(blank.body.app.expiresAt) - Date.parse(created.body.app.expiresAt);
    expect(apart).toBeGreaterThanOrEqual(0);
    expect(apart).toBeLessThan(60_000);

    const listed = await admin.get("/api/external-apps");
    expect(listed.text).not.toContain(created.body.token);
    expect(listed.text).toContain(created.body.app.tokenStart);
    const [row] = await server.database.db
      .select()
      .from(externalApps)
      .where(and(eq(externalApps.accountId, accountId), eq(externalApps.id, created.body.app.id)));
    expect(JSON.stringify(row)).not.toContain(created.body.token);

    // The token works as its maker, from an allowed address.
    const app = server.api.as(created.body.token);
    expect((await app.get("/api/forms/account")).status).toBe(200);
    const used = await admin.get<{ lastUsedAt: string | null }>(`/api/external-apps/${created.body.app.id}`);
    expect(used.body.lastUsedAt).not.toBeNull();
    // …but never manages tokens, so a leaked one cannot make more.
    const mint = await app.post("/api/external-apps", valid);
    expect(mint.status).toBe(403);
    expect(mint.body.code).toBe("auth.session_required");
  });

  it("refuses the token from other addresses, after expiry, and when disabled", async () => {
    const elsewhere = await admin.post<Created>("/api/external-apps", {
      ...valid,
      allowedIps: ["192.0.2.10"],
    });
    const denied = await server.api.as(elsewhere.body.token).get("/api/forms/account");
    expect(denied.status).toBe(401);
    expect(denied.body.code).toBe("api_token.ip_not_allowed");

    const created = await admin.post<Created>("/api/external-apps", valid);
    const app = server.api.as(created.body.token);
    expect((await app.get("/api/forms/account")).status).toBe(200);

    const disabled = await admin.post(`/api/external-apps/${created.body.app.id}/edit`, {
      ...valid,
      status: "disabled",
    });
    expect(disabled.body).toMatchObject({ status: "disabled" });
    expect((await app.get("/api/forms/account")).body.code).toBe("api_token.invalid");
    await admin.post(`/api/external-apps/${created.body.app.id}/edit`, { ...valid, status: "active" });
    expect((await app.get("/api/forms/account")).status).toBe(200);

    await server.database.db
      .update(externalApps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(externalApps.accountId, accountId), eq(externalApps.id, created.body.app.id)));
    const expired = await app.get("/api/forms/account");
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe("api_token.expired");

    expect((await admin.post(`/api/external-apps/${created.body.app.id}/delete`)).status).toBe(200);
    expect((await admin.get(`/api/external-apps/${created.body.app.id}`)).status).toBe(404);
  });

  it("gives a member's token no more than the member may do", async () => {
    const member = await addMember(server, accountId, "appuser");
    expect((await member.api.post("/api/external-apps", valid)).status).toBe(403);
    const group = await admin.post<{ id: number }>("/api/account/group/create", { groupName: "Integrators" });
    await admin.post(`/api/account/group/${group.body.id}/users/add`, { userIds: [member.id] });
    await admin.post(`/api/account/group/${group.body.id}/permissions/set`, {
      permissions: ["external_apps.manage"],
    });
    const created = await member.api.post<Created>("/api/external-apps", valid);
    expect(created.status).toBe(201);
    const app = server.api.as(created.body.token);
    expect((await app.get("/api/forms/account")).status).toBe(403);
    expect((await app.get("/api/user")).status).toBe(200);
  });
});
