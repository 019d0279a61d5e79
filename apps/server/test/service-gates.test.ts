import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { FREE_EXPORT_ROWS } from "../src/features/services/entitlements.ts";
import { createForm, payOffline, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_PAYMENTS: "true" });
});
afterAll(() => server.close());

/** `count` submissions of the form, written at once by SQL. */
async function seed(accountId: number, formId: number, count: number) {
  await server.database.db.execute(sql`
    insert into form_answers (account_id, form_id, answers, device)
    select ${accountId}, ${formId}, '[]'::jsonb,
           '{"type":"desktop","os":"Linux","browser":"Firefox","language":"en","platform":"x"}'::jsonb
      from generate_series(1, ${count})`);
}

it("exports more rows than the free limit only for an account whose More responses service is added and paid", async () => {
  const { api, accountId } = await signUpWithAccount(server.api, "gated");
  const small = await createForm(api);
  await seed(accountId, small.id, FREE_EXPORT_ROWS);
  const large = await createForm(api);
  await seed(accountId, large.id, FREE_EXPORT_ROWS + 1);

  // Up to the limit every account exports.
  expect((await api.get(`/api/forms/${small.id}/answers/export/csv`)).status).toBe(200);
  const refused = await api.get(`/api/forms/${large.id}/answers/export/csv`);
  expect([refused.status, refused.body.code, refused.body.message]).toEqual([
    402,
    "service.required",
    "This needs a service your account has not added: add it in the marketplace",
  ]);

  // Added, its month waits for money: still refused, saying so.
  expect((await api.post("/api/account/service/add", { service_id: "responses-plus" })).status).toBe(200);
  const unpaid = await api.get(`/api/forms/${large.id}/answers/export/xlsx`);
  expect([unpaid.status, unpaid.body.code]).toEqual([402, "service.unpaid"]);

  await payOffline(server, api, 9);
  const opened = await api.get(`/api/forms/${large.id}/answers/export/csv`);
  expect([200, 202]).toContain(opened.status);

  // Removed again, the gate closes.
  await api.post("/api/account/service/remove", { service_id: "responses-plus" });
  expect((await api.get(`/api/forms/${large.id}/answers/export/csv`)).body.code).toBe("service.required");
}, 120_000);
