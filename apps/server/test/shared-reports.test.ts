import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  addMember,
  createForm,
  groupWith,
  signUpWithAccount,
  startWithAccount,
  submitAnswers,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let admin: ApiClient;
let accountId: number;
let formId: number;

const form = {
  title: "Shared charts",
  fields: [
    { id: "name", fieldType: "text", question: "Your name" },
    { id: "mail", fieldType: "email", question: "E-mail" },
    {
      id: "pick",
      fieldType: "radio",
      question: "Colour",
      fieldSettings: {
        answerVariants: [
          { id: "red", title: "Red", value: "1" },
          { id: "blue", title: "Blue", value: "2" },
        ],
      },
    },
    { id: "nps", fieldType: "nps", question: "Would you recommend us?" },
  ],
};

const DAYS = ["2026-03-01", "2026-03-02", "2026-03-20"];

interface Created {
  token: string;
  report: { id: number; formId: number; tokenStart: string; mine: boolean; creator: string | null };
}
interface ReportData {
  title: string;
  daily: { total: number; days: Array<{ date: string; count: number }> };
  summary: {
    total: number;
    fields: Array<{ fieldId: string; choices?: Array<{ id: string; count: number }> }>;
  };
  nps: { total: number } | null;
  submitRateDays: { days: Array<{ date: string; submissions: number }> };
  devices: { total: number; items: Array<{ device: string; count: number }> };
  countries: { total: number; items: Array<{ country: string | null; count: number }> };
  time: { count: number; medianSeconds: number | null };
}

beforeAll(async () => {
  ({ server, api: admin, accountId } = await startWithAccount("shared"));
  formId = (await createForm(admin, form)).id;
  for (let i = 0; i < 9; i++) {
    const id = await submitAnswers(server.api, formId, [
      { fieldId: "name", answer: `Secret person ${i}` },
      { fieldId: "mail", answer: `secret${i}@example.com` },
      { fieldId: "pick", answer: i % 3 === 0 ? "red" : "blue" },
      { fieldId: "nps", answer: i },
    ]);
    const where = i < 4 ? { type: "mobile" } : { type: "desktop" };
    const geo = i < 3 ? { country: "DE", city: "Secret town" } : null;
    await server.database.db.execute(
      sql`update form_answers set submit_time = ${`${DAYS[i % 3]}T12:00:00Z`}::timestamptz,
          device = ${JSON.stringify(where)}::jsonb, geo = ${geo ? JSON.stringify(geo) : null}::jsonb,
          form_passing_time = ${30 + i * 10} where id = ${id}`,
    );
  }
});
afterAll(() => server.close());

const share = async (client: ApiClient, id = formId) => {
  const created = await client.post<Created>(`/api/forms/${id}/shared-reports`);
  expect(created.status, created.text).toBe(201);
  return created.body;
};

describe("a shared report", () => {
  it("opens signed out with the form's aggregates only, never an answer's text or who sent it", async () => {
    const { token, report } = await share(admin);
    expect(report).toEqual(expect.objectContaining({ formId, mine: true, tokenStart: token.slice(0, 6) }));
    const opened = await server.api.get<ReportData>(`/api/shared-reports/${token}?timezone=UTC`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.title).toBe("Shared charts");
    expect(opened.body.daily.total).toBe(9);
    expect(opened.body.summary.total).toBe(9);
    const pick = opened.body.summary.fields.find((f) => f.fieldId === "pick")!;
    expect(pick.choices!.find((c) => c.id === "red")!.count).toBe(3);
    expect(opened.body.nps!.total).toBe(9);
    expect(opened.body.devices.items).toEqual([
      { device: "desktop", count: 5 },
      { device: "mobile", count: 4 },
    ]);
    expect(opened.body.countries.items).toEqual([
      { country: null, count: 6 },
      { country: "DE", count: 3 },
    ]);
    expect(opened.body.time).toEqual(expect.objectContaining({ count: 9, medianSeconds: 70 }));
    // Names, addresses and sample texts stay with the form's readers.
    expect(opened.text).not.toContain("Secret person");
    expect(opened.text).not.toContain("secret0@example.com");
    expect(opened.text).not.toContain("samples");
    expect(opened.text).not.toContain("submitTime");
    expect(opened.text).not.toContain("Secret town");
  });

  it("follows the asked range in every figure", async () => {
    const { token } = await share(admin);
    const march = await server.api.get<ReportData>(
      `/api/shared-reports/${token}?dateFrom=2026-03-01&dateTo=2026-03-02&timezone=UTC`,
    );
    expect(march.status, march.text).toBe(200);
    expect(march.body.daily.total).toBe(6);
    expect(march.body.daily.days.map((d) => d.date)).toEqual(["2026-03-01", "2026-03-02"]);
    expect(march.body.summary.total).toBe(6);
    expect(march.body.nps!.total).toBe(6);
    expect(march.body.submitRateDays.days.reduce((sum, d) => sum + d.submissions, 0)).toBe(6);
    const bad = await server.api.get(`/api/shared-reports/${token}?dateFrom=2026-03-05&dateTo=2026-03-01`);
    expect(bad.status).toBe(400);
  });

  it("is listed for the form's readers and stops working once revoked", async () => {
    const { token, report } = await share(admin);
    const list = await admin.get<{ reports: Array<{ id: number }> }>(`/api/forms/${formId}/shared-reports`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.reports.map((r) => r.id)).toContain(report.id);
    expect(list.text).not.toContain(token);
    const revoked = await admin.delete(`/api/forms/${formId}/shared-reports/${report.id}`);
    expect(revoked.status, revoked.text).toBe(204);
    expect((await server.api.get(`/api/shared-reports/${token}`)).status).toBe(404);
    expect((await server.api.get(`/api/shared-reports/${"x".repeat(32)}`)).status).toBe(404);
    const again = await admin.delete(`/api/forms/${formId}/shared-reports/${report.id}`);
    expect(again.status).toBe(404);
  });

  it("shows a field-limited maker's fields only, and stops once the maker loses access", async () => {
    const reader = await addMember(server, accountId, "sharereader");
    const group = await groupWith(admin, "Share readers", [reader.id], ["forms.view", "results.view"]);
    const limit = (fieldIds: string[]) =>
      admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, { level: "fields", fieldIds });
    await limit(["pick"]);
    const { token, report } = await share(reader.api);
    const opened = await server.api.get<ReportData>(`/api/shared-reports/${token}`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.summary.fields.map((f) => f.fieldId)).toEqual(["pick"]);
    expect(opened.body.nps).toBeNull();
    // A member may not revoke someone else's link; the admin may revoke theirs.
    const adminsLink = await share(admin);
    const refused = await reader.api.delete(`/api/forms/${formId}/shared-reports/${adminsLink.report.id}`);
    expect(refused.status).toBe(403);

    // Their data permissions are read again at each opening: the link follows what they may see now.
    await limit(["pick", "nps"]);
    const widened = await server.api.get<ReportData>(`/api/shared-reports/${token}`);
    expect(widened.body.summary.fields.map((f) => f.fieldId)).toEqual(["pick", "nps"]);
    await admin.post(`/api/account/group/${group}/permissions/set`, { permissions: ["forms.view"] });
    expect((await server.api.get(`/api/shared-reports/${token}`)).status).toBe(404);
    await admin.post(`/api/account/group/${group}/permissions/set`, {
      permissions: ["forms.view", "results.view"],
    });
    expect((await server.api.get(`/api/shared-reports/${token}`)).status).toBe(200);
    await admin.request("PUT", `/api/forms/${formId}/permissions/group/${group}`, {
      level: "none",
      fieldIds: [],
    });
    expect((await server.api.get(`/api/shared-reports/${token}`)).status).toBe(404);
    expect((await admin.delete(`/api/forms/${formId}/shared-reports/${report.id}`)).status).toBe(204);
  });

  it("cannot be made, listed or revoked for another account's form, nor signed out", async () => {
    const { api: outsider } = await signUpWithAccount(server.api, "shareoutsider");
    expect([403, 404]).toContain((await outsider.post(`/api/forms/${formId}/shared-reports`)).status);
    expect([403, 404]).toContain((await outsider.get(`/api/forms/${formId}/shared-reports`)).status);
    const { report } = await share(admin);
    expect([403, 404]).toContain(
      (await outsider.delete(`/api/forms/${formId}/shared-reports/${report.id}`)).status,
    );
    expect((await server.api.post(`/api/forms/${formId}/shared-reports`)).status).toBe(401);
  });
});

describe("the submit rate day by day", () => {
  it("counts each day's views and submissions", async () => {
    await server.database.db.execute(
      sql`insert into form_view_hours (account_id, form_id, hour, views) values (${accountId}, ${formId}, '2026-03-01T09:00:00Z', 6)`,
    );
    const days = await admin.get<{
      days: Array<{ date: string; views: number; submissions: number; submitRate: number | null }>;
    }>(`/api/forms/${formId}/charts/submit-rate-days?dateFrom=2026-03-01&dateTo=2026-03-03&timezone=UTC`);
    expect(days.status, days.text).toBe(200);
    expect(days.body.days).toEqual([
      { date: "2026-03-01", views: 6, submissions: 3, submitRate: 50 },
      { date: "2026-03-02", views: 0, submissions: 3, submitRate: null },
      { date: "2026-03-03", views: 0, submissions: 0, submitRate: null },
    ]);
  });
});
