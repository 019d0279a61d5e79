import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { DEFAULT_CONSENT_OPTIONS } from "@formloom/core/consent";
import { SESSION_RECORDING_LIMITS } from "@formloom/core/session-recording";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_RECORDING_UNCLAIMED } from "../src/features/answers/session-recordings.ts";
import { cleanUp } from "../src/jobs/housekeeping.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let accountId: number;
let formId: number;
let plainFormId: number;

const agreed = [DEFAULT_CONSENT_OPTIONS.capturing.id];

/** rrweb's events as a page sends them: a snapshot, then an input whose text was masked. */
const snapshot = (at: number) => ({ type: 2, timestamp: at, data: { node: { type: 0, childNodes: [] } } });
const input = (at: number) => ({
  type: 3,
  timestamp: at,
  data: { source: 5, text: "***", isChecked: false },
});

async function upload(
  body: Partial<{
    formId: number;
    key: string;
    seq: number;
    capturingConfirmOptions: string[];
    behavioralConfirmOptions: string[];
    events: unknown[];
  }>,
  address?: string,
) {
  return server.api.post<{ code: string; message: string }>(
    "/api/forms/answer/session-recording",
    { formId, seq: 0, capturingConfirmOptions: agreed, events: [snapshot(1000)], ...body },
    address ? { "x-forwarded-for": address } : {},
  );
}

async function submit(key: string, form = formId): Promise<number> {
  const sent = await server.api.post<{ id: number }>(
    "/api/forms/answer",
    { formId: form, answers: [{ fieldId: "name", answer: key }], capturingConfirmOptions: agreed },
    { "idempotency-key": key },
  );
  expect(sent.status).toBe(201);
  return sent.body.id;
}

const stored = async (key: string) =>
  server.database.raw.query<{ seq: number; data: Uint8Array; bytes: number }>(
    "select seq, data, bytes from session_recordings where submission_key = $1 order by seq",
    [key],
  );

type Recording = { events: Array<{ type: number; timestamp: number }>; bytes: number };

beforeAll(async () => {
  // The tests run the hourly clean-up themselves; the server's own run (ten seconds after its start)
  // could otherwise remove what a test has just set up for its run, between the two.
  server = await startTestServer({ TRUST_PROXY: "true", RUN_WORKERS: "false" });
  ({ api, accountId } = await signUpWithAccount(server.api, "replay"));
  const created = await api.post<{ form: { id: number } }>("/api/forms", {
    ...sampleForm,
    hasSessionRecording: true,
  });
  expect(created.status).toBe(201);
  formId = created.body.form.id;
  plainFormId = (await api.post<{ form: { id: number } }>("/api/forms", sampleForm)).body.form.id;
});
afterAll(() => server.close());

describe("session recordings", () => {
  it("stores a consented filling's batches gzipped under its key and replays them in order on the submission", async () => {
    expect((await upload({ key: "replay-one", seq: 1, events: [input(2000), input(3000)] })).status).toBe(
      204,
    );
    expect((await upload({ key: "replay-one", seq: 0, events: [snapshot(1000)] })).status).toBe(204);
    // A batch sent again is kept once.
    expect((await upload({ key: "replay-one", seq: 0, events: [snapshot(1000)] })).status).toBe(204);
    const rows = await stored("replay-one");
    expect(rows.map((row) => row.seq)).toEqual([0, 1]);
    const data = Buffer.from(rows[1]!.data);
    expect([...data.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(JSON.parse(gunzipSync(data).toString())).toEqual([input(2000), input(3000)]);

    const answerId = await submit("replay-one");
    const replay = await api.get<Recording>(`/api/forms/${formId}/answer/${answerId}/session-recording`);
    expect(replay.status).toBe(200);
    expect(replay.body.events).toEqual([snapshot(1000), input(2000), input(3000)]);
    expect(replay.body.bytes).toBe(rows.reduce((sum, row) => sum + row.bytes, 0));

    // A submission filled without a recording has nothing to replay.
    const bare = await submit("replay-bare");
    const nothing = await api.get<Recording>(`/api/forms/${formId}/answer/${bare}/session-recording`);
    expect(nothing.body).toEqual({ events: [], bytes: 0 });
  });

  it("stores nothing without the respondent's capturing consent or for a form that records no sessions", async () => {
    const cases: Array<[Parameters<typeof upload>[0], number, string]> = [
      [{ capturingConfirmOptions: [] }, 403, "session_recording.consent_required"],
      [{ capturingConfirmOptions: ["not-offered"] }, 403, "session_recording.consent_required"],
      [{ formId: plainFormId }, 403, "session_recording.not_collected"],
      [{ events: [] }, 400, "request.invalid"],
    ];
    for (const [body, status, code] of cases) {
      const refused = await upload({ key: "replay-refused", ...body });
      expect(refused.status, code).toBe(status);
      if (status === 403) expect(refused.body.code).toBe(code);
      expect(refused.body.message).not.toBe(code);
    }
    const missing = await server.api.post("/api/forms/answer/session-recording", {
      formId,
      key: "replay-refused",
      seq: 0,
      events: [snapshot(1)],
    });
    expect(missing.status).toBe(400);
    expect(await stored("replay-refused")).toEqual([]);
  });

  it("keeps no pointer clicks or moves, scrolling or media played without the behavioural consent, only focus and blur", async () => {
    const pointer = (at: number, source: number, data: Record<string, unknown> = {}) => ({
      type: 3,
      timestamp: at,
      data: { source, ...data },
    });
    const events = [
      snapshot(1000),
      pointer(1100, 1, { positions: [{ x: 10, y: 20, id: 4, timeOffset: 0 }] }),
      pointer(1200, 2, { type: 2, id: 4, x: 10, y: 20 }),
      pointer(1300, 2, { type: 5, id: 4 }),
      pointer(1400, 6, { positions: [{ x: 1, y: 2, id: 4, timeOffset: 0 }] }),
      pointer(1500, 2, { type: 6, id: 4 }),
      input(1600),
      pointer(1700, 3, { id: 1, x: 0, y: 400 }),
      pointer(1800, 7, { type: 0, id: 9, currentTime: 0 }),
    ];
    const kept = async (key: string) => {
      const rows = await stored(key);
      return rows.flatMap((row) => JSON.parse(gunzipSync(Buffer.from(row.data)).toString()));
    };
    // Declined, or not sent: the page as shown, the masked input, focus and blur; no scrolling nor
    // playing of the form's media, which the behaviour log does not keep either.
    for (const [key, behavioral] of [
      ["replay-declined", []],
      ["replay-unasked", undefined],
    ] as const) {
      const sent = await upload({
        key,
        events,
        ...(behavioral ? { behavioralConfirmOptions: [...behavioral] } : {}),
      });
      expect(sent.status, key).toBe(204);
      expect(await kept(key), key).toEqual([snapshot(1000), events[3], events[5], input(1600)]);
    }
    // Agreed: all of it.
    const agreedBehaviour = await upload({
      key: "replay-behaviour",
      events,
      behavioralConfirmOptions: [DEFAULT_CONSENT_OPTIONS.behavioral.id],
    });
    expect(agreedBehaviour.status).toBe(204);
    expect(await kept("replay-behaviour")).toEqual(events);
    // A behavioural choice the form does not offer is refused with its code.
    const forged = await upload({ key: "replay-forged", events, behavioralConfirmOptions: ["not-offered"] });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe("session_recording.consent_required");
    expect(await stored("replay-forged")).toEqual([]);
  });

  it("holds a filling to its size limit with a clear error, also under batches sent in parallel", async () => {
    // Random text gzips to about three quarters of its size: two such batches fit, a third does not.
    const batchChars = Math.floor(SESSION_RECORDING_LIMITS.batchBytes * 0.9);
    const big = (seq: number) => ({
      type: 3,
      timestamp: 1000 + seq,
      data: { source: 0, noise: randomBytes(Math.floor(batchChars * 0.75)).toString("base64") },
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, seq) => upload({ key: "replay-large", seq, events: [big(seq)] })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    const kept = await stored("replay-large");
    expect(kept.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 204)).toHaveLength(kept.length);
    expect(statuses.filter((status) => status === 413)).toHaveLength(6 - kept.length);
    expect(kept.reduce((sum, row) => sum + row.bytes, 0)).toBeLessThanOrEqual(
      SESSION_RECORDING_LIMITS.fillingBytes,
    );
    const refused = answers.find((answer) => answer.status === 413)!;
    expect(refused.body.code).toBe("session_recording.too_large");
    expect(refused.body.message).toMatch(/too large/);
  });

  it("holds a filling to a limit of its JSON before gzip, also under a parallel burst, so reading it stays bounded", async () => {
    // Repeated text gzips to a few kilobytes: only the size before gzip stops such batches.
    const batchChars = Math.floor(SESSION_RECORDING_LIMITS.batchBytes * 0.9);
    const flat = (seq: number) => ({
      type: 3,
      timestamp: 1000 + seq,
      data: { source: 0, text: "a".repeat(batchChars) },
    });
    const count = Math.ceil(SESSION_RECORDING_LIMITS.fillingRawBytes / batchChars) + 3;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, seq) => upload({ key: "replay-flat", seq, events: [flat(seq)] })),
    );
    const kept = await stored("replay-flat");
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(kept.length);
    expect(statuses.filter((status) => status === 413)).toHaveLength(count - kept.length);
    expect(kept.length).toBeLessThanOrEqual(
      Math.floor(SESSION_RECORDING_LIMITS.fillingRawBytes / batchChars),
    );
    expect(answers.find((answer) => answer.status === 413)?.body.code).toBe("session_recording.too_large");
    const unpacked = kept.reduce((sum, row) => sum + gunzipSync(row.data).length, 0);
    expect(unpacked).toBeLessThanOrEqual(SESSION_RECORDING_LIMITS.fillingRawBytes);

    const answerId = await submit("replay-flat");
    const read = await api.get<Recording>(`/api/forms/${formId}/answer/${answerId}/session-recording`);
    expect(read.status).toBe(200);
    expect(read.body.events).toHaveLength(kept.length);
  });

  it("holds the recordings no submission took yet to a share per form and per address, also under a parallel burst", async () => {
    const created = await api.post<{ form: { id: number } }>("/api/forms", {
      ...sampleForm,
      hasSessionRecording: true,
    });
    const form = created.body.form.id;
    const { unclaimedBytesPerForm, unclaimedBytesPerAddress, unclaimedMinutes } = SESSION_RECORDING_UNCLAIMED;
    const pile = (key: string, bytes: number, uploader: string, minutesAgo = 1) =>
      server.database.raw.query(
        `insert into session_recordings (account_id, form_id, submission_key, seq, data, bytes, uploader, created_at)
         values ($1, $2, $3, 0, '\\x00', $4, $5, now() - make_interval(mins => $6))`,
        [accountId, form, key, bytes, uploader, minutesAgo],
      );
    const noisy = () => [
      { type: 3, timestamp: 1, data: { source: 0, noise: randomBytes(12_000).toString("base64") } },
    ];
    // Strangers' fillings that never became submissions fill the form's share, but not for ever.
    await pile("stranger-old", unclaimedBytesPerForm, "198.51.100.1", unclaimedMinutes + 1);
    expect((await upload({ formId: form, key: "burst-first", events: noisy() }, "203.0.113.20")).status).toBe(
      204,
    );
    await pile("stranger-new", unclaimedBytesPerForm - 60_000, "198.51.100.2");
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        upload({ formId: form, key: `burst-${n}`, events: noisy() }, `203.0.113.${30 + n}`),
      ),
    );
    const full = burst.filter((answer) => answer.status === 429);
    expect(burst.filter((answer) => answer.status === 204).length).toBeGreaterThan(0);
    expect(full.length).toBeGreaterThan(0);
    expect(full.length + burst.filter((answer) => answer.status === 204).length).toBe(10);
    expect(full[0]!.body.code).toBe("session_recording.form_full");
    const held = await server.database.raw.query<{ bytes: number }>(
      "select coalesce(sum(bytes), 0)::int as bytes from session_recordings where form_id = $1 and created_at > now() - interval '30 minutes'",
      [form],
    );
    expect(held[0]!.bytes).toBeLessThanOrEqual(unclaimedBytesPerForm);
    // A filling sent as a submission no longer counts: its recording is the author's now.
    await submit("stranger-new", form);
    expect((await upload({ formId: form, key: "after-claim" }, "203.0.113.20")).status).toBe(204);

    // One address holds only its share of the form's unclaimed recordings; another goes on.
    const other = (
      await api.post<{ form: { id: number } }>("/api/forms", { ...sampleForm, hasSessionRecording: true })
    ).body.form.id;
    await server.database.raw.query(
      `insert into session_recordings (account_id, form_id, submission_key, seq, data, bytes, uploader)
       values ($1, $2, 'same-address', 0, '\\x00', $3, '203.0.113.99')`,
      [accountId, other, unclaimedBytesPerAddress - 100],
    );
    const shared = await upload({ formId: other, key: "same-address-2", events: noisy() }, "203.0.113.99");
    expect(shared.status).toBe(429);
    expect(shared.body.code).toBe("session_recording.rate_limited");
    expect((await upload({ formId: other, key: "elsewhere" }, "203.0.113.100")).status).toBe(204);
  });

  it("shows a recording to no other account nor to a member without results, and removes it with the submission", async () => {
    await upload({ key: "replay-private" });
    const answerId = await submit("replay-private");
    const path = `/api/forms/${formId}/answer/${answerId}/session-recording`;

    const other = await signUpWithAccount(server.api, "replayother");
    expect((await other.api.get(path)).status).toBe(404);
    expect((await other.api.request("DELETE", path)).status).toBe(404);
    const stranger = await addMember(server, accountId, "replaystranger");
    await groupWith(api, "Form viewers", [stranger.id], ["forms.view"]);
    expect((await stranger.api.get(path)).status).toBe(403);
    const reader = await addMember(server, accountId, "replayreader");
    const readers = await groupWith(api, "Result readers", [reader.id], ["forms.view", "results.view"]);
    const grant = (access: Record<string, unknown>) =>
      api.request("PUT", `/api/forms/${formId}/permissions/group/${readers}`, access);
    // A reader of some fields only would see the others on the replayed page.
    expect((await grant({ level: "fields", fieldIds: ["name"] })).status).toBeLessThan(300);
    expect((await reader.api.get(path)).status).toBe(403);
    expect((await grant({ level: "all" })).status).toBeLessThan(300);
    expect((await reader.api.get<Recording>(path)).body.events).toHaveLength(1);
    expect((await reader.api.request("DELETE", path)).status).toBe(403);
    expect(await stored("replay-private")).toHaveLength(1);

    // Deleting the recording leaves the submission; deleting the submission takes its recording.
    expect((await api.request("DELETE", path)).status).toBe(204);
    expect((await api.get<Recording>(path)).body.events).toEqual([]);
    await upload({ key: "replay-gone" });
    const gone = await submit("replay-gone");
    expect(await stored("replay-gone")).toHaveLength(1);
    expect((await api.request("DELETE", `/api/forms/${formId}/answer`, { answerIds: [gone] })).status).toBe(
      200,
    );
    expect(await stored("replay-gone")).toEqual([]);
  });

  it("forgets, after two days, the recordings of fillings that were never sent", async () => {
    for (const key of ["replay-sent-long-ago", "replay-never-sent", "replay-just-begun"]) {
      expect((await upload({ key })).status).toBe(204);
    }
    await submit("replay-sent-long-ago");
    await server.database.raw.query(
      "update session_recordings set created_at = now() - interval '3 days' where submission_key <> 'replay-just-begun'",
    );
    await cleanUp(server.database.db);
    expect(await stored("replay-sent-long-ago")).toHaveLength(1);
    expect(await stored("replay-never-sent")).toEqual([]);
    expect(await stored("replay-just-begun")).toHaveLength(1);
  });
});
