import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  confirmEmailByLink,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

let server: TestServer;
let admin: ApiClient;
let adminEmail: string;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

const form = {
  title: "Support <desk>",
  fields: [
    { id: "name", fieldType: "text", question: "Your name" },
    { id: "mail", fieldType: "email", question: "E-mail" },
    { id: "score", fieldType: "number", question: "How happy are you (0-10)?" },
  ],
};

const everything = { kind: "group", combinator: "AND", conditions: [] };

async function createForm(extra: Record<string, unknown> = {}): Promise<number> {
  const created = await admin.post<{ form: { id: number } }>("/api/forms", { ...form, ...extra });
  expect(created.status, created.text).toBe(201);
  return created.body.form.id;
}

async function submit(formId: number, answers: Record<string, unknown>): Promise<number> {
  const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
    formId,
    answers: Object.entries(answers).map(([fieldId, answer]) => ({ fieldId, answer })),
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
    MAIL_FROM: "Formloom <forms@formloom.test>",
  });
  ({ api: admin } = await signUpWithAccount(server.api, "notify"));
  // Mail to respondents' addresses goes out from a confirmed author only.
  await confirmEmailByLink(server, admin);
  adminEmail = (await admin.get<{ email: string }>("/api/user")).body.email.toLowerCase();
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("e-mail notifications", () => {
  it("needs at least one recipient, a subject, a message, and fields of this form", async () => {
    const formId = await createForm();
    const base = { adminName: "Team", subject: "New", message: "Hi", to: { formAuthor: true } };
    const none = await admin.post(`/api/forms/${formId}/email-notifications`, { ...base, to: {} });
    expect(none.status).toBe(400);
    expect(none.text).toContain("email_notification.recipients.empty");
    const noSubject = await admin.post(`/api/forms/${formId}/email-notifications`, { ...base, subject: " " });
    expect(noSubject.status).toBe(400);
    expect(noSubject.text).toContain("email_notification.subject.empty");
    const notEmail = await admin.post(`/api/forms/${formId}/email-notifications`, {
      ...base,
      to: { emailFieldIds: ["name"] },
    });
    expect(notEmail.status).toBe(400);
    expect(notEmail.body.code).toBe("email_notification.field.unknown");
    const strangers = await admin.post(`/api/forms/${formId}/email-notifications`, {
      ...base,
      to: { userIds: [999_999] },
    });
    expect(strangers.status).toBe(400);
    expect(strangers.body.code).toBe("email_notification.recipient.unknown");
    const injected = await admin.post(`/api/forms/${formId}/email-notifications`, {
      ...base,
      subject: "Hi\r\nBcc: victim@example.com",
    });
    expect(injected.status).toBe(400);
    const good = await admin.post<{ id: number; to: { formAuthor: boolean; accountUsers: boolean } }>(
      `/api/forms/${formId}/email-notifications`,
      base,
    );
    expect(good.status, good.text).toBe(200);
    expect(good.body.to).toMatchObject({ formAuthor: true, accountUsers: false });
    const edited = await admin.patch(`/api/forms/${formId}/email-notifications/${good.body.id}`, {
      enabled: false,
      subject: "Changed",
    });
    expect(edited.body).toMatchObject({ enabled: false, subject: "Changed" });
    const all = await admin.get<{ notifications: Array<{ id: number; formTitle: string }> }>(
      "/api/email-notifications/all",
    );
    expect(all.body.notifications).toContainEqual(
      expect.objectContaining({ id: good.body.id, formTitle: form.title }),
    );
  });

  it("mails each submission with its answers filled in, escaped in the HTML, with a plain-text part", async () => {
    const formId = await createForm();
    const created = await admin.post(`/api/forms/${formId}/email-notifications`, {
      adminName: "Desk",
      from: "Support desk",
      to: { formAuthor: true, emailFieldIds: ["mail"] },
      subject: "New answer to [form_title] from [answer:name]",
      message:
        '<p>Hello, <b>[answer:name]</b> rated us [answer:score].</p><script>steal()</script><a href="javascript:alert(1)" onclick="x()">link</a>',
    });
    expect(created.status, created.text).toBe(200);
    // Stored text answers lose anything tag-like; what is left is still the respondent's, not markup.
    const respondent = 'Tom & "Jerry" <3 <b';
    await submit(formId, { name: respondent, mail: "Ada@Example.com", score: 9 });

    const mail = await smtp.waitFor(adminEmail, "New answer to Support <desk>");
    expect(mail.subject).toBe(`New answer to Support <desk> from ${respondent}`);
    // The respondent's words are text in the HTML, never markup; the author's script and handler are gone.
    expect(mail.html).toContain("<b>Tom &amp; ");
    expect(mail.html).toContain("&lt;3 &lt;b</b>");
    expect(mail.html).not.toMatch(/<3|<b<|<script|onclick|javascript:/i);
    expect(mail.html).toContain("<b>");
    expect(mail.text).toContain(`Hello, ${respondent} rated us 9.`);
    expect(mail.raw).toMatch(/^From: "?Support desk"? <forms@formloom\.test>/m);
    // The e-mail field's answer is a recipient too, once, lower-cased.
    await smtp.waitFor("ada@example.com", "New answer");
    await settled();
    const jobs = await admin.get<{ jobs: Array<{ state: string; attempts: number }> }>(
      `/api/forms/${formId}/automation-jobs`,
    );
    expect(jobs.body.jobs).toEqual([expect.objectContaining({ state: "done", attempts: 1 })]);
  });

  it("fills [answer_id] with the submission's number in its form, the one the results table shows", async () => {
    const other = await createForm();
    // Submissions of another form first, so the internal id runs ahead of the form's own number.
    await submit(other, { name: "Earlier" });
    await submit(other, { name: "Earlier too" });
    const formId = await createForm({ title: "Numbered desk" });
    const made = await admin.post(`/api/forms/${formId}/email-notifications`, {
      adminName: "Numbered",
      to: { formAuthor: true },
      subject: "Submission #[answer_id] of [form_title]",
      message: "<p>Number [answer_id]</p>",
    });
    expect(made.status, made.text).toBe(200);
    const id = await submit(formId, { name: "Counted" });
    const mail = await smtp.waitFor(adminEmail, "of Numbered desk");
    const table = await admin.get<{ answerList: Array<{ id: number; number: number }> }>(
      `/api/forms/${formId}/answer/paginated/1/10`,
    );
    const number = table.body.answerList.find((row) => row.id === id)!.number;
    expect(number).toBe(1);
    expect(id).not.toBe(number);
    expect(mail.subject).toBe("Submission #1 of Numbered desk");
    expect(mail.text).toContain("Number 1");
    // The notifications page's recent sending names it by the same number.
    const jobs = await admin.get<{ jobs: Array<{ answerId: number; answerNumber: number | null }> }>(
      `/api/forms/${formId}/automation-jobs`,
    );
    expect(jobs.body.jobs.map((job) => [job.answerId, job.answerNumber])).toEqual([[id, 1]]);
  });

  it("sends nothing for a disabled notification or a form without any", async () => {
    const quiet = await createForm();
    const off = await createForm();
    await admin.post(`/api/forms/${off}/email-notifications`, {
      adminName: "Off",
      to: { formAuthor: true },
      subject: "Never sent off",
      message: "x",
      enabled: false,
    });
    await submit(quiet, { name: "Q" });
    await submit(off, { name: "O" });
    await settled();
    expect(smtp.messages.filter((m) => m.subject.includes("Never sent"))).toHaveLength(0);
    // Forms with nothing to run queue no job at all.
    const jobs = await server.database.db.execute(
      sql`select count(*)::int as n from automation_jobs where form_id in (${quiet}, ${off})`,
    );
    expect((jobs as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it("queues one job per submission when a burst to two forms is stored together, none for the quiet form", async () => {
    const busy = await createForm({ title: "Busy desk" });
    const quiet = await createForm();
    const made = await admin.post(`/api/forms/${busy}/email-notifications`, {
      adminName: "Burst",
      to: { formAuthor: true },
      subject: "Burst [answer:name]",
      message: "x",
    });
    expect(made.status, made.text).toBe(200);
    // Sent at once, on PostgreSQL they are stored several to a statement, both forms' rows together.
    // A machine busy enough may store each before the next arrives: then the burst is sent again,
    // each checked the same way, until one is stored together.
    const bursts = server.database.engine === "postgres" ? 5 : 1;
    let sentInAll = 0;
    for (let burst = 0; burst < bursts; burst++) {
      const sent = await Promise.all(
        Array.from({ length: 24 }, (_, i) => submit(i % 2 === 0 ? busy : quiet, { name: `P${burst}-${i}` })),
      );
      sentInAll += 12;
      const busyIds = sent.filter((_, i) => i % 2 === 0);
      const queued = await server.database.db.execute(
        sql`select form_id, answer_id, created_at::text as queued_at from automation_jobs
          where form_id in (${busy}, ${quiet}) order by id`,
      );
      const rows = (
        queued as unknown as { rows: Array<{ form_id: number; answer_id: number; queued_at: string }> }
      ).rows.filter((row) => sent.includes(Number(row.answer_id)));
      expect(rows.every((row) => row.form_id === busy)).toBe(true);
      expect(rows.map((row) => Number(row.answer_id)).sort((a, b) => a - b)).toEqual(
        [...busyIds].sort((a, b) => a - b),
      );
      // Jobs queued by one statement share its transaction's time: some statement stored several.
      // The embedded engine, serving from the test's own process, stores each before the next comes.
      if (new Set(rows.map((row) => row.queued_at)).size < rows.length) break;
      if (burst === bursts - 1 && bursts > 1)
        expect.fail(`none of ${bursts} bursts was stored several to a statement`);
    }
    await settled();
    expect(smtp.messages.filter((m) => m.subject.startsWith("Burst P"))).toHaveLength(sentInAll);
  });

  it("sends a rule's e-mail only when the score is below the threshold, and never for a disabled rule", async () => {
    const formId = await createForm();
    const low = await admin.post<{ id: number }>(`/api/forms/${formId}/email-notifications`, {
      adminName: "Unhappy",
      to: { formAuthor: true },
      subject: "Unhappy customer [answer:name] ([answer:score])",
      message: "<p>Call [answer:name] back.</p>",
      event: "rules_action",
    });
    const never = await admin.post<{ id: number }>(`/api/forms/${formId}/email-notifications`, {
      adminName: "Disabled rule",
      to: { formAuthor: true },
      subject: "From a disabled rule",
      message: "x",
      event: "rules_action",
    });
    const rules = [
      {
        id: "unhappy",
        name: "Unhappy customers",
        when: "submit",
        if: { ...everything, conditions: [{ kind: "field", fieldId: "score", operator: "lower", value: 5 }] },
        // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
        then: [{ type: "sendEmail", notificationId: String(low.body.id) }],
      },
      {
        id: "off",
        name: "Switched off",
        enabled: false,
        when: "submit",
        if: everything,
        // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
        then: [{ type: "sendEmail", notificationId: String(never.body.id) }],
      },
    ];
    const patched = await admin.patch(`/api/forms/${formId}`, { conditionalRules: rules });
    expect(patched.status, patched.text).toBe(200);

    await Promise.all([
      submit(formId, { name: "Happy", score: 9 }),
      submit(formId, { name: "Sad", score: 2 }),
      submit(formId, { name: "Edge", score: 5 }),
    ]);
    await smtp.waitFor(adminEmail, "Unhappy customer Sad (2)");
    await settled();
    const unhappy = smtp.messages.filter((m) => m.subject.startsWith("Unhappy customer"));
    expect(unhappy.map((m) => m.subject)).toEqual(["Unhappy customer Sad (2)"]);
    expect(smtp.messages.filter((m) => m.subject.includes("disabled rule"))).toHaveLength(0);
  });

  it("queues a rule's webhook only when the rule holds", async () => {
    const formId = await createForm();
    const hook = await admin.post<{ id: number }>(`/api/forms/${formId}/webhooks`, {
      title: "Escalation",
      endpoint: "https://93.184.216.34/in",
      condition: "rules_action",
    });
    expect(hook.status, hook.text).toBe(200);
    await admin.patch(`/api/forms/${formId}`, {
      conditionalRules: [
        {
          id: "escalate",
          name: "Escalate",
          when: "submit",
          if: {
            ...everything,
            conditions: [{ kind: "field", fieldId: "score", operator: "lower", value: 3 }],
          },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "webhook", webhookId: String(hook.body.id) }],
        },
      ],
    });
    await submit(formId, { name: "Fine", score: 7 });
    const bad = await submit(formId, { name: "Angry", score: 1 });
    await settled();
    const deliveries = await admin.get<{ deliveries: Array<{ answerId: number }> }>(
      `/api/forms/${formId}/webhooks/${hook.body.id}/deliveries`,
    );
    expect(deliveries.body.deliveries.map((d) => d.answerId)).toEqual([bad]);
  });

  it("retries a job that failed, counting its attempts", async () => {
    const formId = await createForm();
    await admin.post(`/api/forms/${formId}/email-notifications`, {
      adminName: "Retry",
      to: { formAuthor: true },
      subject: "Retried [answer:name]",
      message: "x",
    });
    // The stored recipients are unreadable for a while: the job fails, and runs again later.
    await server.database.db.execute(
      sql`update email_notifications set recipients = '{"userIds": ["broken"]}' where form_id = ${formId}`,
    );
    await submit(formId, { name: "Patience" });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const jobs = await admin.get<{ jobs: Array<{ attempts: number; lastError: string | null }> }>(
        `/api/forms/${formId}/automation-jobs`,
      );
      if (jobs.body.jobs[0]?.lastError) break;
      if (Date.now() > deadline) throw new Error("the job never failed");
      await new Promise((done) => setTimeout(done, 50));
    }
    await server.database.db.execute(
      sql`update email_notifications set recipients = '{"formAuthor": true}' where form_id = ${formId}`,
    );
    await server.database.db.execute(
      sql`update automation_jobs set next_attempt_at = now() where state = 'queued'`,
    );
    await smtp.waitFor(adminEmail, "Retried Patience");
    const jobs = await admin.get<{ jobs: Array<{ state: string; attempts: number }> }>(
      `/api/forms/${formId}/automation-jobs`,
    );
    expect(jobs.body.jobs[0]).toMatchObject({ state: "done", attempts: 2 });
  });
});
