import { randomBytes } from "node:crypto";
import { DEFAULT_CONSENT_OPTIONS } from "@formloom/core/consent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeExpiredRecordings } from "../src/features/account/recordings-retention.ts";
import { createDiskStorage } from "../src/storage/file-storage.ts";
import {
  type ApiClient,
  addMember,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

// The account admin sets how long what was recorded of respondents is kept; the clean-up removes
// what is older, per account, rows and bytes, and keeps the submissions.

let server: TestServer;
const capturing = [DEFAULT_CONSENT_OPTIONS.capturing.id];
const behavioural = [DEFAULT_CONSENT_OPTIONS.behavioral.id];

interface Tenant {
  api: ApiClient;
  accountId: number;
  formId: number;
}
let keeping: Tenant;
let other: Tenant;

const EBML = Buffer.from("1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102", "hex");

async function tenant(name: string): Promise<Tenant> {
  const { api, accountId } = await signUpWithAccount(server.api, name);
  const created = await api.post<{ form: { id: number } }>("/api/forms", {
    ...sampleForm,
    hasVideoCapturing: true,
    hasSessionRecording: true,
  });
  expect(created.status).toBe(201);
  return { api, accountId, formId: created.body.form.id };
}

/**
 * A filling with everything recorded of it (capture chunks and session recording batches, `parts`
 * of each, the first the one the others need: the WebM header, the full snapshot; behaviour,
 * recognition), then sent.
 */
async function filling(owner: Tenant, key: string, parts = 1): Promise<number> {
  for (let seq = 0; seq < parts; seq++) {
    const chunk = new FormData();
    chunk.append("formId", String(owner.formId));
    chunk.append("key", key);
    chunk.append("seq", String(seq));
    chunk.append("capturingConfirmOptions", JSON.stringify(capturing));
    chunk.append(
      "chunk",
      new Blob([seq === 0 ? Buffer.concat([EBML, randomBytes(800)]) : randomBytes(800)], {
        type: "video/webm",
      }),
      "c.webm",
    );
    const captured = await fetch(`${server.url}/api/forms/answer/upload_capture`, {
      method: "POST",
      body: chunk,
    });
    expect(captured.status).toBe(200);
    const recorded = await server.api.post("/api/forms/answer/session-recording", {
      formId: owner.formId,
      key,
      seq,
      capturingConfirmOptions: capturing,
      events:
        seq === 0
          ? [{ type: 2, timestamp: 1, data: { node: { type: 0, childNodes: [] } } }]
          : [
              {
                type: 3,
                timestamp: 1 + seq,
                data: { source: 0, adds: [], removes: [], texts: [], attributes: [] },
              },
            ],
    });
    expect(recorded.status).toBe(204);
  }
  const logged = await server.api.post("/api/forms/logger", {
    formId: owner.formId,
    key,
    seq: 0,
    behavioralConfirmOptions: behavioural,
    events: [
      { type: "focus", at: 10, field: "name" },
      { type: "click", at: 20, field: "name", x: 1, y: 2 },
    ],
  });
  expect(logged.status).toBe(204);
  await server.database.raw.query(
    "insert into answer_recognitions (account_id, form_id, submission_key, field_id, samples) values ($1, $2, $3, 'name', '[]')",
    [owner.accountId, owner.formId, key],
  );
  const sent = await server.api.post<{ id: number }>(
    "/api/forms/answer",
    {
      formId: owner.formId,
      answers: [{ fieldId: "name", answer: key }],
      capturingConfirmOptions: capturing,
      behavioralConfirmOptions: behavioural,
    },
    { "idempotency-key": key },
  );
  expect(sent.status).toBe(201);
  return sent.body.id;
}

const TABLES = ["session_recordings", "answer_captures", "behavior_logs", "answer_recognitions"] as const;

/** Makes everything recorded of a filling (or of one kind, or its parts from `fromSeq` on) as old as this many days. */
async function age(key: string, days: number, only?: { table: (typeof TABLES)[number]; fromSeq?: number }) {
  for (const table of only ? [only.table] : TABLES)
    await server.database.raw.query(
      `update ${table} set created_at = now() - make_interval(days => $2)
        where submission_key = $1 ${only?.fromSeq === undefined ? "" : `and seq >= ${only.fromSeq}`}`,
      [key, days],
    );
}

/** How many rows of each kind a filling has. */
async function left(key: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const rows = await server.database.raw.query<{ n: number }>(
      `select count(*)::int as n from ${table} where submission_key = $1`,
      [key],
    );
    counts[table] = rows[0]!.n;
  }
  return counts;
}
const all = (n: number) => Object.fromEntries(TABLES.map((table) => [table, n]));

const captureKeys = async (key: string) =>
  (
    await server.database.raw.query<{ storage_key: string }>(
      "select storage_key from answer_captures where submission_key = $1",
      [key],
    )
  ).map((row) => row.storage_key);

beforeAll(async () => {
  // The test runs the clean-up itself: the server's own hourly run (ten seconds after its start)
  // could otherwise sweep an account between a test's setting and its run.
  server = await startTestServer({ RUN_WORKERS: "false" });
  keeping = await tenant("retain");
  other = await tenant("keepall");
});
afterAll(() => server.close());

describe("recordings retention", () => {
  it("keeps recordings as long as the submission by default, and lets only an account admin change that", async () => {
    const account = await keeping.api.get<{ recordingsRetentionDays: number | null }>(
      `/api/account/${keeping.accountId}`,
    );
    expect(account.status).toBe(200);
    expect(account.body.recordingsRetentionDays).toBeNull();

    const member = await addMember(server, keeping.accountId, "retentionmember");
    const refused = await member.api.patch<{ code: string }>("/api/account/edit", {
      recordingsRetentionDays: 1,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("not_allowed");

    for (const value of [0, -3, 3651, 1.5, "7", true]) {
      const invalid = await keeping.api.patch<{ code: string; message: string; errors?: unknown }>(
        "/api/account/edit",
        { recordingsRetentionDays: value },
      );
      expect(invalid.status, String(value)).toBe(400);
      expect(JSON.stringify(invalid.body), String(value)).toContain("account.retention.invalid");
      expect(invalid.body.message).not.toBe("account.retention.invalid");
    }
    const set = await keeping.api.patch<{ recordingsRetentionDays: number | null }>("/api/account/edit", {
      recordingsRetentionDays: 30,
    });
    expect(set.status).toBe(200);
    expect(set.body.recordingsRetentionDays).toBe(30);
    const back = await keeping.api.patch<{ recordingsRetentionDays: number | null }>("/api/account/edit", {
      recordingsRetentionDays: null,
    });
    expect(back.body.recordingsRetentionDays).toBeNull();
  });

  it("removes what is older than the account keeps, rows and bytes, keeps the newer, the submission and other accounts'", async () => {
    const storage = createDiskStorage(server.settings.storageDir);
    const oldAnswer = await filling(keeping, "retain-old");
    await filling(keeping, "retain-new");
    await filling(other, "other-old");
    await age("retain-old", 10);
    await age("retain-new", 3);
    await age("other-old", 400);
    const oldBytes = await captureKeys("retain-old");
    expect(oldBytes).toHaveLength(1);
    expect(await storage.get(oldBytes[0]!)).not.toBeNull();

    // Nothing goes while the account keeps recordings as long as the submission.
    await removeExpiredRecordings(server.database.db, storage);
    expect(await left("retain-old")).toEqual(all(1));

    const set = await keeping.api.patch("/api/account/edit", { recordingsRetentionDays: 7 });
    expect(set.status).toBe(200);
    // Several processes run the clean-up at once: the account is swept by one.
    const runs = await Promise.all([
      removeExpiredRecordings(server.database.db, storage),
      removeExpiredRecordings(server.database.db, storage),
    ]);
    expect(runs.reduce((sum, run) => sum + run.accounts, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.removed, 0)).toBe(TABLES.length);

    expect(await left("retain-old")).toEqual(all(0));
    expect(await storage.get(oldBytes[0]!)).toBeNull();
    expect(await left("retain-new")).toEqual(all(1));
    expect(await left("other-old")).toEqual(all(1));
    for (const key of [...(await captureKeys("retain-new")), ...(await captureKeys("other-old"))])
      expect(await storage.get(key)).not.toBeNull();

    // The submission stays, with its answers, and says nothing was recorded any more.
    const answer = await keeping.api.get<{ answers: Array<{ fieldId: string; answer: unknown }> }>(
      `/api/forms/${keeping.formId}/answer/${oldAnswer}`,
    );
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toContain("retain-old");
    const replay = await keeping.api.get<{ events: unknown[] }>(
      `/api/forms/${keeping.formId}/answer/${oldAnswer}/session-recording`,
    );
    expect(replay.body.events).toEqual([]);

    // Swept within the hour: the next run does not sweep it again.
    await age("retain-new", 20);
    expect((await removeExpiredRecordings(server.database.db, storage)).accounts).toBe(0);
    expect(await left("retain-new")).toEqual(all(1));
    // A changed retention is swept at the next run.
    await keeping.api.patch("/api/account/edit", { recordingsRetentionDays: 14 });
    expect(await removeExpiredRecordings(server.database.db, storage)).toEqual({ accounts: 1, removed: 4 });
    expect(await left("retain-new")).toEqual(all(0));
  });

  it("removes a filling's recording whole once all of it is older than the account keeps, never its first part alone", async () => {
    const storage = createDiskStorage(server.settings.storageDir);
    const owner = await tenant("whole");
    await filling(owner, "whole-old", 2);
    await filling(owner, "whole-across", 2);
    await filling(owner, "whole-kinds", 2);
    await age("whole-old", 10);
    // Recorded across the cutoff: the first chunk and the first batch (what the later ones need) are
    // past it, the later ones not.
    await age("whole-across", 10);
    await age("whole-across", 3, { table: "answer_captures", fromSeq: 1 });
    await age("whole-across", 3, { table: "session_recordings", fromSeq: 1 });
    // The capture is all past the cutoff, but the filling's behaviour is not.
    await age("whole-kinds", 10);
    await age("whole-kinds", 3, { table: "behavior_logs" });
    const bytes = {
      old: await captureKeys("whole-old"),
      across: await captureKeys("whole-across"),
      kinds: await captureKeys("whole-kinds"),
    };
    expect(bytes.old).toHaveLength(2);

    await owner.api.patch("/api/account/edit", { recordingsRetentionDays: 7 });
    expect(await removeExpiredRecordings(server.database.db, storage)).toEqual({ accounts: 1, removed: 6 });
    expect(await left("whole-old")).toEqual(all(0));
    for (const key of bytes.old) expect(await storage.get(key)).toBeNull();
    const kept = { session_recordings: 2, answer_captures: 2, behavior_logs: 1, answer_recognitions: 1 };
    expect(await left("whole-across")).toEqual(kept);
    expect(await left("whole-kinds")).toEqual(kept);
    for (const key of [...bytes.across, ...bytes.kinds]) expect(await storage.get(key)).not.toBeNull();

    // Once its newest part is past the cutoff too, all of it goes.
    await age("whole-across", 8);
    await server.database.raw.query("update accounts set recordings_swept_at = null where id = $1", [
      owner.accountId,
    ]);
    expect(await removeExpiredRecordings(server.database.db, storage)).toEqual({ accounts: 1, removed: 6 });
    expect(await left("whole-across")).toEqual(all(0));
    for (const key of bytes.across) expect(await storage.get(key)).toBeNull();
    expect(await left("whole-kinds")).toEqual(kept);
  });

  it("goes on with the other accounts when bytes cannot be removed, and tries the failed ones again at the next run", async () => {
    const disk = createDiskStorage(server.settings.storageDir);
    const failing = await tenant("failing");
    const after = await tenant("after");
    await filling(failing, "failing-old");
    await filling(after, "after-old");
    await age("failing-old", 10);
    await age("after-old", 10);
    const [stuck] = await captureKeys("failing-old");
    const [freed] = await captureKeys("after-old");
    for (const owner of [failing, after])
      await owner.api.patch("/api/account/edit", { recordingsRetentionDays: 7 });
    // The file storage refuses to remove one of the failing account's captures.
    const storage = {
      ...disk,
      delete: (key: string) =>
        key === stuck ? Promise.reject(new Error("storage unavailable")) : disk.delete(key),
    };

    await expect(removeExpiredRecordings(server.database.db, storage)).rejects.toThrow("storage unavailable");
    // The other account was swept all the same.
    expect(await left("after-old")).toEqual(all(0));
    expect(await disk.get(freed!)).toBeNull();
    // The capture whose bytes stayed keeps its row, so they are not left without one.
    expect((await left("failing-old")).answer_captures).toBe(1);
    expect(await disk.get(stuck!)).not.toBeNull();

    // The next run, within the hour, sweeps the failed account again, and nothing else.
    expect(await removeExpiredRecordings(server.database.db, disk)).toEqual({ accounts: 1, removed: 1 });
    expect(await left("failing-old")).toEqual(all(0));
    expect(await disk.get(stuck!)).toBeNull();
  });

  it("sweeps in one run every account that is due, one after another, within the run's time", async () => {
    const due = 60;
    const first = await server.database.raw.query<{ id: number }>(
      `insert into accounts (name, subdomain, type, recordings_retention_days)
       select 'due ' || n, 'due-' || n, 'company', 7 from generate_series(1, $1::int) n returning id`,
      [due],
    );
    expect(first).toHaveLength(due);
    const swept = async () =>
      (
        await server.database.raw.query<{ n: number }>(
          "select count(*)::int as n from accounts where subdomain like 'due-%' and recordings_swept_at is not null",
        )
      )[0]!.n;
    // A run with no time left still sweeps the account it took, then stops.
    expect(await removeExpiredRecordings(server.database.db, undefined, { budgetMs: 0 })).toEqual({
      accounts: 1,
      removed: 0,
    });
    expect(await swept()).toBe(1);
    expect(await removeExpiredRecordings(server.database.db)).toEqual({ accounts: due - 1, removed: 0 });
    expect(await swept()).toBe(due);
  });
});
