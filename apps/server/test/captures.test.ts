import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_CONSENT_OPTIONS } from "@formloom/core/consent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTURE_UNCLAIMED } from "../src/features/answers/captures.ts";
import { cleanUp } from "../src/jobs/housekeeping.ts";
import { createDiskStorage } from "../src/storage/file-storage.ts";
import { putBeforeRow } from "../src/storage/storage-writes.ts";
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
let videoForm: number;
let audioForm: number;
let plainForm: number;

const agreed = [DEFAULT_CONSENT_OPTIONS.capturing.id];
/** A filling's chunks together may take this much here (CAPTURE_MAX_MB). */
const FILLING_BYTES = 512 * 1024;

/** The EBML header a recorder's WebM begins with (DocType "webm"), then the recording's bytes. */
const EBML = Buffer.from(
  "1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581 02".replace(/ /g, ""),
  "hex",
);
const head = (size = 2000) => Buffer.concat([EBML, randomBytes(size)]);

interface Chunk {
  formId?: number;
  key: string;
  seq: number;
  bytes?: Buffer;
  consent?: string[] | null;
  type?: string;
  address?: string;
}

async function send(chunk: Chunk) {
  const body = new FormData();
  body.append("formId", String(chunk.formId ?? videoForm));
  body.append("key", chunk.key);
  body.append("seq", String(chunk.seq));
  if (chunk.consent !== null) body.append("capturingConfirmOptions", JSON.stringify(chunk.consent ?? agreed));
  const bytes = chunk.bytes ?? (chunk.seq === 0 ? head() : randomBytes(1500));
  body.append("chunk", new Blob([bytes], { type: chunk.type ?? "video/webm;codecs=vp8,opus" }), "chunk.webm");
  const response = await fetch(`${server.url}/api/forms/answer/upload_capture`, {
    method: "POST",
    body,
    headers: chunk.address ? { "x-forwarded-for": chunk.address } : {},
  });
  return {
    status: response.status,
    ...(response.headers.has("retry-after") ? { retryAfter: response.headers.get("retry-after") } : {}),
    body: (await response.json()) as { seq?: number; stored?: boolean; code?: string; message?: string },
  };
}

async function submit(key: string, form = videoForm): Promise<number> {
  const sent = await server.api.post<{ id: number }>(
    "/api/forms/answer",
    { formId: form, answers: [{ fieldId: "name", answer: key }], capturingConfirmOptions: agreed },
    { "idempotency-key": key },
  );
  expect(sent.status).toBe(201);
  return sent.body.id;
}

const stored = (key: string) =>
  server.database.raw.query<{ seq: number; storage_key: string; bytes: number; mime_type: string }>(
    "select seq, storage_key, bytes, mime_type from answer_captures where submission_key = $1 order by seq",
    [key],
  );
const onDisk = async (storageKey: string) => createDiskStorage(server.settings.storageDir).get(storageKey);

async function media(client: ApiClient, formId: number, answerId: number) {
  const response = await fetch(`${server.url}/api/forms/${formId}/answer/${answerId}/capture/media`, {
    headers: { authorization: `Bearer ${client.token}` },
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

type Capture = { capture: { mimeType: string; chunks: number; bytes: number } | null };

beforeAll(async () => {
  // The tests run the hourly clean-up themselves; the server's own run (ten seconds after its start)
  // could otherwise remove what a test has just set up for its run, between the two.
  server = await startTestServer({
    TRUST_PROXY: "true",
    RUN_WORKERS: "false",
    CAPTURE_MAX_MB: String(FILLING_BYTES / 1024 / 1024),
  });
  ({ api, accountId } = await signUpWithAccount(server.api, "capture"));
  const create = async (settings: Record<string, unknown>) => {
    const created = await api.post<{ form: { id: number } }>("/api/forms", { ...sampleForm, ...settings });
    expect(created.status).toBe(201);
    return created.body.form.id;
  };
  videoForm = await create({ hasVideoCapturing: true, hasAudioCapturing: true });
  audioForm = await create({ isCaptureAudio: true });
  plainForm = await create({});
});
afterAll(() => server.close());

describe("video and audio capture", () => {
  it("keeps a consented filling's chunks in their order, each once, and plays them back on its submission", async () => {
    const chunks = [head(), randomBytes(3000), randomBytes(1000)];
    // Out of order, and the middle one sent again after a lost answer.
    expect(await send({ key: "capture-one", seq: 2, bytes: chunks[2] })).toEqual({
      status: 200,
      body: { seq: 2, stored: true },
    });
    expect((await send({ key: "capture-one", seq: 0, bytes: chunks[0] })).body.stored).toBe(true);
    expect((await send({ key: "capture-one", seq: 1, bytes: chunks[1] })).body.stored).toBe(true);
    expect(await send({ key: "capture-one", seq: 1, bytes: chunks[1] })).toEqual({
      status: 200,
      body: { seq: 1, stored: false },
    });
    const rows = await stored("capture-one");
    expect(rows.map((row) => [row.seq, row.bytes, row.mime_type])).toEqual([
      [0, chunks[0]!.length, "video/webm"],
      [1, chunks[1]!.length, "video/webm"],
      [2, chunks[2]!.length, "video/webm"],
    ]);
    for (const [index, row] of rows.entries()) expect(await onDisk(row.storage_key)).toEqual(chunks[index]);

    const answerId = await submit("capture-one");
    const capture = await api.get<Capture>(`/api/forms/${videoForm}/answer/${answerId}/capture`);
    expect(capture.body).toEqual({
      capture: { mimeType: "video/webm", chunks: 3, bytes: Buffer.concat(chunks).length },
    });
    const played = await media(api, videoForm, answerId);
    expect(played.status).toBe(200);
    expect(played.type).toBe("video/webm");
    expect(played.bytes.equals(Buffer.concat(chunks))).toBe(true);

    // A form that hears only the microphone keeps sound.
    expect((await send({ formId: audioForm, key: "capture-audio", seq: 0 })).status).toBe(200);
    expect((await stored("capture-audio"))[0]!.mime_type).toBe("audio/webm");

    // A respondent who had no camera, or refused, sent none: the submission stands without one.
    const bare = await submit("capture-bare");
    expect((await api.get<Capture>(`/api/forms/${videoForm}/answer/${bare}/capture`)).body).toEqual({
      capture: null,
    });
    expect((await media(api, videoForm, bare)).status).toBe(404);
  });

  it("keeps nothing without the respondent's capturing consent, for a form that captures nothing, or that is no recording", async () => {
    const cases: Array<[Partial<Chunk>, number, string]> = [
      [{ consent: [] }, 403, "capture.consent_required"],
      [{ consent: null }, 403, "capture.consent_required"],
      [{ consent: ["not-offered"] }, 403, "capture.consent_required"],
      [{ formId: plainForm }, 403, "capture.not_collected"],
      [{ bytes: Buffer.from("<html><script>alert(1)</script></html>") }, 400, "capture.invalid_chunk"],
      [{ key: "" }, 400, "upload.filling_required"],
    ];
    for (const [chunk, status, code] of cases) {
      const refused = await send({ key: "capture-refused", seq: 0, ...chunk });
      expect(refused.status, code).toBe(status);
      expect(refused.body.code).toBe(code);
      expect(refused.body.message).not.toBe(code);
    }
    expect(await stored("capture-refused")).toEqual([]);
  });

  it("mends, when a chunk is sent again, a chunk whose bytes never reached the storage", async () => {
    const chunks = [head(), randomBytes(2500)];
    for (const [seq, bytes] of chunks.entries()) {
      expect((await send({ key: "capture-mend", seq, bytes })).body.stored).toBe(true);
    }
    // The server stopped, or the storage failed, after the chunk's row and before its bytes.
    const lost = (await stored("capture-mend"))[1]!;
    await createDiskStorage(server.settings.storageDir).delete(lost.storage_key);
    expect(await send({ key: "capture-mend", seq: 1, bytes: chunks[1] })).toEqual({
      status: 200,
      body: { seq: 1, stored: true },
    });
    const rows = await stored("capture-mend");
    expect(rows).toHaveLength(2);
    for (const [index, row] of rows.entries()) expect(await onDisk(row.storage_key)).toEqual(chunks[index]);
    const answerId = await submit("capture-mend");
    expect((await media(api, videoForm, answerId)).bytes.equals(Buffer.concat(chunks))).toBe(true);
  });

  it("holds a filling to its size with a clear 413, also under chunks sent in parallel", async () => {
    // Each chunk takes a little over a fifth of the filling's room: four fit, the rest do not.
    const size = Math.floor(FILLING_BYTES / 4.5);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, seq) =>
        send({ key: "capture-large", seq, bytes: seq === 0 ? head(size - EBML.length) : randomBytes(size) }),
      ),
    );
    const kept = await stored("capture-large");
    expect(kept).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    const refused = answers.filter((answer) => answer.status === 413);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body.code).toBe("capture.too_large");
    expect(refused[0]!.body.message).toMatch(/too large/);
    expect(kept.reduce((sum, row) => sum + row.bytes, 0)).toBeLessThanOrEqual(FILLING_BYTES);
    // One chunk above a chunk's own limit is refused whatever room is left.
    const huge = await send({ key: "capture-huge", seq: 1, bytes: randomBytes(4 * 1024 * 1024 + 1) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe("capture.too_large");
    expect(await stored("capture-huge")).toEqual([]);
    // The refused chunks' bytes, written before their rows, are gone again: each file has its row.
    const files = await readdir(path.join(server.settings.storageDir, `captures/${accountId}/${videoForm}`));
    const rows = await server.database.raw.query<{ storage_key: string }>(
      "select storage_key from answer_captures where form_id = $1",
      [videoForm],
    );
    expect(files.sort()).toEqual(rows.map((row) => path.basename(row.storage_key)).sort());
  });

  it("holds the captures no submission took yet to a share per form and per address, also under a parallel burst", async () => {
    const created = await api.post<{ form: { id: number } }>("/api/forms", {
      ...sampleForm,
      hasVideoCapturing: true,
    });
    const form = created.body.form.id;
    const { unclaimedBytesPerForm, unclaimedBytesPerAddress, unclaimedMinutes } = CAPTURE_UNCLAIMED;
    // In rows of at most 1 GB, as a row's size is an integer.
    const pile = (key: string, bytes: number, uploader: string, minutesAgo = 1, formId = form) =>
      server.database.raw.query(
        `insert into answer_captures (account_id, form_id, submission_key, seq, mime_type, storage_key, bytes, uploader, created_at)
         select $1, $2, $3, n, 'video/webm', $4 || n, least($5::bigint - n::bigint * 1073741824, 1073741824)::int, $6,
                now() - make_interval(mins => $7)
           from generate_series(0, (($5::bigint - 1) / 1073741824)::int) n`,
        [accountId, formId, key, `captures/none/${key}/`, bytes, uploader, minutesAgo],
      );
    const size = 20_000;
    // Strangers' fillings that never became submissions fill the form's share, but not for ever.
    await pile("cap-stranger-old", unclaimedBytesPerForm, "198.51.100.1", unclaimedMinutes + 1);
    const first = await send({
      formId: form,
      key: "cap-first",
      seq: 0,
      bytes: head(size),
      address: "203.0.113.20",
    });
    expect(first.status).toBe(200);
    const room = 3 * (size + EBML.length);
    await pile("cap-stranger-new", unclaimedBytesPerForm - (size + EBML.length) - room, "198.51.100.2");
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        send({
          formId: form,
          key: `cap-burst-${n}`,
          seq: 0,
          bytes: head(size),
          address: `203.0.113.${30 + n}`,
        }),
      ),
    );
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(3);
    const full = burst.filter((answer) => answer.status === 429);
    expect(full).toHaveLength(5);
    expect(full[0]!.body.code).toBe("capture.form_full");
    expect(Number(full[0]!.retryAfter)).toBeGreaterThan(0);
    expect(Number(full[0]!.retryAfter)).toBeLessThanOrEqual(unclaimedMinutes * 60);
    // A filling sent as a submission no longer counts: its capture is the author's now.
    await submit("cap-stranger-new", form);
    expect((await send({ formId: form, key: "cap-after", seq: 0, address: "203.0.113.20" })).status).toBe(
      200,
    );

    // One address holds only its share of the form's unclaimed captures; another goes on.
    const other = (
      await api.post<{ form: { id: number } }>("/api/forms", { ...sampleForm, hasVideoCapturing: true })
    ).body.form.id;
    await pile("cap-same-address", unclaimedBytesPerAddress - 100, "203.0.113.99", 60, other);
    const shared = await send({ formId: other, key: "cap-same-2", seq: 0, address: "203.0.113.99" });
    expect(shared.status).toBe(429);
    expect(shared.body.code).toBe("capture.rate_limited");
    expect(
      (await send({ formId: other, key: "cap-elsewhere", seq: 0, address: "203.0.113.100" })).status,
    ).toBe(200);
  });

  it("shows a capture to no other account, no member without results and no reader of some fields, and removes it with the submission", async () => {
    await send({ key: "capture-private", seq: 0 });
    const answerId = await submit("capture-private");
    const path = `/api/forms/${videoForm}/answer/${answerId}/capture`;

    const other = await signUpWithAccount(server.api, "captureother");
    expect((await other.api.get(path)).status).toBe(404);
    expect((await media(other.api, videoForm, answerId)).status).toBe(404);
    const stranger = await addMember(server, accountId, "capturestranger");
    await groupWith(api, "Form viewers", [stranger.id], ["forms.view"]);
    expect((await stranger.api.get(path)).status).toBe(403);
    const reader = await addMember(server, accountId, "capturereader");
    const readers = await groupWith(api, "Result readers", [reader.id], ["forms.view", "results.view"]);
    const grant = (access: Record<string, unknown>) =>
      api.request("PUT", `/api/forms/${videoForm}/permissions/group/${readers}`, access);
    // The camera shows the respondent at every question, also those this reader may not see.
    expect((await grant({ level: "fields", fieldIds: ["name"] })).status).toBeLessThan(300);
    expect((await reader.api.get(path)).status).toBe(403);
    expect((await media(reader.api, videoForm, answerId)).status).toBe(403);
    expect((await grant({ level: "all" })).status).toBeLessThan(300);
    expect((await reader.api.get<Capture>(path)).body.capture?.chunks).toBe(1);
    expect((await media(reader.api, videoForm, answerId)).status).toBe(200);

    const [row] = await stored("capture-private");
    expect(await onDisk(row!.storage_key)).not.toBeNull();
    const deleted = await api.request("DELETE", `/api/forms/${videoForm}/answer`, { answerIds: [answerId] });
    expect(deleted.status).toBe(200);
    expect(await stored("capture-private")).toEqual([]);
    expect(await onDisk(row!.storage_key)).toBeNull();
  });

  it("removes, in the hourly clean-up, the captures of fillings never sent within a day and of deleted forms", async () => {
    for (const key of ["capture-sent-long-ago", "capture-never-sent", "capture-just-begun"]) {
      expect((await send({ key, seq: 0 })).status).toBe(200);
    }
    await submit("capture-sent-long-ago");
    const gone = (
      await api.post<{ form: { id: number } }>("/api/forms", { ...sampleForm, isCaptureAudio: true })
    ).body.form.id;
    expect((await send({ formId: gone, key: "capture-form-gone", seq: 0 })).status).toBe(200);
    expect((await api.request("DELETE", `/api/forms/${gone}`)).status).toBe(204);
    await server.database.raw.query(
      "update answer_captures set created_at = now() - interval '25 hours' where submission_key in ('capture-sent-long-ago', 'capture-never-sent')",
    );
    const [unsent] = await stored("capture-never-sent");
    const [ofGoneForm] = await stored("capture-form-gone");
    await cleanUp(server.database.db, createDiskStorage(server.settings.storageDir));
    expect(await stored("capture-sent-long-ago")).toHaveLength(1);
    expect(await stored("capture-just-begun")).toHaveLength(1);
    expect(await stored("capture-never-sent")).toEqual([]);
    expect(await stored("capture-form-gone")).toEqual([]);
    expect(await onDisk(unsent!.storage_key)).toBeNull();
    expect(await onDisk(ofGoneForm!.storage_key)).toBeNull();
  });

  it("removes, after an hour, capture bytes whose row never came because the process stopped between the two", async () => {
    const storage = createDiskStorage(server.settings.storageDir);
    const db = server.database.db;
    const key = `captures/${accountId}/${videoForm}/${randomBytes(16).toString("hex")}`;
    // The process stops once the bytes are written: the row is never written.
    void putBeforeRow(db, storage, key, head(), () => new Promise<never>(() => {}));
    await expect.poll(() => onDisk(key)).not.toBeNull();
    // A chunk stored as always leaves no mark behind.
    expect((await send({ key: "capture-written", seq: 0 })).status).toBe(200);
    const [written] = await stored("capture-written");
    const marks = async () =>
      (
        await server.database.raw.query<{ storage_key: string }>("select storage_key from storage_writes")
      ).map((row) => row.storage_key);
    expect(await marks()).toEqual([key]);
    // One whose process stopped after its row but before the mark went: its bytes stay.
    await server.database.raw.query("insert into storage_writes (storage_key) values ($1)", [
      written!.storage_key,
    ]);

    // Within the hour the row may still come: the bytes stay.
    await cleanUp(db, storage);
    expect(await onDisk(key)).not.toBeNull();
    await server.database.raw.query("update storage_writes set created_at = now() - interval '61 minutes'");
    await cleanUp(db, storage);
    expect(await onDisk(key)).toBeNull();
    expect(await onDisk(written!.storage_key)).not.toBeNull();
    expect(await stored("capture-written")).toHaveLength(1);
    expect(await marks()).toEqual([]);
  });
});
