import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, createForm, signUpWithAccount } from "./harness.ts";
import { type OwnPostgres, ownPostgres } from "./own-postgres.ts";
import { exited, freePort, type ServerProcess, spawnServer } from "./process.ts";

// PostgreSQL itself crashes under a load of submissions and comes back: every submission the app
// acknowledged is there after its recovery, each form's numbers still run 1..N, and the app goes
// on storing submissions on the restarted server without being restarted itself.
//
// The cluster is the test's own (own-postgres.ts). Its write-ahead log is written out only when a
// commit waits for it: the background writer is told to wait 10 s and 1 GB, so anything the app
// answered for before its commit reached the log would be lost by the crash, not saved by chance.

let cluster: OwnPostgres;
let server: ServerProcess;
let dataDir: string;
let api: ApiClient;
const forms: number[] = [];

beforeAll(async () => {
  cluster = await ownPostgres(["fsync=off", "wal_writer_delay=10s", "wal_writer_flush_after=1GB"]);
  dataDir = mkdtempSync(path.join(tmpdir(), "formloom-process-"));
  server = await spawnServer(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      DATABASE_URL: cluster.url,
      JWT_SECRET: randomBytes(32).toString("hex"),
      SECRET_KEY: randomBytes(32).toString("hex"),
    },
    await freePort(),
  );
  ({ api } = await signUpWithAccount(new ApiClient(server.url), "crash"));
  for (let i = 0; i < 2; i++) forms.push((await createForm(api)).id);
}, 120_000);

afterAll(async () => {
  if (server) {
    server.child.kill("SIGTERM");
    await exited(server.child);
  }
  await cluster?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Sends submissions from `senders` loops at once until `stop` says so; answers the ids acknowledged. */
function load(senders: number, stop: () => boolean) {
  const respondent = new ApiClient(server.url);
  const acknowledged: number[] = [];
  let refused = 0;
  const loops = Array.from({ length: senders }, async (_, sender) => {
    for (let i = 0; !stop(); i++) {
      const formId = forms[(sender + i) % forms.length]!;
      const sent = await respondent
        .post<{ id: number }>("/api/forms/answer", {
          formId,
          answers: [{ fieldId: "name", answer: `S${sender}-${i}` }],
        })
        .catch(() => undefined);
      if (sent?.status === 201) acknowledged.push(sent.body.id);
      else {
        refused++;
        // The database is down: the next attempt a moment later.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
  return { acknowledged, refused: () => refused, done: Promise.all(loops) };
}

const until = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a crash of PostgreSQL", () => {
  it("while the app is idle leaves the app up, and it stores the next submission once PostgreSQL is back", async () => {
    const respondent = new ApiClient(server.url);
    const send = () =>
      respondent.post<{ id: number }>("/api/forms/answer", {
        formId: forms[0]!,
        answers: [{ fieldId: "name", answer: "quiet" }],
      });
    // The app's pool keeps the connections these used, idle.
    expect((await Promise.all([send(), send(), send()])).map((sent) => sent.status)).toEqual([201, 201, 201]);
    await cluster.crash();
    await until(200);
    const down = await send();
    expect(down.status, down.text).toBe(500);
    await cluster.start();
    expect(server.child.exitCode, `the app exited:\n${server.output()}`).toBeNull();
    const back = await send();
    expect(back.status, back.text).toBe(201);
  });

  it("under a load of submissions loses no acknowledged submission, keeps the numbers 1..N, and the app stores on after the restart", async () => {
    let stopped = false;
    const running = load(32, () => stopped);
    await until(2_000);
    const beforeCrash = running.acknowledged.length;
    await cluster.crash();
    await until(500);
    await cluster.start();
    const atRestart = running.acknowledged.length;
    // Until the app has stored more since the restart, or 20 s went by.
    for (let waited = 0; running.acknowledged.length < atRestart + 100 && waited < 20_000; waited += 100)
      await until(100);
    stopped = true;
    await running.done;

    expect(server.child.exitCode, `the app exited:\n${server.output()}`).toBeNull();
    expect(beforeCrash, "submissions acknowledged before the crash").toBeGreaterThan(10);
    expect(
      running.acknowledged.length - atRestart,
      "submissions acknowledged after the restart",
    ).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const stored = await client.query<{ id: number }>(
        "select id from form_answers where id = any($1::int4[])",
        [running.acknowledged],
      );
      const storedIds = new Set(stored.rows.map((row) => Number(row.id)));
      const lost = running.acknowledged.filter((id) => !storedIds.has(id));
      expect(lost, `of ${running.acknowledged.length} acknowledged`).toEqual([]);
      for (const formId of forms) {
        const numbers = await client.query<{ number: number }>(
          "select number from form_answers where form_id = $1::int4 order by number",
          [formId],
        );
        const list = numbers.rows.map((row) => Number(row.number));
        expect(list).toEqual(Array.from({ length: list.length }, (_, i) => i + 1));
        const counts = await client.query<{ total: number; last_number: number }>(
          "select total, last_number from form_answer_counts where form_id = $1::int4",
          [formId],
        );
        expect(counts.rows[0]).toEqual({ total: list.length, last_number: list.length });
      }
    } finally {
      await client.end();
    }
  });
});
