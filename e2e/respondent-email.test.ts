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

async function respondentPage(width: number): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(`${app.url}/f/event-feedback`);
  return { page, problems };
}

const addressInput = (page: Page) => page.getByRole("textbox", { name: "Your e-mail address", exact: true });

describe("asking the respondent for their e-mail address", () => {
  it("mails the address a respondent types on the public page", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const owner = await context.newPage();
    const ownerProblems = watchErrors(owner);
    await signInAsDemo(owner, app.url);
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

  it("fits a phone's width", async () => {
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
