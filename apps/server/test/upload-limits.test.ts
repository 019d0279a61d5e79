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

/** A filling's key, as the public page makes one for each filling. */
const newKey = () => randomBytes(16).toString("hex");

async function upload(formId: number, headers: Record<string, string>, key: string | null = newKey()) {
  const body = new FormData();
  body.append("formId", String(formId));
  body.append("fieldId", "pic");
  if (key !== null) body.append("key", key);
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

  it("stops taking files for a form that holds too many recent ones no submission took, and says when to come back", async () => {
    const form = await createForm();
    // Strangers' uploads that piled up, as if from many addresses.
    const piled = async (minutesAgo: number) =>
      server.database.db.insert(formFiles).values(
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
            createdAt: new Date(Date.now() - minutesAgo * 60_000),
          };
        }),
      );
    // Left by fillings abandoned long enough ago, they no longer count.
    await piled(UPLOAD_LIMITS.unclaimedMinutes + 1);
    expect((await upload(form.id, { "x-forwarded-for": "203.0.115.1" })).status).toBe(201);
    await piled(1);
    const full = await upload(form.id, { "x-forwarded-for": "203.0.115.1" });
    expect(full.status).toBe(429);
    expect(full.code).toBe("upload.form_full");
    expect(Number(full.retryAfter)).toBeGreaterThan(0);
    expect(Number(full.retryAfter)).toBeLessThanOrEqual(UPLOAD_LIMITS.unclaimedMinutes * 60);
    // Another form takes files as before.
    expect((await upload((await createForm()).id, { "x-forwarded-for": "203.0.115.1" })).status).toBe(201);
  });
});

describe("uploads strangers send to switch a form's file questions off", () => {
  it("leave the form open to real respondents: 200 one-byte uploads from a few addresses fill only their own share", async () => {
    const form = await createForm();
    const strangers = ["203.0.116.1", "203.0.116.2", "203.0.116.3", "203.0.116.4"];
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) => upload(form.id, { "x-forwarded-for": strangers[i % 4]! })),
    );
    expect(burst.every((result) => result.status === 201 || result.status === 429)).toBe(true);
    expect(counts(burst)[201]).toBeLessThanOrEqual(4 * UPLOAD_LIMITS.unclaimedPerAddress);
    // A respondent elsewhere still uploads.
    const real = await upload(form.id, { "x-forwarded-for": "198.51.100.77" });
    expect(real.status).toBe(201);
  });

  it("takes an upload only within a filling, and records that the filling began", async () => {
    const form = await createForm();
    const without = await upload(form.id, { "x-forwarded-for": "203.0.117.1" }, null);
    expect(without.status).toBe(400);
    expect(without.code).toBe("upload.filling_required");
    const key = newKey();
    expect((await upload(form.id, { "x-forwarded-for": "203.0.117.1" }, key)).status).toBe(201);
    const started = await server.database.raw.query(
      "select 1 from form_starts where form_id = $1 and visit_key = $2",
      [form.id, key],
    );
    expect(started).toHaveLength(1);
  });

  it("holds one filling and one address to a share of the form's unclaimed files", async () => {
    const form = await createForm();
    const key = newKey();
    const filling = await Promise.all(
      Array.from({ length: UPLOAD_LIMITS.unclaimedPerFilling + 3 }, (_, i) =>
        upload(form.id, { "x-forwarded-for": `203.0.118.${i + 1}` }, key),
      ),
    );
    expect(counts(filling)).toEqual({ 201: UPLOAD_LIMITS.unclaimedPerFilling, 429: 3 });
    expect(filling.find((result) => result.status === 429)?.code).toBe("upload.rate_limited");
  });
});
