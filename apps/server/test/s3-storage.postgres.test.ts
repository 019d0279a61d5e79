import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { download } from "./export-readers.ts";
import { type FakeS3, startFakeS3 } from "./fake-s3.ts";
import { ApiClient, freshDatabaseTarget, signUpWithAccount } from "./harness.ts";
import { exited, freePort, type ServerProcess, spawnServer } from "./process.ts";
import { PNG, upload, uploadForm } from "./s3-fixtures.ts";

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
});

// Two server processes on one PostgreSQL with no shared disk: what one stores, the other serves.
// PGlite serves one process, so this file runs in the PostgreSQL pass alone.
describe("two server processes sharing a bucket", { timeout: 180_000 }, () => {
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
});
