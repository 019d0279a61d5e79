import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formFiles } from "../src/db/schema.ts";
import { UPLOAD_LIMITS } from "../src/features/files/uploads.ts";
import { signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
let accountId: number;
let subdomain: string;
let api: Awaited<ReturnType<typeof signUpWithAccount>>["api"];

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  // Behind a proxy, so each test speaks from its own addresses and counts apart.
  server = await startTestServer({ TRUST_PROXY: "true" });
  ({ api, accountId } = await signUpWithAccount(server.api, "uplimits"));
  subdomain = (await api.get<{ account: { subdomain: string } }>("/api/user")).body.account.subdomain;
});
afterAll(() => server.close());

async function createForm() {
  const created = await api.post<{ form: { id: number; formPathAlias: string } }>("/api/forms", {
    title: "Photos",
    fields: [{ id: "pic", fieldType: "image", question: "A picture" }],
  });
  expect(created.status).toBe(201);
  return { id: created.body.form.id, alias: created.body.form.formPathAlias };
}

async function upload(formId: number, headers: Record<string, string>) {
  const body = new FormData();
  body.append("formId", String(formId));
  body.append("fieldId", "pic");
  body.append("file", new Blob([PNG], { type: "image/png" }), "pic.png");
  const response = await fetch(`${server.url}/api/forms/upload_file`, { method: "POST", body, headers });
  const json = (await response.json()) as { code?: string };
  return { status: response.status, code: json.code, retryAfter: response.headers.get("retry-after") };
}

const counts = (results: Array<{ status: number }>) => {
  const by: Record<number, number> = {};
  for (const { status } of results) by[status] = (by[status] ?? 0) + 1;
  return by;
};

describe("anonymous uploads", () => {
  it("lets one address send only so many files, however many arrive at once", async () => {
    const form = await createForm();
    const extra = 8;
    const burst = await Promise.all(
      Array.from({ length: UPLOAD_LIMITS.perAddress + extra }, () =>
        upload(form.id, { "x-forwarded-for": "203.0.113.10" }),
      ),
    );
    expect(counts(burst)).toEqual({ 201: UPLOAD_LIMITS.perAddress, 429: extra });
    const refused = burst.find((result) => result.status === 429)!;
    expect(refused.code).toBe("upload.rate_limited");
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(UPLOAD_LIMITS.windowSeconds);
    // Another address is not held back by it.
    expect((await upload(form.id, { "x-forwarded-for": "203.0.113.11" })).status).toBe(201);
  });

  it("counts the addresses of one IPv6 network together, so a fresh address per file does not help", async () => {
    const form = await createForm();
    const burst = await Promise.all(
      Array.from({ length: UPLOAD_LIMITS.perAddress + 1 }, (_, i) =>
        upload(form.id, { "x-forwarded-for": `2001:db8:7:1::${(i + 1).toString(16)}` }),
      ),
    );
    expect(counts(burst)).toEqual({ 201: UPLOAD_LIMITS.perAddress, 429: 1 });
    expect((await upload(form.id, { "x-forwarded-for": "2001:db8:7:2::1" })).status).toBe(201);
  });

  it("lets one respondent send only so many files, from whatever addresses", async () => {
    const form = await createForm();
    const opened = await fetch(`${server.url}/api/forms/path/${form.alias}/${subdomain}`);
    const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^flr_respondent=/);
    const extra = 5;
    const burst = await Promise.all(
      Array.from({ length: UPLOAD_LIMITS.perRespondent + extra }, (_, i) =>
        upload(form.id, { cookie, "x-forwarded-for": `203.0.114.${i + 1}` }),
      ),
    );
    expect(counts(burst)).toEqual({ 201: UPLOAD_LIMITS.perRespondent, 429: extra });
  });

  it("stops taking files for a form that holds too many no submission took, and says when to come back", async () => {
    const form = await createForm();
    // Strangers' uploads that piled up, as if from many addresses.
    await server.database.db.insert(formFiles).values(
      Array.from({ length: UPLOAD_LIMITS.unclaimedFilesPerForm }, () => {
        const id = randomBytes(16).toString("hex");
        return {
          id,
          accountId,
          formId: form.id,
          fieldId: "pic",
          name: "pic.png",
          mimeType: "image/png",
          size: PNG.length,
          storageKey: `forms/${accountId}/${form.id}/${id}`,
        };
      }),
    );
    const full = await upload(form.id, { "x-forwarded-for": "203.0.115.1" });
    expect(full.status).toBe(429);
    expect(full.code).toBe("upload.form_full");
    expect(Number(full.retryAfter)).toBeGreaterThan(0);
    // Another form takes files as before.
    expect((await upload((await createForm()).id, { "x-forwarded-for": "203.0.115.1" })).status).toBe(201);
  });
});
