import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

let server: TestServer;
let author: ApiClient;
let authorEmail: string;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

const fields = [
  { id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 },
  {
    id: "topic",
    fieldType: "radio",
    question: "Topic",
    fieldOrder: 1,
    fieldSettings: {
      answerVariants: [{ id: "bill", title: "Billing", value: "1" }],
      hasOtherVariant: true,
    },
  },
];

async function createForm(title: string, hasAnswerNotifications: boolean): Promise<number> {
  const created = await author.post<{ form: { id: number } }>("/api/forms", {
    title,
    hasAnswerNotifications,
    fields,
  });
  expect(created.status, created.text).toBe(201);
  return created.body.form.id;
}

async function submit(formId: number): Promise<number> {
  const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
    formId,
    answers: [
      { fieldId: "name", answer: "Rosa" },
      { fieldId: "topic", answer: "other:Shipping" },
    ],
  });
  expect(sent.status, sent.text).toBe(201);
  return sent.body.id;
}

/** Waits until every automation job and every queued mail has been dealt with. */
async function settled(): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const open = await server.database.db.execute(sql`
      select (select count(*) from automation_jobs where state = 'queued')::int
           + (select count(*) from mail_outbox where sent_at is null)::int as open`);
    if ((open as unknown as { rows: Array<{ open: number }> }).rows[0]!.open === 0) return;
    if (Date.now() > deadline) throw new Error("the queues did not empty");
    await new Promise((done) => setTimeout(done, 50));
  }
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "50",
    AUTOMATION_POLL_MS: "50",
    WEBHOOK_POLL_MS: "600000",
    PUBLIC_URL: "https://forms.example.test",
  });
  ({ api: author } = await signUpWithAccount(server.api, "noticeauthor"));
  authorEmail = (await author.get<{ email: string }>("/api/user")).body.email.toLowerCase();
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("“Notify me of new submissions”", () => {
  it("e-mails the form's author each submission with its answers and a link to it, and only where it is on", async () => {
    const quiet = await createForm("Quiet desk", false);
    await submit(quiet);
    const formId = await createForm("Help desk", true);
    await submit(formId);
    const mail = await smtp.waitFor(authorEmail, "Help desk");
    expect(mail.subject).toBe('New submission to "Help desk"');
    expect(mail.text).toContain("Your name: Rosa");
    expect(mail.text).toContain("Topic: Shipping");
    // The form's first submission: its own number, not the account's second id.
    expect(mail.text).toContain('Your form "Help desk" has a new submission, #1:');
    expect(mail.text).toContain(`https://forms.example.test/forms/${formId}/results/1\n`);
    await settled();
    expect(smtp.messages.filter((m) => m.subject.includes("Quiet desk"))).toEqual([]);
    expect(smtp.messages.filter((m) => m.subject.includes("Help desk"))).toHaveLength(1);
  });
});
