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
 * The form's description is for the people who run the form (forms.md §3, "admin only"): it
 * never reaches a respondent, neither on the public page and its meta tags, nor in the public
 * API, nor in the e-mail a respondent is sent. The page is drawn by the web app's server
 * renderer: `npm run build` first.
 */
const RENDERER = path.resolve(import.meta.dirname, "../../web/dist-ssr/entry-server.js");
const SECRET = "Internal: budget code 4471, do not share";

let server: TestServer;
let owner: ApiClient;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let subdomain: string;
let formId: number;

beforeAll(async () => {
  if (!existsSync(RENDERER)) throw new Error("Build the web app first: npm run build");
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "50",
    AUTOMATION_POLL_MS: "50",
    MAIL_FROM: "Formloom <forms@formloom.test>",
  });
  ({ api: owner } = await signUpWithAccount(server.api, "describer"));
  // Mail to respondents' addresses goes out from a confirmed author only.
  await confirmEmailByLink(server, owner);
  const created = await owner.post<{ form: { id: number; account: { subdomain: string } } }>("/api/forms", {
    title: "Team lunch",
    description: SECRET,
    formPathAlias: "lunch",
    fields: [{ id: "name", fieldType: "text", question: "Your name" }],
  });
  expect(created.status, created.text).toBe(201);
  formId = created.body.form.id;
  subdomain = created.body.form.account.subdomain;
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("the form's description", () => {
  it("stays with the form's editors", async () => {
    const read = await owner.get<{ form: { description: string } }>(`/api/forms/${formId}`);
    expect(read.body.form.description).toBe(SECRET);
  });

  it("is not in the public API, the public page or its meta description", async () => {
    const api = await server.api.get(`/api/forms/path/lunch/${subdomain}`);
    expect(api.status, api.text).toBe(200);
    expect(api.text).toContain("Team lunch");
    expect(api.text).not.toContain("budget code");

    const page = await fetch(`${server.url}/f/lunch?a=${subdomain}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Your name");
    expect(html).not.toContain("budget code");
    expect(html).toContain('<meta property="og:title" content="Team lunch" />');
  });

  it("is not in the e-mail a respondent is sent", async () => {
    const notification = await owner.post<{ id: number }>(`/api/forms/${formId}/email-notifications`, {
      adminName: "Confirmation",
      from: "Lunch team",
      to: { askRespondent: true },
      subject: "Lunch: [form_title]",
      message: "<p>Thanks, [answer:name].</p>[all_answers]",
    });
    expect(notification.status, notification.text).toBe(200);
    const sent = await server.api.post("/api/forms/answer", {
      formId,
      answers: [{ fieldId: "name", answer: "Ada" }],
      miscData: { notificationEmail: "ada@lunch.example" },
    });
    expect(sent.status, sent.text).toBe(201);
    const mail = await smtp.waitFor("ada@lunch.example", "Lunch: Team lunch", 20_000);
    expect(mail.text).toContain("Thanks, Ada.");
    expect(mail.raw).not.toContain("budget code");
  });
});
