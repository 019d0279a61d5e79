import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, freshDatabaseTarget, sampleForm, signUpWithAccount } from "./harness.ts";
import { exited, freePort, type ServerProcess, spawnServer } from "./process.ts";

// Two server processes on one PostgreSQL, as behind a load balancer: the author changes the form
// through one, respondents submit through the other, and each change holds there at once.
// PGlite serves one process, so this file runs in the PostgreSQL pass alone.

let target: Awaited<ReturnType<typeof freshDatabaseTarget>>;
const processes: ServerProcess[] = [];
const dataDirs: string[] = [];
let author: ApiClient;
let respondent: ApiClient;

beforeAll(async () => {
  target = await freshDatabaseTarget();
  const secrets = {
    JWT_SECRET: randomBytes(32).toString("hex"),
    SECRET_KEY: randomBytes(32).toString("hex"),
  };
  for (let i = 0; i < 2; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "formloom-process-"));
    dataDirs.push(dataDir);
    const env = { ...secrets, DATA_DIR: dataDir, SEED_DEMO: "false", DATABASE_URL: target.databaseUrl ?? "" };
    // One after the other: the first migrates the database.
    processes.push(await spawnServer(env, await freePort()));
  }
  ({ api: author } = await signUpWithAccount(new ApiClient(processes[0]!.url), "author"));
  respondent = new ApiClient(processes[1]!.url);
}, 180_000);

afterAll(async () => {
  for (const server of processes) {
    server.child.kill("SIGTERM");
    await exited(server.child);
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await target.drop();
});

const name = { fieldId: "name", answer: "Ann" };
const send = (formId: number, answers: unknown[] = [name]) =>
  respondent.post("/api/forms/answer", { formId, answers });

async function change(formId: number, patch: Record<string, unknown>): Promise<void> {
  const changed = await author.patch(`/api/forms/${formId}`, patch);
  expect(changed.status, changed.text).toBe(200);
}

describe("a change made through one process", { timeout: 120_000 }, () => {
  it("holds at once for submissions to another", async () => {
    const created = await author.post<{ form: { id: number } }>("/api/forms", {
      ...sampleForm,
      isPublished: false,
      hasAnonymousFilling: "registered",
    });
    const formId = created.body.form.id;
    expect((await send(formId)).body.code).toBe("form.closed");

    await change(formId, { isPublished: true });
    expect((await send(formId)).body.code).toBe("form.access_denied");

    await change(formId, { hasAnonymousFilling: "anonymous" });
    expect((await send(formId)).status).toBe(201);

    await change(formId, { isPublished: false });
    expect((await send(formId)).body.code).toBe("form.closed");
    await change(formId, { isPublished: true });

    const late = { fieldId: "late", answer: "added" };
    expect((await send(formId, [name, late])).status).toBe(400);
    const withLate = [...sampleForm.fields, { id: "late", fieldType: "text", question: "Added later" }];
    await change(formId, { fields: withLate });
    expect((await send(formId, [name, late])).status).toBe(201);

    await change(formId, {
      fields: withLate.map((field) => (field.id === "late" ? { ...field, isRequired: true } : field)),
    });
    const missing = await send(formId);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('"field":"late"');

    await change(formId, { nextSubmissionTime: "1h" });
    const soon = await send(formId, [name, late]);
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe("submission.too_soon");

    await change(formId, { nextSubmissionTime: "" });
    expect((await send(formId, [name, late])).status).toBe(201);
  });
});
