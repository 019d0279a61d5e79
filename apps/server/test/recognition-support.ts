import { DEFAULT_CONSENT_OPTIONS } from "@formloom/core/consent";
import { expect } from "vitest";
import {
  type ApiClient,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

/** What the recognition tests share: a server, an account and its two forms, and the calls they make. */
export interface RecognitionSetup {
  server: TestServer;
  api: ApiClient;
  accountId: number;
  /** A form that recognises faces, emotions, age and gender. */
  form: number;
  /** The same form recognising nothing. */
  plainForm: number;
}

export const agreed = [DEFAULT_CONSENT_OPTIONS.capturing.id];
export const happy = { happy: 0.9, neutral: 0.05, sad: 0.05 };
export const sad = { sad: 0.7, neutral: 0.3 };

/** The form asks "name" expecting a happy face and "color" expecting a sad one. */
export const fields = [
  { ...sampleForm.fields[0], userBehaviorSettings: { expectedEmotion: "happy" } },
  sampleForm.fields[1],
  { ...sampleForm.fields[2], userBehaviorSettings: { expectedEmotion: "sad" } },
];

export type Sample = {
  at: number;
  faces: number;
  emotions?: Record<string, number>;
  age?: number;
  gender?: string;
};

export interface FieldsEmotions {
  fields: Array<{
    fieldId: string;
    dominant: string | null;
    expectedEmotion: string | null;
    matchesExpected: boolean | null;
    withFace: number;
    samples: number;
    timeline: Array<{ at: number; faces: number; emotion: string | null; score: number | null }>;
  }>;
}

/**
 * A server of the file's own and an account with both forms. The tests run the hourly clean-up
 * themselves; the server's own run (ten seconds after its start) could otherwise remove what a test
 * has just set up for its run, between the two.
 */
export async function startRecognitionServer(username: string): Promise<RecognitionSetup> {
  const server = await startTestServer({ TRUST_PROXY: "true", RUN_WORKERS: "false" });
  const { api, accountId } = await signUpWithAccount(server.api, username);
  const create = async (settings: Record<string, unknown>) => {
    const created = await api.post<{ form: { id: number } }>("/api/forms", {
      ...sampleForm,
      fields,
      ...settings,
    });
    expect(created.status).toBe(201);
    return created.body.form.id;
  };
  const form = await create({
    hasFaceRecognition: true,
    hasEmotionsRecognition: true,
    hasAgeGenderRecognition: true,
  });
  return { server, api, accountId, form, plainForm: await create({}) };
}

/** The calls of the tests, on the setup `setup()` gives once it is started. */
export function recognitionCalls(setup: () => RecognitionSetup) {
  async function send(
    key: string,
    perField: Record<string, Sample[]>,
    extra: Record<string, unknown> = {},
    address?: string,
  ) {
    const response = await fetch(`${setup().server.url}/api/forms/answer/recognition`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(address ? { "x-forwarded-for": address } : {}) },
      body: JSON.stringify({
        formId: setup().form,
        key,
        capturingConfirmOptions: agreed,
        fields: Object.entries(perField).map(([fieldId, samples]) => ({ fieldId, samples })),
        ...extra,
      }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as { code?: string } | null };
  }

  async function submit(key: string, formId = setup().form): Promise<number> {
    const sent = await setup().server.api.post<{ id: number }>(
      "/api/forms/answer",
      { formId, answers: [{ fieldId: "name", answer: key }], capturingConfirmOptions: agreed },
      { "idempotency-key": key },
    );
    expect(sent.status).toBe(201);
    return sent.body.id;
  }

  const rows = (key: string) =>
    setup().server.database.raw.query<{ field_id: string; samples: Sample[] }>(
      "select field_id, samples from answer_recognitions where submission_key = $1 order by field_id",
      [key],
    );

  return { send, submit, rows };
}
