import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { type FakeGoogle, startFakeGoogle } from "./fake-google.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import { HttpReceiver, type Received, until } from "./http-receiver.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

/**
 * The world of the outbound-permissions tests: every channel that carries answers out of the
 * product, set up by an admin and by members who may edit forms but read only field A of the form,
 * or nothing of it. The receivers are real: an SMTP server, an HTTP server for webhooks, and the
 * local stand-in for Google Sheets.
 */

/** The one private address the server is told to allow for webhooks. */
export const RECEIVER_HOST = "127.0.0.2";
export const SECRET = "SECRET-B-answer";
export const SCORED = 40;

export const receiver = new HttpReceiver(RECEIVER_HOST);
export let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
export let google: FakeGoogle;
export let server: TestServer;
export let admin: ApiClient;
export let accountId: number;
export let formId: number;
export let member: Awaited<ReturnType<typeof addMember>>;
export let memberEmail: string;
/** A member who may edit forms and read nothing of this one. */
export let blind: Awaited<ReturnType<typeof addMember>>;
export let adminHookId: number;
export let blindHookId: number;
export let readers: number;
export let adminNotificationId: number;
export let answerId: number;

export const form = {
  title: "Quiz with a private question",
  type: "calculation",
  formPathAlias: "outbound-quiz",
  fields: [
    {
      id: "a",
      fieldType: "radio",
      question: "Visible colour",
      calcSettings: { calcType: "check_values", points: SCORED },
      fieldSettings: {
        answerVariants: [
          { id: "green", title: "Green", value: "green", checkValue: true },
          { id: "grey", title: "Grey", value: "grey" },
        ],
      },
    },
    { id: "b", fieldType: "text", question: "Private question" },
  ],
};

export const allData = [
  "form_answer",
  "calculation_results",
  "score_and_tags",
  "respondent_info",
  "geo",
  "device",
  "behaviour",
];

export const arrivedAt = (path: string) =>
  until(
    () => receiver.at(path),
    (list) => list.length > 0,
    `a delivery to ${path}`,
  );

/** The open work of every queue that carries a submission out. */
export async function settled(): Promise<void> {
  await until(
    async () => {
      const open = await server.database.db.execute(sql`
        select (select count(*) from automation_jobs where state = 'queued')::int
             + (select count(*) from mail_outbox where sent_at is null)::int
             + (select count(*) from webhook_deliveries where state = 'queued')::int as open`);
      return (open as unknown as { rows: Array<{ open: number }> }).rows[0]!.open;
    },
    (open) => open === 0,
    "the queues to empty",
  );
}

/** A webhook delivery's data as the receiver got it. */
export const dataOf = (delivery: Received) =>
  (JSON.parse(delivery.body) as { data: Record<string, unknown> & { answers?: Array<{ fieldId: string }> } })
    .data;

export function expectOnlyFieldA(delivery: Received) {
  expect(delivery.body).not.toContain(SECRET);
  const data = dataOf(delivery);
  expect(data.answers?.map((item) => item.fieldId)).toEqual(["a"]);
  // The readable titles beside the ids follow the same cut: field A's, never field B's.
  expect(data.answers?.[0]).toMatchObject({ question: "Visible colour" });
  expect(delivery.body).not.toContain("Private question");
  expect(data.score ?? null).toBeNull();
  expect(data.result ?? null).toBeNull();
  expect(Object.keys((data.fieldScores as Record<string, unknown> | null) ?? {})).not.toContain("b");
}

export async function hook(client: ApiClient, path: string, extra: Record<string, unknown> = {}) {
  const made = await client.post<{ id: number }>(`/api/forms/${formId}/webhooks`, {
    title: path,
    endpoint: `${receiver.base}${path}`,
    dataOptions: allData,
    ...extra,
  });
  expect(made.status, made.text).toBe(200);
  return made.body.id;
}

export async function notification(client: ApiClient, body: Record<string, unknown>) {
  const made = await client.post<{ id: number }>(`/api/forms/${formId}/email-notifications`, {
    adminName: "Alert",
    message: "<p>[all_answers]</p><p>B: [answer:b]</p><p>Score=[score].</p>",
    ...body,
  });
  expect(made.status, made.text).toBe(200);
  return made.body.id;
}

/**
 * Starts the receivers and the server, and makes the account, its members, their channels and the
 * one submission every test of a file that calls it reads, before its tests; stops them after.
 */
export function outboundWorld(): void {
  beforeAll(async () => {
    await receiver.up();
    smtp = await startSmtpReceiver();
    google = await startFakeGoogle();
    server = await startTestServer({
      ...google.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Formloom <forms@formloom.test>",
      MAIL_POLL_MS: "50",
      AUTOMATION_POLL_MS: "50",
      WEBHOOK_POLL_MS: "50",
      EXPORT_POLL_MS: "100",
      WEBHOOK_ALLOW_HOSTS: RECEIVER_HOST,
    });
    ({ api: admin, accountId } = await signUpWithAccount(server.api, "outbound"));
    const created = await admin.post<{ form: { id: number } }>("/api/forms", form);
    expect(created.status, created.text).toBe(201);
    formId = created.body.form.id;

    member = await addMember(server, accountId, "fielda");
    memberEmail = `${member.username}@example.com`.toLowerCase();
    blind = await addMember(server, accountId, "blind");
    const rights = ["forms.view", "forms.edit", "results.view", "external_apps.manage"];
    readers = await groupWith(admin, "Field A readers", [member.id], rights);
    await groupWith(admin, "Editors without data", [blind.id], rights);
    const grant = await admin.request("PUT", `/api/forms/${formId}/permissions/group/${readers}`, {
      level: "fields",
      fieldIds: ["a"],
    });
    expect(grant.status, grant.text).toBe(200);

    // The admin's own channels, made before the member came.
    adminHookId = await hook(admin, "/admin-hook");
    adminNotificationId = await notification(admin, {
      to: { formAuthor: true },
      subject: "Admin copy [answer:b]",
    });
    // The admin's notification to everyone in the account: each member is sent what they may read.
    await notification(admin, { to: { accountUsers: true }, subject: "Everyone [answer:b] Score=[score]." });

    // The member's channels: a webhook, a webhook made with their API token, a notification, and a
    // rule of theirs that sends mail and calls a webhook.
    await hook(member.api, "/member-hook");
    const token = await member.api.post<{ token: string }>("/api/external-apps", {
      name: "Member's app",
      description: "",
      allowedIps: ["127.0.0.1"],
    });
    expect(token.status, token.text).toBe(201);
    await hook(server.api.as(token.body.token), "/rest-hook");
    await notification(member.api, {
      to: { userIds: [member.id] },
      subject: "Member copy [answer:b] Score=[score].",
    });
    const ruleMail = await notification(member.api, {
      to: { userIds: [member.id] },
      subject: "Rule mail [answer:b] Score=[score].",
      event: "rules_action",
    });
    const ruleHook = await hook(member.api, "/rule-hook", { condition: "rules_action" });
    const rules = await member.api.patch(`/api/forms/${formId}`, {
      conditionalRules: [
        {
          id: "always",
          name: "Always",
          when: "submit",
          if: { kind: "group", combinator: "AND", conditions: [] },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [
            { type: "sendEmail", notificationId: String(ruleMail) },
            { type: "webhook", webhookId: String(ruleHook) },
          ],
        },
      ],
    });
    expect(rules.status, rules.text).toBe(200);
    // A member who may read nothing of the form makes a webhook too.
    blindHookId = await hook(blind.api, "/blind-hook");

    const sent = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "a", answer: "green" },
        { fieldId: "b", answer: SECRET },
      ],
    });
    expect(sent.status, sent.text).toBe(201);
    answerId = sent.body.id;
    await settled();
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await google?.close();
    await receiver.down();
  });
}
