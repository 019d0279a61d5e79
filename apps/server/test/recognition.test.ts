import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECOGNITION_UNCLAIMED } from "../src/features/answers/recognition.ts";
import { cleanUp } from "../src/jobs/housekeeping.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  sampleForm,
  signUpWithAccount,
  type TestServer,
} from "./harness.ts";
import {
  agreed,
  type FieldsEmotions,
  fields,
  happy,
  recognitionCalls,
  type Sample,
  sad,
  startRecognitionServer,
} from "./recognition-support.ts";

let server: TestServer;
let api: ApiClient;
let accountId: number;
let form: number;
let plainForm: number;
const { send, submit, rows } = recognitionCalls(() => ({ server, api, accountId, form, plainForm }));

beforeAll(async () => {
  ({ server, api, accountId, form, plainForm } = await startRecognitionServer("recognise"));
});
afterAll(() => server.close());

describe("on-device recognition", () => {
  it("stores each question's samples under the filling, the last sending replacing the one before, and shows them on the submission", async () => {
    expect(
      await send("rec-one", { name: [{ at: 0, faces: 1, emotions: happy, age: 30, gender: "male" }] }),
    ).toEqual({
      status: 204,
      body: null,
    });
    // The page sends the question's whole timeline so far: it replaces the earlier one.
    const name = [
      { at: 1000, faces: 1, emotions: happy, age: 31, gender: "male" },
      { at: 0, faces: 1, emotions: happy, age: 29, gender: "male" },
      { at: 2000, faces: 0 },
    ];
    const color = [
      { at: 0, faces: 1, emotions: sad, age: 40, gender: "female" },
      { at: 1000, faces: 2, emotions: { happy: 0.6, sad: 0.4 }, age: 42, gender: "female" },
    ];
    expect((await send("rec-one", { name, color, mail: [{ at: 0, faces: 0 }] })).status).toBe(204);
    const stored = await rows("rec-one");
    expect(stored.map((row) => [row.field_id, row.samples.map((sample) => sample.at)])).toEqual([
      ["color", [0, 1000]],
      ["mail", [0]],
      ["name", [0, 1000, 2000]],
    ]);
    const answerId = await submit("rec-one");

    const emotions = await api.get<FieldsEmotions>(
      `/api/forms/${form}/answer/${answerId}/charts/fields-emotions`,
    );
    expect(emotions.status).toBe(200);
    const byId = Object.fromEntries(emotions.body.fields.map((field) => [field.fieldId, field]));
    expect(emotions.body.fields.map((field) => field.fieldId)).toEqual(["name", "mail", "color"]);
    expect(byId.name).toMatchObject({
      dominant: "happy",
      expectedEmotion: "happy",
      matchesExpected: true,
      withFace: 2,
    });
    expect(byId.name!.timeline).toEqual([
      { at: 0, faces: 1, emotion: "happy", score: 0.9 },
      { at: 1000, faces: 1, emotion: "happy", score: 0.9 },
      { at: 2000, faces: 0, emotion: null, score: null },
    ]);
    // Sad on average (0.55 against 0.3), though the second look was happier.
    expect(byId.color).toMatchObject({ dominant: "sad", expectedEmotion: "sad", matchesExpected: true });
    // No face found is a result of its own, kept and shown.
    expect(byId.mail).toMatchObject({ dominant: null, withFace: 0, samples: 1, matchesExpected: null });

    const faces = await api.get<{
      overall: { samples: number; withFace: number; maxFaces: number; age: number; gender: string } | null;
      fields: Array<{ fieldId: string; age: number | null; gender: string | null; maxFaces: number }>;
    }>(`/api/forms/${form}/answer/${answerId}/faces`);
    expect(faces.status).toBe(200);
    expect(faces.body.overall).toEqual({ samples: 6, withFace: 4, maxFaces: 2, age: 36, gender: "male" });
    expect(faces.body.fields.find((field) => field.fieldId === "color")).toMatchObject({
      age: 41,
      gender: "female",
      maxFaces: 2,
    });
    expect(faces.body.fields.find((field) => field.fieldId === "mail")).toMatchObject({
      age: null,
      gender: null,
    });
  });

  it("refuses forms that do not recognise, a missing consent, a stranger's question and a malformed sample with their codes", async () => {
    const sample = { name: [{ at: 0, faces: 1, emotions: happy }] };
    const plain = await send("rec-bad", sample, { formId: plainForm });
    expect([plain.status, plain.body?.code]).toEqual([403, "recognition.not_collected"]);
    const refused = await send("rec-bad", sample, { capturingConfirmOptions: [] });
    expect([refused.status, refused.body?.code]).toEqual([403, "recognition.consent_required"]);
    const foreign = await send("rec-bad", sample, { capturingConfirmOptions: ["not-offered"] });
    expect([foreign.status, foreign.body?.code]).toEqual([403, "recognition.consent_required"]);
    const stranger = await send("rec-bad", { nowhere: [{ at: 0, faces: 0 }] });
    expect([stranger.status, stranger.body?.code]).toEqual([400, "answer.unknown_field"]);
    const twice = await send(
      "rec-bad",
      {},
      {
        fields: [
          { fieldId: "name", samples: [] },
          { fieldId: "name", samples: [] },
        ],
      },
    );
    expect([twice.status, twice.body?.code]).toEqual([400, "recognition.field_twice"]);
    for (const bad of [
      { at: -1, faces: 1 },
      { at: 0, faces: 1, emotions: { joyful: 0.5 } },
      { at: 0, faces: 1, emotions: { happy: 2 } },
      { at: 0, faces: 1, gender: "other" },
      { at: 0, faces: "one" },
    ]) {
      const malformed = await send("rec-bad", { name: [bad as Sample] });
      expect([malformed.status, malformed.body?.code]).toEqual([400, "request.invalid"]);
    }
    const missing = await fetch(`${server.url}/api/forms/answer/recognition`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        formId: 999_999,
        key: "rec-bad",
        capturingConfirmOptions: agreed,
        fields: [{ fieldId: "name", samples: [] }],
      }),
    });
    expect(missing.status).toBe(404);
    expect(await rows("rec-bad")).toEqual([]);
  });

  it("keeps only what the form recognises", async () => {
    const emotionsOnly = (
      await api.post<{ form: { id: number } }>("/api/forms", {
        ...sampleForm,
        fields,
        hasEmotionsRecognition: true,
      })
    ).body.form.id;
    expect(
      (
        await send(
          "rec-emotions-only",
          { name: [{ at: 0, faces: 1, emotions: happy, age: 30, gender: "male" }] },
          { formId: emotionsOnly },
        )
      ).status,
    ).toBe(204);
    expect((await rows("rec-emotions-only"))[0]!.samples).toEqual([{ at: 0, faces: 1, emotions: happy }]);
  });

  it("shows a reader of some fields those fields only, nobody without results, no other account, and goes with the submission", async () => {
    await send("rec-private", {
      name: [{ at: 0, faces: 1, emotions: happy }],
      color: [{ at: 0, faces: 1, emotions: sad, age: 20, gender: "female" }],
    });
    const answerId = await submit("rec-private");
    const paths = [
      `/api/forms/${form}/answer/${answerId}/charts/fields-emotions`,
      `/api/forms/${form}/answer/${answerId}/faces`,
      `/api/forms/${form}/answers/charts/fields-emotions`,
    ];
    const other = await signUpWithAccount(server.api, "recognitionother");
    for (const path of paths) expect((await other.api.get(path)).status).toBe(404);
    const stranger = await addMember(server, accountId, "recstranger");
    await groupWith(api, "Recognition viewers", [stranger.id], ["forms.view"]);
    for (const path of paths) expect((await stranger.api.get(path)).status).toBe(403);

    const reader = await addMember(server, accountId, "recreader");
    const readers = await groupWith(api, "Recognition readers", [reader.id], ["forms.view", "results.view"]);
    const grant = (access: Record<string, unknown>) =>
      api.request("PUT", `/api/forms/${form}/permissions/group/${readers}`, access);
    expect((await grant({ level: "none" })).status).toBeLessThan(300);
    for (const path of paths) expect((await reader.api.get(path)).status).toBe(403);
    expect((await grant({ level: "fields", fieldIds: ["name"] })).status).toBeLessThan(300);
    const limited = await reader.api.get<FieldsEmotions>(paths[0]!);
    expect(limited.body.fields.map((field) => field.fieldId)).toEqual(["name"]);
    const faces = await reader.api.get<{
      fields: Array<{ fieldId: string }>;
      overall: { age: number | null };
    }>(paths[1]!);
    expect(faces.body.fields.map((field) => field.fieldId)).toEqual(["name"]);
    // The age seen at the hidden question is not in the overall figures either.
    expect(faces.body.overall.age).toBeNull();
    const totals = await reader.api.get<{ fields: Array<{ fieldId: string }> }>(paths[2]!);
    expect(totals.body.fields.map((field) => field.fieldId)).toEqual(["name"]);
    expect((await grant({ level: "all" })).status).toBeLessThan(300);
    expect(
      (await reader.api.get<FieldsEmotions>(paths[0]!)).body.fields.map((field) => field.fieldId),
    ).toEqual(["name", "color"]);

    expect(await rows("rec-private")).toHaveLength(2);
    const deleted = await api.request("DELETE", `/api/forms/${form}/answer`, { answerIds: [answerId] });
    expect(deleted.status).toBe(200);
    expect(await rows("rec-private")).toEqual([]);
  });

  it("forgets, in the hourly clean-up, what fillings never sent within a day recognised", async () => {
    await send("rec-sent", { name: [{ at: 0, faces: 0 }] });
    await submit("rec-sent");
    await send("rec-never-sent", { name: [{ at: 0, faces: 0 }] });
    await send("rec-just-begun", { name: [{ at: 0, faces: 0 }] });
    await server.database.raw.query(
      "update answer_recognitions set created_at = now() - interval '25 hours' where submission_key in ('rec-sent', 'rec-never-sent')",
    );
    await cleanUp(server.database.db);
    expect(await rows("rec-sent")).toHaveLength(1);
    expect(await rows("rec-just-begun")).toHaveLength(1);
    expect(await rows("rec-never-sent")).toEqual([]);
  });

  it("holds what no submission took yet to a share per address and per form, replacing a question's samples without counting them twice", async () => {
    const samples = Array.from({ length: 20 }, (_, i) => ({ at: i * 1000, faces: 1, emotions: happy }));
    const bytes = JSON.stringify(samples).length;
    const share = RECOGNITION_UNCLAIMED as {
      unclaimedBytesPerAddress: number;
      unclaimedBytesPerForm: number;
    };
    const before = { ...share };
    share.unclaimedBytesPerAddress = Math.floor(bytes * 2.5);
    share.unclaimedBytesPerForm = Math.floor(bytes * 3.5);
    try {
      const fresh = (
        await api.post<{ form: { id: number } }>("/api/forms", {
          ...sampleForm,
          fields,
          hasEmotionsRecognition: true,
        })
      ).body.form.id;
      const sendTo = (key: string, address: string) =>
        send(key, { name: samples }, { formId: fresh }, address);
      expect((await sendTo("held-1", "203.0.113.5")).status).toBe(204);
      expect((await sendTo("held-2", "203.0.113.5")).status).toBe(204);
      // The same question again replaces its samples: not counted twice.
      expect((await sendTo("held-2", "203.0.113.5")).status).toBe(204);
      const address = await sendTo("held-3", "203.0.113.5");
      expect([address.status, address.body?.code]).toEqual([429, "recognition.rate_limited"]);
      // Another address has its own share, within the form's.
      expect((await sendTo("held-4", "198.51.100.7")).status).toBe(204);
      const full = await sendTo("held-5", "192.0.2.9");
      expect([full.status, full.body?.code]).toEqual([429, "recognition.form_full"]);
      // A submission takes its filling's recognition out of both shares.
      const sent = await server.api.post<{ id: number }>(
        "/api/forms/answer",
        { formId: fresh, answers: [{ fieldId: "name", answer: "held" }], capturingConfirmOptions: agreed },
        { "idempotency-key": "held-1" },
      );
      expect(sent.status).toBe(201);
      expect((await sendTo("held-3", "203.0.113.5")).status).toBe(204);
      // And a submitted filling's page may still send what it saw, for a few minutes.
      expect((await sendTo("held-1", "203.0.113.5")).status).toBe(204);
    } finally {
      Object.assign(share, before);
    }
  });

  it("refuses, a few minutes after the submission, to replace what a submitted filling's page recognised", async () => {
    const first = [{ at: 0, faces: 1, emotions: happy }];
    expect((await send("rec-late", { name: first })).status).toBe(204);
    await submit("rec-late");
    // The last question's samples go right after the answers.
    expect((await send("rec-late", { color: [{ at: 0, faces: 1, emotions: sad }] })).status).toBe(204);
    await server.database.raw.query(
      "update form_answers set submit_time = now() - interval '6 minutes' where submission_key = 'rec-late'",
    );
    const late = await send("rec-late", { name: [{ at: 0, faces: 0 }], mail: [{ at: 0, faces: 0 }] });
    expect([late.status, late.body?.code]).toEqual([409, "recognition.already_sent"]);
    expect((await rows("rec-late")).map((row) => [row.field_id, row.samples])).toEqual([
      ["color", [{ at: 0, faces: 1, emotions: sad }]],
      ["name", first],
    ]);
  });

  it("holds an address to its share under requests sent at once", async () => {
    const samples = Array.from({ length: 20 }, (_, i) => ({ at: i * 1000, faces: 1, emotions: sad }));
    const bytes = JSON.stringify(samples).length;
    const share = RECOGNITION_UNCLAIMED as { unclaimedBytesPerAddress: number };
    const before = share.unclaimedBytesPerAddress;
    share.unclaimedBytesPerAddress = bytes * 3;
    try {
      const fresh = (
        await api.post<{ form: { id: number } }>("/api/forms", {
          ...sampleForm,
          fields,
          hasEmotionsRecognition: true,
        })
      ).body.form.id;
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          send(`burst-${i}`, { name: samples }, { formId: fresh }, "203.0.113.77"),
        ),
      );
      expect(answers.filter((answer) => answer.status === 204)).toHaveLength(3);
      expect(answers.filter((answer) => answer.body?.code === "recognition.rate_limited")).toHaveLength(5);
    } finally {
      share.unclaimedBytesPerAddress = before;
    }
  });
});
