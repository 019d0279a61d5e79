import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  confirmEmailByLink,
  createForm,
  signUpWithAccount,
  startTestServer,
  submitAnswers,
  type TestServer,
} from "./harness.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

// A notification mailed to the addresses respondents type is mail to people outside the account,
// in words the form's author wrote: it holds to the same daily limit as invitations, counted per
// address it goes to, and needs the author's confirmed e-mail.

const PER_DAY = 5;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    OUTSIDE_MAIL_PER_DAY: String(PER_DAY),
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "50",
    AUTOMATION_POLL_MS: "50",
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const toRespondents = (subject = "Thanks for [form_title]") => ({
  adminName: "Receipt",
  subject,
  message: "<p>We got your answer, [answer:name].</p>",
  to: { formAuthor: true, emailFieldIds: ["mail"] },
});

async function confirmedAuthor(name: string) {
  const signed = await signUpWithAccount(server.api, name);
  expect((await confirmEmailByLink(server, signed.api)).status).toBe(200);
  const email = (await signed.api.get<{ email: string }>("/api/user")).body.email.toLowerCase();
  return { ...signed, email };
}

interface Job {
  state: string;
  lastError: string | null;
}

/** Waits until every job of the form is done and nothing is left to send. */
async function settledJobs(api: ApiClient, formId: number, count: number): Promise<Job[]> {
  const until = Date.now() + 20_000;
  for (;;) {
    const { jobs } = (await api.get<{ jobs: Job[] }>(`/api/forms/${formId}/automation-jobs`)).body;
    const [unsent] = await server.database.raw.query<{ n: number }>(
      "select count(*)::int as n from mail_outbox where sent_at is null",
    );
    if (jobs.length === count && jobs.every((job) => job.state !== "queued") && unsent!.n === 0) return jobs;
    if (Date.now() > until) throw new Error(`jobs not settled: ${JSON.stringify(jobs)}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe("notifications to respondents' addresses", () => {
  it("cannot be saved by an author who has not confirmed their e-mail", async () => {
    const { api } = await signUpWithAccount(server.api, "fresh");
    const form = await createForm(api);
    const saved = await api.post(`/api/forms/${form.id}/email-notifications`, toRespondents());
    expect(saved.status).toBe(403);
    expect(saved.body.code).toBe("mail.confirm_email_first");
    // To the account's own people it is still theirs to send.
    const inside = await api.post(`/api/forms/${form.id}/email-notifications`, {
      ...toRespondents(),
      to: { formAuthor: true },
    });
    expect(inside.status).toBe(200);
    const widened = await api.patch(`/api/forms/${form.id}/email-notifications/${inside.body.id}`, {
      to: { formAuthor: true, emailFieldIds: ["mail"] },
    });
    expect(widened.status).toBe(403);
    expect(widened.body.code).toBe("mail.confirm_email_first");
  });

  it(`go out at most ${PER_DAY} a day, also when 12 submissions arrive at once; the rest are logged as refused`, async () => {
    const { api, email } = await confirmedAuthor("busy");
    const form = await createForm(api);
    const bait = "Your mailbox is full: click the link below to keep receiving mail [answer:name]";
    expect((await api.post(`/api/forms/${form.id}/email-notifications`, toRespondents(bait))).status).toBe(
      200,
    );
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        submitAnswers(server.api, form.id, [
          { fieldId: "name", answer: `Person ${i}` },
          { fieldId: "mail", answer: `stranger${i}@example.com` },
        ]),
      ),
    );
    const jobs = await settledJobs(api, form.id, 12);
    const strangers = smtp.messages.filter((mail) => mail.to.some((to) => to.startsWith("stranger")));
    expect(strangers).toHaveLength(PER_DAY);
    // The account's own author hears of every one.
    const toAuthor = smtp.messages.filter(
      (mail) => mail.to.includes(email) && mail.subject.startsWith("Your"),
    );
    expect(toAuthor).toHaveLength(12);
    const refused = jobs.filter((job) => job.lastError === "mail.daily_limit");
    expect(refused).toHaveLength(12 - PER_DAY);
    expect(jobs.every((job) => job.state === "done")).toBe(true);
    // Outside the account the author's words are cut short; the author reads them whole.
    for (const mail of strangers) {
      expect(mail.subject.length).toBeLessThanOrEqual(32);
      expect(mail.subject).not.toContain("click the link below");
    }
    expect(toAuthor[0]?.subject).toContain("click the link below");
    // Invitations share the day's limit with them.
    const invited = await api.post("/api/account/invitations/send", { emails: "late@example.com" });
    expect(invited.status).toBe(429);
    expect(invited.body.code).toBe("mail.daily_limit");
  });
});
