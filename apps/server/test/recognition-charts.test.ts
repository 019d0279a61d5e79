import { readFileSync } from "node:fs";
import { type RecognitionSample, summarizeSamples } from "@formloom/core/recognition";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, sampleForm, type TestServer } from "./harness.ts";
import {
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
const { send, submit } = recognitionCalls(() => ({ server, api, accountId, form, plainForm }));

beforeAll(async () => {
  ({ server, api, accountId, form, plainForm } = await startRecognitionServer("recognisecharts"));
});
afterAll(() => server.close());

/** A new form of the account's that recognises emotions, for figures of its own. */
const recognisingForm = async () =>
  (
    await api.post<{ form: { id: number } }>("/api/forms", {
      ...sampleForm,
      fields,
      hasEmotionsRecognition: true,
    })
  ).body.form.id;

describe("on-device recognition, added up", () => {
  it("adds up each question's dominant emotions over the form's submissions, counting no face and the expected emotion", async () => {
    // A submission seen happy at "name", sad at "color", and no face at "mail".
    await send("rec-one", {
      name: [
        { at: 0, faces: 1, emotions: happy },
        { at: 1000, faces: 1, emotions: happy },
        { at: 2000, faces: 0 },
      ],
      color: [
        { at: 0, faces: 1, emotions: sad },
        { at: 1000, faces: 1, emotions: sad },
      ],
      mail: [{ at: 0, faces: 0 }],
    });
    await submit("rec-one");
    await send("rec-agg-1", {
      name: [{ at: 0, faces: 1, emotions: sad }],
      color: [{ at: 0, faces: 1, emotions: sad }],
    });
    await submit("rec-agg-1");
    await send("rec-agg-2", { name: [{ at: 0, faces: 0 }] });
    await submit("rec-agg-2");
    // Never sent: no submission, not counted.
    await send("rec-agg-unsent", { name: [{ at: 0, faces: 1, emotions: happy }] });
    const totals = await api.get<{
      submissions: number;
      fields: Array<{
        fieldId: string;
        answers: number;
        noFace: number;
        dominant: Record<string, number>;
        matchedExpected: number | null;
      }>;
    }>(`/api/forms/${form}/answers/charts/fields-emotions`);
    expect(totals.status).toBe(200);
    // rec-one and the two after it.
    expect(totals.body.submissions).toBe(3);
    const name = totals.body.fields.find((field) => field.fieldId === "name")!;
    expect(name).toMatchObject({ answers: 3, noFace: 1, matchedExpected: 1 });
    expect(name.dominant).toMatchObject({ happy: 1, sad: 1, neutral: 0 });
    const color = totals.body.fields.find((field) => field.fieldId === "color")!;
    expect(color).toMatchObject({ answers: 2, noFace: 0, matchedExpected: 2 });
    expect(totals.body.fields.find((field) => field.fieldId === "mail")).toMatchObject({
      answers: 1,
      noFace: 1,
      matchedExpected: null,
    });
  });

  it("adds up the form's chart in the database from what each question's samples came to when written, not from the samples", async () => {
    const fresh = await recognisingForm();
    const sendTo = (key: string, perField: Record<string, Sample[]>) =>
      send(key, perField, { formId: fresh });
    await sendTo("sum-1", {
      name: [
        { at: 0, faces: 1, emotions: happy },
        { at: 1000, faces: 1, emotions: sad },
        { at: 2000, faces: 0 },
      ],
      color: [{ at: 0, faces: 1, emotions: sad }],
      mail: [{ at: 0, faces: 0 }],
    });
    // A face without emotions: an answer with a face and no dominant emotion.
    await sendTo("sum-2", { name: [{ at: 0, faces: 1, emotions: sad }], color: [{ at: 0, faces: 2 }] });
    await sendTo("sum-3", { name: [{ at: 0, faces: 0 }] });
    await sendTo("sum-unsent", { name: [{ at: 0, faces: 1, emotions: happy }] });
    for (const key of ["sum-1", "sum-2", "sum-3"]) await submit(key, fresh);
    const chart = () => api.get(`/api/forms/${fresh}/answers/charts/fields-emotions`);
    const before = await chart();
    expect(before.status).toBe(200);
    const none = { happy: 0, surprised: 0, neutral: 0, sad: 0, fearful: 0, disgusted: 0, angry: 0 };
    expect(before.body).toEqual({
      submissions: 3,
      fields: [
        {
          fieldId: "name",
          question: expect.any(String),
          expectedEmotion: "happy",
          answers: 3,
          noFace: 1,
          dominant: { ...none, happy: 1, sad: 1 },
          matchedExpected: 1,
        },
        {
          fieldId: "mail",
          question: expect.any(String),
          expectedEmotion: null,
          answers: 1,
          noFace: 1,
          dominant: none,
          matchedExpected: null,
        },
        {
          fieldId: "color",
          question: expect.any(String),
          expectedEmotion: "sad",
          answers: 2,
          noFace: 0,
          dominant: { ...none, sad: 1 },
          matchedExpected: 1,
        },
      ],
    });
    // The chart reads no timeline: with the samples gone from the rows it says the same.
    await server.database.raw.query(
      "update answer_recognitions set samples = '[]'::jsonb where form_id = $1",
      [fresh],
    );
    expect((await chart()).body).toEqual(before.body);
  });

  it("gives the rows written before the chart added up in the database the same summary as their samples", async () => {
    const fresh = await recognisingForm();
    const timelines: Sample[][] = [
      [],
      [{ at: 0, faces: 0 }],
      [{ at: 0, faces: 3 }],
      [{ at: 0, faces: 1, emotions: {} }],
      // A tie goes to the earlier emotion of the list, also once the means are rounded.
      [{ at: 0, faces: 1, emotions: { sad: 0.5, happy: 0.5 } }],
      [{ at: 0, faces: 1, emotions: { angry: 0.4004, fearful: 0.4001 } }],
      [
        { at: 0, faces: 1, emotions: { angry: 0.9 } },
        { at: 1000, faces: 0, emotions: { happy: 1 } },
        { at: 2000, faces: 2, emotions: { disgusted: 0.5, angry: 0.2 } },
        { at: 3000, faces: 1 },
      ],
      Array.from({ length: 50 }, (_, i) => ({
        at: i * 1000,
        faces: i % 7 === 0 ? 0 : 1,
        emotions: { surprised: (i % 10) / 10, neutral: ((i * 3) % 10) / 10, sad: 0.333 },
      })),
    ];
    for (const [i, timeline] of timelines.entries())
      expect((await send(`backfill-${i}`, { name: timeline }, { formId: fresh })).status).toBe(204);
    await server.database.raw.query(
      "update answer_recognitions set with_face = 0, dominant = null where form_id = $1",
      [fresh],
    );
    const migration = readFileSync(
      new URL("../drizzle/0057_recognition_summary.sql", import.meta.url),
      "utf8",
    );
    const backfill = migration.split("--> statement-breakpoint").find((part) => part.includes("UPDATE"))!;
    await server.database.raw.query(`${backfill.trim().replace(/;$/, "")} where r.form_id = ${fresh}`);
    const stored = await server.database.raw.query<{
      submission_key: string;
      samples: RecognitionSample[];
      with_face: number;
      dominant: string | null;
    }>(
      "select submission_key, samples, with_face, dominant from answer_recognitions where form_id = $1 order by id",
      [fresh],
    );
    expect(stored).toHaveLength(timelines.length);
    for (const row of stored) {
      const { withFace, dominant } = summarizeSamples(row.samples);
      expect([row.submission_key, row.with_face, row.dominant]).toEqual([
        row.submission_key,
        withFace,
        dominant,
      ]);
    }
    expect(stored.map((row) => row.dominant)).toEqual([
      null,
      null,
      null,
      "happy",
      "happy",
      "fearful",
      "angry",
      expect.any(String),
    ]);
  });
});
