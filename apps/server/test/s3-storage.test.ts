import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { download } from "./export-readers.ts";
import { type FakeS3, startFakeS3 } from "./fake-s3.ts";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import { exited } from "./process.ts";
import { PNG, upload, uploadForm } from "./s3-fixtures.ts";

// STORAGE_DRIVER=s3: uploads and export files go to an S3-compatible bucket (here a local server
// speaking the protocol), so a process other than the one that stored them reads them.

let s3: FakeS3;
let server: TestServer;
let api: ApiClient;
let formId: number;

/** Reads a key through the app's own S3 storage in a separate Node process, as another server would. */
function readInAnotherProcess(env: Record<string, string>, key: string): Promise<string> {
  const script = `
    const { loadSettings } = await import("./src/settings.ts");
    const { storageFromSettings } = await import("./src/storage/storage-from-settings.ts");
    const storage = storageFromSettings(loadSettings({ ...process.env, DATA_DIR: process.env.TMP_DATA }));
    const bytes = await storage.get(${JSON.stringify(key)});
    process.stdout.write(bytes ? bytes.toString("base64") : "missing");`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...process.env, ...env, TMP_DATA: server.settings.dataDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return exited(child).then(() => output);
}

beforeAll(async () => {
  s3 = await startFakeS3();
  server = await startTestServer({ ...s3.env, EXPORT_JOB_THRESHOLD: "1", EXPORT_POLL_MS: "100" });
  ({ api } = await signUpWithAccount(server.api, "s3"));
  formId = (await api.post<{ form: { id: number } }>("/api/forms", uploadForm)).body.form.id;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

describe("files kept in an S3-compatible bucket", { timeout: 60_000 }, () => {
  it("stores an upload in the bucket, not on the disk, and another process reads the same bytes", async () => {
    const saved = await upload(server.url, formId);
    expect(saved.status).toBe(201);
    const key = [...s3.objects.keys()].find((stored) => stored.endsWith(saved.body.id));
    expect(key, JSON.stringify(s3.calls)).toBeDefined();
    expect(s3.objects.get(key!)).toEqual(PNG);
    expect(await readdir(server.settings.storageDir).catch(() => [])).toEqual([]);

    expect(await readInAnotherProcess(s3.env, key!)).toBe(PNG.toString("base64"));
    expect(await readInAnotherProcess(s3.env, `${key!}-none`)).toBe("missing");

    const sent = await server.api.post("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "pic", answer: [saved.body] }],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const read = await download(server, api, saved.body.url);
    expect(read.status).toBe(200);
    expect(read.bytes).toEqual(PNG);
  });

  it("writes a large export to the bucket as a stream and serves its download from there", async () => {
    await server.api.post("/api/forms/answer", { formId, answers: [{ fieldId: "name", answer: "Ann" }] });
    const started = await api.get<{ job: { id: number } }>(`/api/forms/${formId}/answers/export/csv`);
    expect(started.status).toBe(202);
    const jobUrl = `/api/forms/${formId}/answers/export-jobs/${started.body.job.id}`;
    let job = { state: "queued", downloadUrl: null as string | null };
    for (let i = 0; i < 200 && job.state !== "done" && job.state !== "failed"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await api.get<typeof job>(jobUrl)).body;
    }
    expect(job.state).toBe("done");
    expect(s3.calls.some((call) => call.startsWith("PUT exports/"))).toBe(true);
    const file = await download(server, server.api, job.downloadUrl!);
    expect(file.status).toBe(200);
    expect(file.bytes.toString("utf8")).toContain("Ann");
  });

  it("refuses a request the bucket does not accept, as a wrong key would be", async () => {
    const wrong = await startTestServer({ ...s3.env, S3_ACCESS_KEY_ID: "SOMEONEELSE" });
    try {
      const { api: other } = await signUpWithAccount(wrong.api, "s3-wrong");
      const form = (await other.post<{ form: { id: number } }>("/api/forms", uploadForm)).body.form.id;
      const refused = await upload(wrong.url, form);
      expect(refused.status).toBe(500);
    } finally {
      await wrong.close();
    }
  });
});
