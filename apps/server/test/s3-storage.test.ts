import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { download } from "./export-readers.ts";
import { type FakeS3, startFakeS3 } from "./fake-s3.ts";
import {
  ApiClient,
  freshDatabaseTarget,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import { exited, freePort, type ServerProcess, spawnServer } from "./process.ts";

// STORAGE_DRIVER=s3: uploads and export files go to an S3-compatible bucket (here a local server
// speaking the protocol), so a process other than the one that stored them reads them.

let s3: FakeS3;
let server: TestServer;
let api: ApiClient;
let formId: number;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const uploadForm = {
  title: "Claims",
  fields: [
    { id: "name", fieldType: "text", question: "Your name" },
    { id: "pic", fieldType: "image", question: "Picture of the damage" },
  ],
};

async function upload(base: string, target: number) {
  const body = new FormData();
  body.append("formId", String(target));
  body.append("fieldId", "pic");
  body.append("key", randomUUID());
  body.append("file", new Blob([PNG], { type: "image/png" }), "damage.png");
  const response = await fetch(`${base}/api/forms/upload_file`, { method: "POST", body });
  return { status: response.status, body: (await response.json()) as { id: string; url: string } };
}

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

// Two server processes on one PostgreSQL with no shared disk: what one stores, the other serves.
// PGlite serves one process, so this part runs in the PostgreSQL pass alone.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "two server processes sharing a bucket",
  { timeout: 180_000 },
  () => {
    it("serves through the second process a file uploaded through the first", async () => {
      const target = await freshDatabaseTarget();
      const processes: ServerProcess[] = [];
      try {
        const shared = {
          JWT_SECRET: randomBytes(32).toString("hex"),
          SECRET_KEY: randomBytes(32).toString("hex"),
        };
        for (let i = 0; i < 2; i++) {
          const env = {
            ...shared,
            ...s3.env,
            DATA_DIR: `${target.dataDir}/process-${i}`,
            SEED_DEMO: "false",
            DATABASE_URL: target.databaseUrl ?? "",
          };
          processes.push(await spawnServer(env, await freePort()));
        }
        const [first, second] = processes as [ServerProcess, ServerProcess];
        const { api: author } = await signUpWithAccount(new ApiClient(first.url), "s3-two");
        const form = (await author.post<{ form: { id: number } }>("/api/forms", uploadForm)).body.form.id;
        const saved = await upload(first.url, form);
        expect(saved.status).toBe(201);
        const sent = await new ApiClient(first.url).post("/api/forms/answer", {
          formId: form,
          answers: [{ fieldId: "pic", answer: [saved.body] }],
        });
        expect(sent.status).toBe(201);
        const read = await download(second, author, saved.body.url);
        expect(read.status).toBe(200);
        expect(read.bytes).toEqual(PNG);
      } finally {
        for (const process of processes) {
          process.child.kill("SIGTERM");
          await exited(process.child);
        }
        await target.drop();
      }
    });
  },
);
