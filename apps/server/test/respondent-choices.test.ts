import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  createForm as createAs,
  sampleForm,
  signUpWithAccount,
  startWithAccount,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let subdomain: string;
beforeAll(async () => {
  ({ server, api, subdomain } = await startWithAccount("choices"));
});
afterAll(() => server.close());

const createForm = (settings: Record<string, unknown>) => createAs(api, { ...sampleForm, ...settings });

const answers = [{ fieldId: "name", answer: "Ann" }];
const boxes = [
  { id: "clicks", label: "My clicks" },
  { id: "timing", label: "How long I take" },
];

describe("a form limited to the account's users", () => {
  it("gives its questions and takes its answers from none but them", async () => {
    const form = await createForm({ hasAnonymousFilling: "registered" });
    const path = `/api/forms/path/${form.formPathAlias}/${subdomain}`;
    const stranger = await signUpWithAccount(server.api, "outsider");
    for (const caller of [server.api, stranger.api]) {
      const page = await caller.get(path);
      expect(page.status).toBe(403);
      expect(page.body.code).toBe("form.access_denied");
      expect(page.text).not.toContain("Your name");
      const sent = await caller.post("/api/forms/answer", { formId: form.id, answers });
      expect(sent.status).toBe(403);
      expect(sent.body.code).toBe("form.access_denied");
      const wait = await caller.get(`/api/forms/${form.id}/next-submission`);
      expect(wait.status).toBe(403);
    }
    expect((await api.get(path)).status).toBe(200);
    expect((await api.post("/api/forms/answer", { formId: form.id, answers })).status).toBe(201);
  });
});

describe("consent pop-ups", () => {
  it("stores the ticked options and refuses options the form does not offer", async () => {
    const form = await createForm({ behavioralConfirmPopup: { show: true, checkboxes: boxes } });
    const foreign = await server.api.post("/api/forms/answer", {
      formId: form.id,
      answers,
      behavioralConfirmOptions: ["camera"],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("submission.consent_invalid");
    // No capturing pop-up on this form: no capturing choice to make.
    const unasked = await server.api.post("/api/forms/answer", {
      formId: form.id,
      answers,
      capturingConfirmOptions: ["clicks"],
    });
    expect(unasked.status).toBe(400);
    expect(unasked.body.code).toBe("submission.consent_invalid");

    const agreed = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form.id,
      answers: [{ fieldId: "name", answer: "Ann", answeringTime: 4 }],
      behavioralConfirmOptions: ["timing"],
    });
    expect(agreed.status).toBe(201);
    const stored = await api.get(`/api/forms/${form.id}/answer/${agreed.body.id}`);
    expect(stored.body).toMatchObject({
      behavioralConfirmOptions: ["timing"],
      capturingConfirmOptions: null,
      answers: [{ fieldId: "name", answeringTime: 4 }],
    });

    // Cancel: an empty choice, and no behaviour kept with the answers.
    const cancelled = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form.id,
      answers: [{ fieldId: "name", answer: "Bo", answeringTime: 4 }],
      behavioralConfirmOptions: [],
    });
    expect(cancelled.status).toBe(201);
    const kept = await api.get<{
      behavioralConfirmOptions: string[];
      answers: Array<Record<string, unknown>>;
    }>(`/api/forms/${form.id}/answer/${cancelled.body.id}`);
    expect(kept.body.behavioralConfirmOptions).toEqual([]);
    expect(kept.body.answers[0]).not.toHaveProperty("answeringTime");
  });
});

const quiz = {
  title: "Stay on the page",
  type: "calculation",
  fields: [
    {
      id: "capital",
      fieldType: "radio",
      question: "Capital of France?",
      isRequired: true,
      calcSettings: { calcType: "check_values", points: 5 },
      fieldSettings: {
        answerVariants: [
          { id: "paris", title: "Paris", checkValue: true },
          { id: "rome", title: "Rome" },
        ],
      },
    },
    { id: "why", fieldType: "text", question: "Why?", isRequired: true },
  ],
};

describe("cursor-out actions", () => {
  it("refuses a form sent by itself on leaving where the form does not do that", async () => {
    const counting = await createForm({
      ...quiz,
      cursorOutActions: { countCases: true, subtractFromResult: 1, allowAmount: 1 },
    });
    const crafted = await server.api.post("/api/forms/answer", {
      formId: counting.id,
      answers: [{ fieldId: "capital", answer: "paris" }],
      cursorOutCases: 5,
      sentOnCursorOut: true,
    });
    expect(crafted.status).toBe(400);
    expect(crafted.body.code).toBe("submission.cursor_out_invalid");
  });

  it("takes points off on the server and sends the form only past the allowed amount", async () => {
    const form = await createForm({
      ...quiz,
      cursorOutActions: { countCases: true, subtractFromResult: 1, allowAmount: 1, sendForm: true },
    });
    const early = await server.api.post("/api/forms/answer", {
      formId: form.id,
      answers: [{ fieldId: "capital", answer: "paris" }],
      cursorOutCases: 1,
      sentOnCursorOut: true,
    });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe("submission.cursor_out_invalid");

    // Sent by itself: the unanswered required question goes in empty; two cases over the allowed one.
    const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: form.id,
      answers: [{ fieldId: "capital", answer: "paris" }],
      cursorOutCases: 3,
      sentOnCursorOut: true,
    });
    expect(sent.status).toBe(201);
    expect((await api.get(`/api/forms/${form.id}/answer/${sent.body.id}`)).body).toMatchObject({ score: 3 });

    // Sent by the respondent, the form's questions are still required.
    const plain = await server.api.post("/api/forms/answer", {
      formId: form.id,
      answers: [{ fieldId: "capital", answer: "paris" }],
      cursorOutCases: 3,
    });
    expect(plain.status).toBe(400);
    expect(plain.body.code).toBe("submission.invalid");
  });
});

/** A browser's calls: it keeps the respondent cookie the form's page hands out. */
function browser() {
  let cookie = "";
  return async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...(init.body ? { "content-type": "application/json" } : {}), cookie, ...init.headers },
    });
    const set = response.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (set.length > 0) cookie = set.join("; ");
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

describe("the time between submissions, told when the form opens", () => {
  it("tells this respondent when they may send again, and nobody known to be someone else", async () => {
    const form = await createForm({ nextSubmissionTime: "1h" });
    const first = browser();
    const page = await first(`/api/forms/path/${form.formPathAlias}/${subdomain}`);
    expect(page.status).toBe(200);
    expect((await first(`/api/forms/${form.id}/next-submission`)).body).toEqual({ submitAfter: null });
    const sent = await first("/api/forms/answer", {
      method: "POST",
      body: JSON.stringify({ formId: form.id, answers }),
    });
    expect(sent.status).toBe(201);
    const told = await first(`/api/forms/${form.id}/next-submission`);
    const after = Date.parse(String(told.body.submitAfter));
    expect(after).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(after).toBeLessThan(Date.now() + 61 * 60_000);
    // The server refuses what the page told.
    const again = await first("/api/forms/answer", {
      method: "POST",
      body: JSON.stringify({ formId: form.id, answers }),
    });
    expect(again.status).toBe(429);

    // A fresh cookie behind the same address is no new respondent: it is told to wait as well.
    const other = browser();
    await other(`/api/forms/path/${form.formPathAlias}/${subdomain}`);
    expect((await other(`/api/forms/${form.id}/next-submission`)).body).toEqual(told.body);
    // A signed-in user is known by their user alone.
    expect((await api.get(`/api/forms/${form.id}/next-submission`)).body).toEqual({ submitAfter: null });
    // A form without an interval never asks anyone to wait.
    const open = await createForm({});
    expect((await first(`/api/forms/${open.id}/next-submission`)).body).toEqual({ submitAfter: null });
  });
});
