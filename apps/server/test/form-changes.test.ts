import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  createForm,
  sampleForm,
  startWithAccount,
  submitAnswers,
  type TestServer,
} from "./harness.ts";

// A submission is judged on the form as the author left it a moment ago, a refusal as much as an
// acceptance: the server reads the form once for many submissions, and that copy must never
// outlive the author's change.

let server: TestServer;
let author: ApiClient;
beforeAll(async () => {
  ({ server, api: author } = await startWithAccount("changes"));
});
afterAll(() => server.close());

const answers = [{ fieldId: "name", answer: "Ann" }];
const send = (formId: number, body: Record<string, unknown> = {}) =>
  server.api.post("/api/forms/answer", { formId, answers, ...body });

async function change(formId: number, patch: Record<string, unknown>): Promise<void> {
  const changed = await author.patch(`/api/forms/${formId}`, patch);
  expect(changed.status, changed.text).toBe(200);
}

describe("a form changed after a submission was refused", () => {
  it("takes submissions once it is published", async () => {
    const form = await createForm(author, { ...sampleForm, isPublished: false });
    const closed = await send(form.id);
    expect(closed.status).toBe(403);
    expect(closed.body.code).toBe("form.closed");
    await change(form.id, { isPublished: true });
    const open = await send(form.id);
    expect(open.status, open.text).toBe(201);
  });

  it("takes anyone's submission once it is opened to anyone", async () => {
    const form = await createForm(author, { ...sampleForm, hasAnonymousFilling: "registered" });
    const denied = await send(form.id);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("form.access_denied");
    await change(form.id, { hasAnonymousFilling: "anonymous" });
    expect((await send(form.id)).status).toBe(201);
  });

  it("takes answers to a question added after the form was filled", async () => {
    const form = await createForm(author);
    await submitAnswers(server.api, form.id, answers);
    const unknown = await send(form.id, { answers: [...answers, { fieldId: "late", answer: "x" }] });
    expect(unknown.status).toBe(400);
    await change(form.id, {
      fields: [...sampleForm.fields, { id: "late", fieldType: "text", question: "Added later" }],
    });
    const added = await send(form.id, { answers: [...answers, { fieldId: "late", answer: "x" }] });
    expect(added.status, added.text).toBe(201);
  });

  it("takes a consent it did not ask for before capture was switched on", async () => {
    const form = await createForm(author);
    const refused = await send(form.id, { capturingConfirmOptions: ["camera"] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("submission.consent_invalid");
    await change(form.id, {
      isCaptureVideo: true,
      capturingConfirmPopup: {
        show: true,
        header: "May we record?",
        checkboxes: [{ id: "camera", label: "My camera" }],
      },
    });
    const accepted = await send(form.id, { capturingConfirmOptions: ["camera"] });
    expect(accepted.status, accepted.text).toBe(201);
  });
});

describe("a form changed after a submission was taken", () => {
  it("refuses what it no longer takes: a question made required, a form closed, an interval set", async () => {
    const form = await createForm(author);
    await submitAnswers(server.api, form.id, answers);
    const [, mail, color] = sampleForm.fields;
    await change(form.id, { fields: [sampleForm.fields[0], { ...mail, isRequired: true }, color] });
    const missing = await send(form.id);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("submission.invalid");

    await change(form.id, { isPublished: false });
    expect(
      (await send(form.id, { answers: [...answers, { fieldId: "mail", answer: "a@b.co" }] })).body.code,
    ).toBe("form.closed");
  });

  it("holds a respondent to an interval set after their first submission", async () => {
    const form = await createForm(author);
    await submitAnswers(server.api, form.id, answers);
    await change(form.id, { nextSubmissionTime: "1h" });
    const again = await send(form.id);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("submission.too_soon");
  });
});
