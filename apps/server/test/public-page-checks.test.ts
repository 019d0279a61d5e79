import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  sampleForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

/**
 * POST /api/forms/answer is the authority: every check the public page makes in the browser is
 * made again on the server, so a request crafted to skip the browser is refused. The checks other
 * test files already prove are listed here by their test, which must keep existing; the ones no
 * other file covers are tested below.
 */
const PROVEN_ELSEWHERE = [
  ["unpublished or unknown form", "answers.test.ts", "refuses unknown and unpublished forms"],
  ["restricted form without a sign-in", "answers.test.ts", "admits only the account's signed-in users"],
  [
    "missing required and invalid values",
    "answers.test.ts",
    "returns every problem at once and stores nothing",
  ],
  [
    "answers to fields the rules hid",
    "rules-on-submission.test.ts",
    "checks a required field only while the rules show it",
  ],
  [
    "forged and tampered captcha",
    "captcha.test.ts",
    "asks for a solution, and refuses forged and tampered ones",
  ],
  [
    "replayed captcha",
    "captcha.test.ts",
    "accepts a solution once, also when the same one arrives many times",
  ],
  ["time up on a form without a limit", "time-up.test.ts", "refuses a form's time up on a form without one"],
  [
    "time between submissions",
    "submissions.test.ts",
    "accepts one of 50 parallel submissions from one browser",
  ],
  [
    "questions the seed did not give",
    "question-output.test.ts",
    "requires only the questions the respondent's seed",
  ],
  ["consent options not offered", "respondent-choices.test.ts", "refuses options the form does not offer"],
  [
    "sent on leaving where the form does not",
    "respondent-choices.test.ts",
    "refuses a form sent by itself on leaving",
  ],
  [
    "idempotent resend stores one",
    "submissions.test.ts",
    "stores a submission retried with the same Idempotency-Key once",
  ],
  ["an HTML file named .png", "uploads.test.ts", "refuses an HTML page named .png"],
  [
    "a file another submission took",
    "uploads.test.ts",
    "gives one upload to one submission when several send it at once",
  ],
  ["upload bursts per respondent and address", "upload-limits.test.ts", "however many arrive at once"],
  ["oversized behaviour batch", "behavior-logger.test.ts", "refuses batches over the size limits"],
  [
    "behaviour of a form that does not collect it",
    "behavior-logger.test.ts",
    "refuses a form that does not collect behaviour",
  ],
  [
    "behaviour bursts per respondent",
    "behavior-logger.test.ts",
    "lets one respondent send only so many batches",
  ],
] as const;

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  // As behind a reverse proxy: the submitter's address comes from X-Forwarded-For.
  server = await startTestServer({ TRUST_PROXY: "true" });
  ({ api } = await signUpWithAccount(server.api, "checks"));
});
afterAll(() => server.close());

async function createForm(extra: Record<string, unknown> = {}): Promise<number> {
  const created = await api.post<{ form: { id: number } }>("/api/forms", { ...sampleForm, ...extra });
  expect(created.status).toBe(201);
  return created.body.form.id;
}

function submit(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return server.api.post<{ id: number; code?: string; validationErrors?: Array<{ field: string }> }>(
    "/api/forms/answer",
    body,
    headers,
  );
}

interface Stored {
  answers: Array<{ fieldId: string; answeringTime?: number }>;
  device: Record<string, unknown>;
  geo: Record<string, unknown> | null;
}

async function stored(formId: number, answerId: number): Promise<Stored> {
  const response = await api.get<Stored>(`/api/forms/${formId}/answer/${answerId}`);
  expect(response.status).toBe(200);
  return response.body;
}

describe("checks proven by other test files", () => {
  it.each(PROVEN_ELSEWHERE)("%s: %s keeps its test", (_check, file, title) => {
    const source = readFileSync(path.join(import.meta.dirname, file), "utf8");
    const titles = [...source.matchAll(/\bit\(\s*"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]);
    expect(titles.some((name) => name?.includes(title))).toBe(true);
  });
});

describe("where a submission came from", () => {
  it("fills the place of a public address from the shipped GeoIP database", async () => {
    const formId = await createForm();
    // An address the database places in St Albans, England.
    const sent = await submit(
      { formId, answers: [{ fieldId: "name", answer: "Ann" }] },
      { "x-forwarded-for": "81.2.69.142" },
    );
    expect(sent.status).toBe(201);
    const { geo } = await stored(formId, sent.body.id);
    expect(geo).toEqual({
      country: "GB",
      region: "ENG",
      city: "St Albans",
      zipcode: null,
      timeZone: "Europe/London",
      latitude: expect.closeTo(51.75, 1),
      longitude: expect.closeTo(-0.33, 1),
    });
    // The same address as a dual-stack socket writes it.
    const wrapped = await submit(
      { formId, answers: [{ fieldId: "name", answer: "Bob" }] },
      { "x-forwarded-for": "::ffff:81.2.69.142" },
    );
    expect((await stored(formId, wrapped.body.id)).geo).toMatchObject({ country: "GB" });
  });

  it("leaves private and loopback addresses without a place, and still stores the answers", async () => {
    const formId = await createForm();
    for (const address of ["10.1.2.3", "192.168.0.7", "127.0.0.1", "::1", "fd00::1"]) {
      const sent = await submit(
        { formId, answers: [{ fieldId: "name", answer: address }] },
        { "x-forwarded-for": address },
      );
      expect(sent.status, address).toBe(201);
      expect((await stored(formId, sent.body.id)).geo, address).toBeNull();
    }
  });
});

describe("device data the page reports", () => {
  it("keeps the screen, platform and language beside what the User-Agent says", async () => {
    const formId = await createForm();
    const sent = await submit(
      {
        formId,
        answers: [{ fieldId: "name", answer: "Ann" }],
        device: { width: 390, height: 844, platform: "iPhone", language: "uk-UA" },
      },
      {
        "user-agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      },
    );
    expect(sent.status).toBe(201);
    expect((await stored(formId, sent.body.id)).device).toMatchObject({
      type: "mobile",
      os: expect.stringContaining("iOS"),
      width: 390,
      height: 844,
      platform: "iPhone",
      language: "uk-UA",
    });
  });

  it("refuses sizes out of range and strings that are not a platform or a language", async () => {
    const formId = await createForm();
    const answers = [{ fieldId: "name", answer: "Ann" }];
    for (const device of [
      { width: -1 },
      { height: 10_000_000 },
      { width: 1.5 },
      { platform: "x".repeat(65) },
      { language: "<script>" },
      { language: "en".repeat(40) },
    ]) {
      const refused = await submit({ formId, answers, device });
      expect(refused.status, JSON.stringify(device)).toBe(400);
      expect(refused.body.validationErrors?.[0]?.field).toMatch(/^device\./);
    }
  });
});

describe("answering times", () => {
  it("keeps the times that fit the filling and drops those that cannot be true", async () => {
    const formId = await createForm();
    const plausible = await submit({
      formId,
      formPassingTime: 60,
      answers: [
        { fieldId: "name", answer: "Ann", answeringTime: 12.5 },
        { fieldId: "mail", answer: "ann@example.com", answeringTime: 20 },
      ],
    });
    expect(plausible.status).toBe(201);
    expect((await stored(formId, plausible.body.id)).answers.map((a) => a.answeringTime)).toEqual([12.5, 20]);

    // A minute's filling cannot hold an hour on one question, nor two questions of 50 seconds each.
    for (const times of [
      [3600, 1],
      [50, 50],
    ]) {
      const crafted = await submit({
        formId,
        formPassingTime: 60,
        answers: [
          { fieldId: "name", answer: "Bob", answeringTime: times[0] },
          { fieldId: "mail", answer: "bob@example.com", answeringTime: times[1] },
        ],
      });
      expect(crafted.status).toBe(201);
      expect((await stored(formId, crafted.body.id)).answers.some((a) => a.answeringTime !== undefined)).toBe(
        false,
      );
    }
    const negative = await submit({
      formId,
      answers: [{ fieldId: "name", answer: "Eve", answeringTime: -1 }],
    });
    expect(negative.status).toBe(400);
  });

  it("keeps none for a form that does not collect behaviour", async () => {
    const formId = await createForm({ collectBehaviorData: false });
    const sent = await submit({
      formId,
      formPassingTime: 60,
      answers: [{ fieldId: "name", answer: "Ann", answeringTime: 12.5 }],
    });
    expect(sent.status).toBe(201);
    expect((await stored(formId, sent.body.id)).answers[0]?.answeringTime).toBeUndefined();
  });
});
