import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  confirmEmailByLink,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

/**
 * An e-mail notification "to the respondent, who is asked for their address" (platform.md §3):
 * the public form asks for it, a submission carries it, checked, and the mail goes there. The
 * page is drawn by the web app's server renderer: `npm run build` first.
 */
const RENDERER = path.resolve(import.meta.dirname, "../../web/dist-ssr/entry-server.js");

let server: TestServer;
let owner: ApiClient;
let subdomain: string;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

async function createForm(alias: string): Promise<number> {
  const created = await owner.post<{ form: { id: number; account: { subdomain: string } } }>("/api/forms", {
    title: "Workshop sign-up",
    formPathAlias: alias,
    language: "es",
    fields: [{ id: "name", fieldType: "text", question: "Your name" }],
  });
  expect(created.status, created.text).toBe(201);
  subdomain = created.body.form.account.subdomain;
  return created.body.form.id;
}

async function askRespondent(formId: number, extra: Record<string, unknown> = {}) {
  const created = await owner.post<{ id: number }>(`/api/forms/${formId}/email-notifications`, {
    adminName: "Confirmation",
    from: "Workshop team",
    to: { askRespondent: true },
    subject: "Thanks, [answer:name]",
    message: "<p>We have your sign-up, [answer:name].</p>",
    ...extra,
  });
  expect(created.status, created.text).toBe(200);
  return created.body.id;
}

function submit(formId: number, name: string, email?: unknown) {
  return server.api.post<{ id: number; code?: string; validationErrors?: Array<{ field: string }> }>(
    "/api/forms/answer",
    {
      formId,
      answers: [{ fieldId: "name", answer: name }],
      ...(email === undefined ? {} : { miscData: { notificationEmail: email } }),
    },
  );
}

const stored = async (formId: number) =>
  (await owner.get<{ total: number }>(`/api/forms/${formId}/answer/paginated/1/50`)).body.total;

const publicForm = async (alias: string) =>
  (await server.api.get<{ asksEmail?: boolean }>(`/api/forms/path/${alias}/${subdomain}`)).body;

beforeAll(async () => {
  if (!existsSync(RENDERER)) throw new Error("Build the web app first: npm run build");
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "50",
    AUTOMATION_POLL_MS: "50",
    MAIL_FROM: "Formloom <forms@formloom.test>",
  });
  ({ api: owner } = await signUpWithAccount(server.api, "askmail"));
  // Mail to respondents' addresses goes out from a confirmed author only.
  await confirmEmailByLink(server, owner);
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("asking the respondent for their e-mail", () => {
  it("asks on the public page only while an enabled notification wants the address", async () => {
    const formId = await createForm("ask-page");
    expect((await publicForm("ask-page")).asksEmail).toBe(false);
    const page = async () => (await fetch(`${server.url}/f/ask-page?a=${subdomain}`)).text();
    expect(await page()).not.toContain('name="fl-notification-email"');

    const id = await askRespondent(formId);
    expect((await publicForm("ask-page")).asksEmail).toBe(true);
    // Drawn on the server, labelled in the form's language, as an e-mail input.
    const html = await page();
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="fl-notification-email"/);
    expect(html).toContain("Tu dirección de correo electrónico");

    await owner.patch(`/api/forms/${formId}/email-notifications/${id}`, { enabled: false });
    expect((await publicForm("ask-page")).asksEmail).toBe(false);
    expect(await page()).not.toContain('name="fl-notification-email"');
  });

  it("mails the address the respondent gave", async () => {
    const formId = await createForm("ask-mail");
    await askRespondent(formId);
    const sent = await submit(formId, "Ada", "  Ada.Lovelace@Example.org ");
    expect(sent.status, sent.text).toBe(201);
    const mail = await smtp.waitFor("ada.lovelace@example.org", "Thanks, Ada", 20_000);
    expect(mail.text).toContain("We have your sign-up, Ada.");
    expect(mail.raw).toMatch(/^From: "?Workshop team"? <forms@formloom\.test>/m);
  });

  it("refuses an address that is not one with 400, and stores nothing", async () => {
    const formId = await createForm("ask-bad");
    await askRespondent(formId);
    for (const bad of [
      "not-an-address",
      "a@b",
      "two@example.org, three@example.org",
      42,
      `${"x".repeat(250)}@example.org`,
    ]) {
      const refused = await submit(formId, "Bad", bad);
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.code).toBe("submission.notification_email.invalid");
      expect(refused.body.validationErrors).toEqual([
        expect.objectContaining({ field: "notificationEmail" }),
      ]);
    }
    expect(await stored(formId)).toBe(0);
    // Giving none is the respondent's choice: stored, and no mail to anyone.
    const none = await submit(formId, "Nobody", "");
    expect(none.status, none.text).toBe(201);
    expect(await stored(formId)).toBe(1);
  });

  it("sends each of a burst of submissions to its own respondent once", async () => {
    const formId = await createForm("ask-burst");
    await askRespondent(formId, { subject: "Burst [answer:name]" });
    const names = Array.from({ length: 8 }, (_, n) => `p${n}`);
    const sent = await Promise.all(names.map((name) => submit(formId, name, `${name}@burst.example`)));
    for (const response of sent) expect(response.status, response.text).toBe(201);
    for (const name of names) await smtp.waitFor(`${name}@burst.example`, `Burst ${name}`, 20_000);
    const burst = () => smtp.messages.filter((m) => m.subject.startsWith("Burst "));
    await expect.poll(() => burst().length).toBe(names.length);
    for (const mail of burst()) expect(mail.to).toEqual([`${mail.subject.slice(6)}@burst.example`]);
  });

  it("takes the address from a form sent without JavaScript, and draws a bad one again with the problem", async () => {
    const formId = await createForm("ask-plain");
    await askRespondent(formId, { subject: "Plain [answer:name]" });
    const post = (email: string) =>
      fetch(`${server.url}/f/ask-plain?a=${subdomain}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: "Grace", "fl-notification-email": email }).toString(),
        redirect: "manual",
      });
    const refused = await post("grace@");
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toMatch(/value="grace@"/);
    expect(html).toContain("Introduce una dirección de correo electrónico válida");
    expect(await stored(formId)).toBe(0);
    const accepted = await post("grace@hopper.example");
    expect(accepted.status).toBe(303);
    await smtp.waitFor("grace@hopper.example", "Plain Grace", 20_000);
  });
});
