import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../apps/server/test/smtp-receiver.ts";
import { scrollsSideways } from "./fill-helpers.ts";
import {
  connectBrowser,
  type RunningApp,
  screenshot,
  signInAsDemo,
  startApp,
  watchErrors,
} from "./support.ts";

let app: RunningApp;
let browser: Awaited<ReturnType<typeof connectBrowser>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let formId: number;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  [app, browser] = await Promise.all([
    startApp({ SEED_DEMO: "true", SMTP_URL: smtp.url, MAIL_POLL_MS: "100", AUTOMATION_POLL_MS: "100" }),
    connectBrowser(),
  ]);
  const login = await fetch(`${app.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password: "demo12345" }),
  });
  const { token } = (await login.json()) as { token: string };
  const forms = await fetch(`${app.url}/api/forms/account`, {
    headers: { authorization: `Bearer ${token}` },
  });
  formId = ((await forms.json()) as { forms: Array<{ id: number }> }).forms[0]!.id;
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
});

async function signedIn(width: number): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await signInAsDemo(page, app.url);
  return { page, problems };
}

describe("e-mail notifications in the app", () => {
  it("adds a notification, and a submission then arrives by mail with its answers", async () => {
    const { page, problems } = await signedIn(1280);
    await page.goto(`${app.url}/forms/${formId}/emails`);
    await page.getByText("No e-mail notifications yet.").waitFor();
    await page.getByRole("link", { name: "Add e-mail notification" }).click();
    await page.waitForURL(`**/forms/${formId}/emails/add`);
    await page.getByRole("textbox", { name: /^Name/ }).fill("Tell the author");
    await page.getByRole("textbox", { name: /^From/ }).fill("Feedback desk");
    // No recipient at all is refused before anything is sent.
    await page.getByRole("checkbox", { name: "The form's author" }).uncheck();
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByRole("alert").filter({ hasText: "Select at least one recipient" }).waitFor();
    await page.getByRole("checkbox", { name: "The form's author" }).check();
    await page.getByRole("textbox", { name: /^Subject/ }).fill("UI mail [answer:name]");
    await page.getByRole("textbox", { name: /^Message/ }).fill("<p>Answers:</p>\n");
    await page.getByRole("button", { name: "All answers" }).click();
    await expect
      .poll(() => page.getByRole("textbox", { name: /^Message/ }).inputValue())
      .toContain("[all_answers]");
    await screenshot(page, "notification-form-1280");
    await page.getByRole("button", { name: "Create" }).click();
    await page.waitForURL(`**/forms/${formId}/emails`);
    await page.getByRole("link", { name: "Tell the author" }).waitFor();

    const sent = await fetch(`${app.url}/api/forms/answer`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        formId,
        answers: [
          { fieldId: "name", answer: "Grace & Hopper <3" },
          { fieldId: "rating", answer: "r1" },
        ],
      }),
    });
    expect(sent.status).toBe(201);
    const mail = await smtp.waitFor("demo@formloom.local", "UI mail Grace", 20_000);
    expect(mail.subject).toBe("UI mail Grace & Hopper <3");
    expect(mail.text).toContain("Grace & Hopper <3");
    expect(mail.html).toContain("Grace &amp; Hopper &lt;3");
    expect(mail.raw).toMatch(/^From: "?Feedback desk"? </m);

    // The list shows the sending with its attempts.
    await page.reload();
    await page.getByText("Recent sending").waitFor();
    await page.getByText("Done", { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, "notifications-list-1280");
    await page.goto(`${app.url}/email-notifications/all`);
    await page.getByRole("link", { name: "Tell the author" }).waitFor();
    await screenshot(page, "notifications-all-1280");
    expect(problems).toEqual([]);
  });

  it("offers the questions by their titles to insert, leaving out page breaks and texts", async () => {
    const login = await fetch(`${app.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "demo12345" }),
    });
    const { token } = (await login.json()) as { token: string };
    const made = await fetch(`${app.url}/api/forms`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: "Two pages",
        fields: [
          { id: "first", fieldType: "text", question: "<b>First</b> question" },
          { id: "intro", fieldType: "markup", title: "Some words" },
          { id: "break", fieldType: "pageBreak" },
          { id: "second", fieldType: "email", question: "Your e-mail" },
        ],
      }),
    });
    expect(made.status).toBe(201);
    const { form } = (await made.json()) as { form: { id: number } };
    const { page, problems } = await signedIn(1280);
    await page.goto(`${app.url}/forms/${form.id}/emails/add`);
    await page.getByRole("combobox", { name: "An answer" }).click();
    const options = page.getByRole("option");
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(["First question", "Your e-mail"]);
    await page.getByRole("option", { name: "Your e-mail" }).click();
    await expect
      .poll(() => page.getByRole("textbox", { name: /^Message/ }).inputValue())
      .toContain("[answer:second]");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("fits a phone's width", async () => {
    const { page, problems } = await signedIn(390);
    await page.goto(`${app.url}/forms/${formId}/emails`);
    await page.getByRole("link", { name: "Tell the author" }).waitFor();
    await screenshot(page, "notifications-list-390");
    await page.getByRole("link", { name: "Tell the author" }).click();
    await page.getByRole("heading", { name: "Edit Tell the author" }).waitFor();
    await screenshot(page, "notification-form-390");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto(`${app.url}/email-notifications/all`);
    await page.getByRole("link", { name: "Tell the author" }).waitFor();
    await screenshot(page, "notifications-all-390");
    expect(problems).toEqual([]);
  });
});

async function respondentPage(width: number): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(`${app.url}/f/event-feedback`);
  // The demo form keeps what is typed, so it asks first; this respondent declines.
  const consent = page.getByRole("dialog", { name: "Behavioral data collection confirmation" });
  await consent.getByRole("button", { name: "Cancel" }).click();
  await consent.waitFor({ state: "detached" });
  return { page, problems };
}

const addressInput = (page: Page) => page.getByRole("textbox", { name: "Your e-mail address", exact: true });

describe("asking the respondent for their e-mail address", () => {
  it("mails the address a respondent types on the public page", async () => {
    const { page: owner, problems: ownerProblems } = await signedIn(1280);
    await owner.goto(`${app.url}/forms/${formId}/emails/add`);
    await owner.getByRole("textbox", { name: /^Name/ }).fill("Copy for the respondent");
    await owner.getByRole("checkbox", { name: "The form's author" }).uncheck();
    await owner.getByRole("checkbox", { name: "The address the respondent is asked for" }).check();
    await owner.getByRole("textbox", { name: /^Subject/ }).fill("Thanks for your feedback, [answer:name]");
    await owner
      .getByRole("textbox", { name: /^Message/ })
      .fill("<p>We have your answers, [answer:name].</p>");
    await owner.getByRole("button", { name: "Create" }).click();
    await owner.waitForURL(`**/forms/${formId}/emails`);
    expect(ownerProblems).toEqual([]);

    const { page, problems } = await respondentPage(1280);
    await page.getByRole("textbox", { name: "What is your name?" }).fill("Lin");
    await page.getByRole("radio", { name: "Loved it" }).check();
    await addressInput(page).fill("lin@");
    await page.getByRole("button", { name: "Send" }).click();
    // Refused on the page, beside the input, before anything is sent.
    await page.getByRole("alert").filter({ hasText: "Please enter a valid e-mail address" }).waitFor();
    await expect.poll(() => addressInput(page).getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "respondent-email-invalid-1280");
    await addressInput(page).fill("lin@respondent.example");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/\/thankyou/, { timeout: 30_000 });
    const mail = await smtp.waitFor("lin@respondent.example", "Thanks for your feedback, Lin", 30_000);
    expect(mail.text).toContain("We have your answers, Lin.");
    expect(problems).toEqual([]);
  });

  it("asks for the address at a phone's width", async () => {
    const { page, problems } = await respondentPage(390);
    await page.getByRole("textbox", { name: "What is your name?" }).fill("Sam");
    await page.getByRole("radio", { name: "It was fine" }).check();
    await addressInput(page).fill("not an address");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter a valid e-mail address" }).waitFor();
    await screenshot(page, "respondent-email-390");
    expect(await scrollsSideways(page)).toBe(false);
    expect(problems).toEqual([]);
  });
});
