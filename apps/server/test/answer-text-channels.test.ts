import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  createForm,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

/**
 * A respondent's words are plain text, whatever angle brackets they hold: every channel that
 * carries them out (a notification's mail, the author's letter, an export, the search) keeps them
 * whole, where markup removal once deleted what stood between "<" and ">".
 */

const NAME = "Uma <Six>";
const REMARK = "price a<b and c>d; I <3 it, 2 < 5 > 1";

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: TestServer;
let admin: ApiClient;
let adminEmail: string;
let formId: number;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Formloom <forms@formloom.test>",
    MAIL_POLL_MS: "50",
    AUTOMATION_POLL_MS: "50",
  });
  ({ api: admin } = await signUpWithAccount(server.api, "brackets"));
  adminEmail = (await admin.get<{ email: string }>("/api/user")).body.email.toLowerCase();
  formId = (
    await createForm(admin, {
      title: "Feedback",
      hasAnswerNotifications: true,
      fields: [
        { id: "name", fieldType: "text", question: "<b>Your</b> name" },
        { id: "remark", fieldType: "textarea", question: "Remarks" },
      ],
    })
  ).id;
  const made = await admin.post(`/api/forms/${formId}/email-notifications`, {
    adminName: "Copy",
    to: { formAuthor: true },
    subject: "From [answer:name]",
    message: "<p>[all_answers]</p>",
  });
  expect(made.status, made.text).toBe(200);
  const sent = await server.api.post("/api/forms/answer", {
    formId,
    answers: [
      { fieldId: "name", answer: NAME },
      { fieldId: "remark", answer: REMARK },
    ],
  });
  expect(sent.status, sent.text).toBe(201);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("an answer holding angle brackets", () => {
  it("is kept whole in a notification's subject, text and HTML", async () => {
    const mail = await smtp.waitFor(adminEmail, "From");
    expect(mail.subject).toBe(`From ${NAME}`);
    expect(mail.text).toContain(`Your name: ${NAME}`);
    expect(mail.text).toContain(REMARK);
    expect(mail.html).toContain("Uma &lt;Six&gt;");
    expect(mail.html).not.toContain("<Six>");
  });

  it("is kept whole in the author's letter", async () => {
    const letter = await smtp.waitFor(adminEmail, "Feedback");
    expect(letter.text).toContain(`Your name: ${NAME}`);
    expect(letter.text).toContain(REMARK);
  });

  it("is kept whole in a plain-text export, whose question titles lose their markup", async () => {
    const csv = await admin.get(`/api/forms/${formId}/answers/export/csv?plain_text=true`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text).toContain(NAME);
    expect(csv.text).toContain(REMARK);
    expect(csv.text).toContain("Your name");
    expect(csv.text).not.toContain("<b>");
  });

  it("is found by the words between the brackets", async () => {
    const found = await admin.get<{ results: Array<{ type: string }> }>(
      `/api/search?${new URLSearchParams({ request: "Six" })}`,
    );
    expect(found.status, found.text).toBe(200);
    expect(found.body.results.filter((hit) => hit.type === "form_answer")).toHaveLength(1);
  });
});
