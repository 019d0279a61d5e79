import type { TExportJob } from "@formloom/core/api/exports";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
 * Every channel that carries answers out of the product, used by a member who may edit forms but
 * read only field A of this one: none of them hands over field B or the score. The receivers are
 * real: an SMTP server, an HTTP server for webhooks, and the local stand-in for Google Sheets.
 */

/** The one private address the server is told to allow for webhooks. */
const RECEIVER_HOST = "127.0.0.2";
const SECRET = "SECRET-B-answer";
const SCORED = 40;

const receiver = new HttpReceiver(RECEIVER_HOST);
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let google: FakeGoogle;
let server: TestServer;
let admin: ApiClient;
let accountId: number;
let formId: number;
let member: Awaited<ReturnType<typeof addMember>>;
let memberEmail: string;
/** A member who may edit forms and read nothing of this one. */
let blind: Awaited<ReturnType<typeof addMember>>;
let adminHookId: number;
let blindHookId: number;
let readers: number;
let adminNotificationId: number;
let answerId: number;

const form = {
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

const allData = [
  "form_answer",
  "calculation_results",
  "score_and_tags",
  "respondent_info",
  "geo",
  "device",
  "behaviour",
];

const arrivedAt = (path: string) =>
  until(
    () => receiver.at(path),
    (list) => list.length > 0,
    `a delivery to ${path}`,
  );

/** The open work of every queue that carries a submission out. */
async function settled(): Promise<void> {
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
const dataOf = (delivery: Received) =>
  (JSON.parse(delivery.body) as { data: Record<string, unknown> & { answers?: Array<{ fieldId: string }> } })
    .data;

function expectOnlyFieldA(delivery: Received) {
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

async function hook(client: ApiClient, path: string, extra: Record<string, unknown> = {}) {
  const made = await client.post<{ id: number }>(`/api/forms/${formId}/webhooks`, {
    title: path,
    endpoint: `${receiver.base}${path}`,
    dataOptions: allData,
    ...extra,
  });
  expect(made.status, made.text).toBe(200);
  return made.body.id;
}

async function notification(client: ApiClient, body: Record<string, unknown>) {
  const made = await client.post<{ id: number }>(`/api/forms/${formId}/email-notifications`, {
    adminName: "Alert",
    message: "<p>[all_answers]</p><p>B: [answer:b]</p><p>Score=[score].</p>",
    ...body,
  });
  expect(made.status, made.text).toBe(200);
  return made.body.id;
}

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

describe("a member who may read field A and edit forms", () => {
  it("is given the whole submission's score by the admin's own channels (the test can tell)", async () => {
    const [full] = await arrivedAt("/admin-hook");
    expect(full!.body).toContain(SECRET);
    expect(dataOf(full!).score).toBe(SCORED);
    const mail = await smtp.waitFor(
      (await admin.get<{ email: string }>("/api/user")).body.email.toLowerCase(),
      "Admin copy",
    );
    expect(mail.subject).toContain(SECRET);
  });

  it("gets nothing of field B or the score through a webhook of their own", async () => {
    const [delivery] = await arrivedAt("/member-hook");
    expectOnlyFieldA(delivery!);
  });

  it("gets nothing of field B or the score through a webhook made with their API token", async () => {
    const [delivery] = await arrivedAt("/rest-hook");
    expectOnlyFieldA(delivery!);
  });

  it("gets nothing through the webhook their rule calls", async () => {
    const [delivery] = await arrivedAt("/rule-hook");
    expectOnlyFieldA(delivery!);
  });

  it("gets nothing of field B or the score in an e-mail notification or a rule's mail", async () => {
    for (const subject of ["Member copy", "Rule mail"]) {
      const mail = await smtp.waitFor(memberEmail, subject);
      expect(mail.subject).toMatch(new RegExp(`^${subject}\\s+Score=\\.$`));
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain(SECRET);
        expect(part).not.toContain("Private question");
        expect(part).toContain("Visible colour: Green");
        expect(part).toContain("Score=.");
      }
    }
  });

  it("may not point the admin's webhook elsewhere, change what it sends, or replay it", async () => {
    const url = `/api/forms/${formId}/webhooks/${adminHookId}`;
    for (const change of [
      { endpoint: `${receiver.base}/stolen` },
      { dataOptions: ["form_answer", "score_and_tags"], title: "Mine now" },
      { authorization: { type: "bearer", token: "mine" } },
      { enabled: false, condition: "rules_action" },
    ]) {
      const refused = await member.api.patch(url, change);
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(refused.body).toMatchObject({ code: "not_allowed" });
    }
    const deliveries = await member.api.get<{ deliveries: Array<{ id: number }> }>(`${url}/deliveries`);
    expect(deliveries.status, deliveries.text).toBe(200);
    const replay = await member.api.post(`${url}/deliveries/${deliveries.body.deliveries[0]!.id}/replay`);
    expect(replay.status).toBe(403);
    expect(replay.body).toMatchObject({ code: "not_allowed" });
    const kept = await admin.get<{ endpoint: string; title: string }>(url);
    expect(kept.body).toMatchObject({ endpoint: `${receiver.base}/admin-hook`, title: "/admin-hook" });
    await settled();
    expect(receiver.at("/stolen")).toEqual([]);
    expect(receiver.at("/admin-hook")).toHaveLength(1);

    // A new title, sent with the settings as they are (as the edit page sends them), hands nothing
    // on: the member may give it, and the webhook still carries what the admin reads.
    const renamed = await member.api.patch(url, {
      title: "Renamed",
      endpoint: `${receiver.base}/admin-hook`,
      dataOptions: allData,
      enabled: true,
    });
    expect(renamed.status, renamed.text).toBe(200);
    // The admin may replay it: the refusal is the member's, not the replay's.
    const own = await admin.post(`${url}/deliveries/${deliveries.body.deliveries[0]!.id}/replay`);
    expect(own.status, own.text).toBe(200);
    const [, replayed] = await until(
      () => receiver.at("/admin-hook"),
      (list) => list.length === 2,
      "the admin's replay",
    );
    expect(dataOf(replayed!).score).toBe(SCORED);
  });

  it("keeps their webhook to what they read when the admin changes what it sends", async () => {
    const [first] = await arrivedAt("/member-hook");
    const hooks = await admin.get<{ webhooks: Array<{ id: number; title: string }> }>(
      `/api/forms/${formId}/webhooks`,
    );
    const theirs = hooks.body.webhooks.find((item) => item.title === "/member-hook")!;
    const url = `/api/forms/${formId}/webhooks/${theirs.id}`;
    const changed = await admin.patch(url, { dataOptions: ["form_answer", "score_and_tags"] });
    expect(changed.status, changed.text).toBe(200);
    const log = await admin.get<{ deliveries: Array<{ id: number }> }>(`${url}/deliveries`);
    const replay = await admin.post(`${url}/deliveries/${log.body.deliveries.at(-1)!.id}/replay`);
    expect(replay.status, replay.text).toBe(200);
    const [, again] = await until(
      () => receiver.at("/member-hook"),
      (list) => list.length === 2,
      "the replay to the member's webhook",
    );
    expect(dataOf(again!).answerId).toBe(dataOf(first!).answerId);
    expectOnlyFieldA(again!);
  });

  it("is sent only what they may read by the admin's notification to every member", async () => {
    const full = await smtp.waitFor(
      (await admin.get<{ email: string }>("/api/user")).body.email.toLowerCase(),
      "Everyone",
    );
    expect(full.subject).toContain(SECRET);
    expect(full.subject).toContain(`Score=${SCORED}.`);
    const mail = await smtp.waitFor(memberEmail, "Everyone");
    expect(mail.subject).toMatch(/^Everyone\s+Score=\.$/);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain(SECRET);
      expect(part).not.toContain("Private question");
      expect(part).toContain("Visible colour: Green");
    }
    // A member who may read nothing of the form is sent nothing of it.
    const blindEmail = `${blind.username}@example.com`.toLowerCase();
    expect(smtp.messages.filter((m) => m.to.includes(blindEmail))).toEqual([]);
  });

  it("may not send the admin's notification to other recipients or with other placeholders", async () => {
    const url = `/api/forms/${formId}/email-notifications/${adminNotificationId}`;
    for (const change of [
      { to: { userIds: [member.id] } },
      { subject: "Leak [answer:b]" },
      { message: "[all_answers] [score]" },
      // Nor put another sender's name on the mail that carries the admin's answers.
      { from: "IT security" },
    ]) {
      const refused = await member.api.patch(url, change);
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(refused.body).toMatchObject({ code: "not_allowed" });
    }
    const kept = await admin.get<{ to: { formAuthor: boolean; userIds: number[] }; subject: string }>(url);
    expect(kept.body.to.userIds).toEqual([]);
    expect(kept.body.subject).toBe("Admin copy [answer:b]");
  });

  it("gets nothing of field B or the score in an export file", async () => {
    const file = await member.api.get(`/api/forms/${formId}/answers/export/csv`);
    expect(file.status, file.text).toBe(200);
    expect(file.text).toContain("Visible colour");
    expect(file.text).not.toContain(SECRET);
    expect(file.text).not.toContain("Private question");
    expect(file.text).not.toMatch(/score/i);
    // The admin's file has them, so the check could fail.
    const full = await admin.get(`/api/forms/${formId}/answers/export/csv`);
    expect(full.text).toContain(SECRET);
    expect(full.text).toMatch(/score/i);
  });

  it("gets nothing of field B or the score in a Google Sheets export", async () => {
    const login = await member.api.get<{ url: string }>(
      `/api/user/google-api-login?return_to=${encodeURIComponent("/forms")}`,
    );
    expect(login.status, login.text).toBe(200);
    const consent = await fetch(login.body.url, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const done = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: "manual" });
    expect(done.status).toBe(303);
    const started = await member.api.get<{ job: TExportJob }>(
      `/api/forms/${formId}/answers/export/csv?google_spreadsheet=true`,
    );
    expect(started.status, started.text).toBe(202);
    const job = await until(
      async () =>
        (await member.api.get<TExportJob>(`/api/forms/${formId}/answers/export-jobs/${started.body.job.id}`))
          .body,
      (current) => current.state === "done" || current.state === "failed",
      "the Sheets export",
    );
    expect(job.state).toBe("done");
    const id = /\/spreadsheets\/d\/([^/]+)\/edit$/.exec(job.sheetUrl ?? "")?.[1];
    const sheet = JSON.stringify(google.sheets.get(id ?? "")?.rows);
    expect(sheet).toContain("Visible colour");
    expect(sheet).not.toContain(SECRET);
    expect(sheet).not.toMatch(/score/i);
  });

  it("finds nothing by field B's text in the results search", async () => {
    const search = (client: ApiClient, text: string) =>
      client.get<{
        answerList: Array<{ id: number; answers: Array<{ fieldId: string }>; score: number | null }>;
      }>(
        `/api/forms/${formId}/answer/paginated/1/10?filters=${encodeURIComponent(JSON.stringify({ search: text }))}`,
      );
    const hidden = await search(member.api, SECRET);
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body.answerList).toEqual([]);
    expect((await search(admin, SECRET)).body.answerList.map((item) => item.id)).toEqual([answerId]);
    const shown = await search(member.api, "green");
    expect(shown.body.answerList.map((item) => item.id)).toEqual([answerId]);
    expect(shown.text).not.toContain(SECRET);
    expect(shown.body.answerList[0]!.score).toBeNull();
    expect(shown.body.answerList[0]!.answers.map((item) => item.fieldId)).toEqual(["a"]);
  });

  it("sees in a chain's runs only the submissions of forms they may read", async () => {
    const other = await admin.post<{ form: { id: number } }>("/api/forms", {
      title: "Admin-only follow-up",
      formPathAlias: "outbound-follow",
      fields: [{ id: "q", fieldType: "text", question: "Anything else?" }],
    });
    expect(other.status, other.text).toBe(201);
    const chain = await admin.post<{ id: number }>("/api/form-chains", {
      name: "Quiz then follow-up",
      description: "",
      items: [
        { formId, name: "Quiz" },
        { formId: other.body.form.id, name: "Follow-up" },
      ],
    });
    expect(chain.status, chain.text).toBe(200);
    const first = await server.api.post<{ id: number; chainNext: string | null }>("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "a", answer: "grey" }],
    });
    expect(first.status, first.text).toBe(201);
    const token = new URL(first.body.chainNext!, server.url).searchParams.get("chain");
    const second = await server.api.post<{ id: number }>("/api/forms/answer", {
      formId: other.body.form.id,
      answers: [{ fieldId: "q", answer: "no" }],
      miscData: { pathArgs: { chain: token } },
    });
    expect(second.status, second.text).toBe(201);

    type Runs = { runs: Array<{ submissions: Array<{ formId: number; answerId: number }> }> };
    const all = await admin.get<Runs>(`/api/form-chains/${chain.body.id}/runs`);
    expect(all.body.runs[0]!.submissions.map((s) => s.answerId)).toEqual([first.body.id, second.body.id]);
    const limited = await member.api.get<Runs>(`/api/form-chains/${chain.body.id}/runs`);
    expect(limited.status, limited.text).toBe(200);
    expect(limited.body.runs.map((run) => run.submissions.map((s) => s.answerId))).toEqual([[first.body.id]]);
    const none = await blind.api.get<Runs>(`/api/form-chains/${chain.body.id}/runs`);
    expect(none.status, none.text).toBe(200);
    expect(none.body.runs).toEqual([]);
  });
});

describe("a member who may read nothing of the form and edit forms", () => {
  it("is refused a REST hook on it through their app's token, which would never be sent anything", async () => {
    const app = await blind.api.post<{ token: string }>("/api/external-apps", {
      name: "Blind app",
      description: "",
      allowedIps: ["127.0.0.1"],
    });
    expect(app.status, app.text).toBe(201);
    const listed = async () =>
      (await admin.get<{ webhooks: unknown[] }>(`/api/forms/${formId}/webhooks`)).body.webhooks.length;
    const before = await listed();
    const refused = await server.api.as(app.body.token).post("/api/hooks", {
      targetUrl: `${receiver.base}/blind-rest-hook`,
      event: "form.submitted",
      formId,
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ code: "not_allowed" });
    expect(await listed()).toBe(before);
  });

  it("has nothing sent by a webhook of their own, and the log says why", async () => {
    await settled();
    expect(receiver.at("/blind-hook")).toEqual([]);
    const log = await admin.get<{ deliveries: Array<{ state: string; attempts: Array<{ error: string }> }> }>(
      `/api/forms/${formId}/webhooks/${blindHookId}/deliveries`,
    );
    expect(log.body.deliveries[0]).toMatchObject({ state: "failed", attempts: [{ error: "not_allowed" }] });
  });

  it("is not shown the submissions' ids and times in the delivery log or the automation jobs", async () => {
    for (const url of [
      `/api/forms/${formId}/webhooks/${blindHookId}/deliveries`,
      `/api/forms/${formId}/automation-jobs`,
    ]) {
      const refused = await blind.api.get(url);
      expect(refused.status, url).toBe(403);
      expect(refused.body).toMatchObject({ code: "not_allowed" });
      expect((await member.api.get(url)).status, url).toBe(200);
    }
  });
});

describe("a member whose data access is taken away", () => {
  it("has nothing more sent by their webhook, a replay included", async () => {
    const removed = await admin.request("PUT", `/api/forms/${formId}/permissions/group/${readers}`, {
      level: "none",
    });
    expect(removed.status, removed.text).toBe(200);
    const hooks = await admin.get<{ webhooks: Array<{ id: number; title: string }> }>(
      `/api/forms/${formId}/webhooks`,
    );
    const theirs = hooks.body.webhooks.find((item) => item.title === "/member-hook")!;
    const url = `/api/forms/${formId}/webhooks/${theirs.id}`;
    const before = receiver.at("/member-hook").length;
    const log = await admin.get<{ deliveries: Array<{ id: number }> }>(`${url}/deliveries`);
    const replay = await admin.post(`${url}/deliveries/${log.body.deliveries.at(-1)!.id}/replay`);
    expect(replay.status, replay.text).toBe(200);
    await settled();
    expect(receiver.at("/member-hook")).toHaveLength(before);
    const after = await admin.get<{ deliveries: Array<{ id: number; state: string }> }>(`${url}/deliveries`);
    expect(after.body.deliveries.at(-1)).toMatchObject({ state: "failed" });
  });
});

describe("a member who fills the form signed in", () => {
  it("is sent no more of it than they may read by the notification to every member, which does not address the respondent", async () => {
    const mailsTo = () =>
      smtp.messages.filter((m) => m.to.includes(memberEmail) && m.subject.startsWith("Everyone"));
    const before = mailsTo().length;
    const sent = await member.api.post<{ id: number }>("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "a", answer: "green" },
        { fieldId: "b", answer: "OWN-B-answer" },
      ],
    });
    expect(sent.status, sent.text).toBe(201);
    await settled();
    // The admin's copy shows the submission went through the notification.
    await smtp.waitFor(
      (await admin.get<{ email: string }>("/api/user")).body.email.toLowerCase(),
      "OWN-B-answer",
    );
    // Whatever access they have left (none, once the test above took it), field B is not in it.
    expect(JSON.stringify(mailsTo().slice(before))).not.toContain("OWN-B-answer");
  });
});
