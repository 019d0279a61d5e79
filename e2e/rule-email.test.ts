import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../apps/server/test/smtp-receiver.ts";
import {
  type ApiCall,
  accountOwner,
  connectBrowser,
  type RunningApp,
  screenshot,
  startApp,
  watchErrors,
} from "./support.ts";

const OWNER = { username: "caretaker", password: "caretaker123" };
const OWNER_EMAIL = `${OWNER.username}@example.com`;
const THRESHOLD = 5;

let app: RunningApp;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let call: ApiCall;
let formId: number;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  [app, browser] = await Promise.all([
    startApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: "100", AUTOMATION_POLL_MS: "100" }),
    connectBrowser(),
  ]);
  call = await accountOwner(app.url, OWNER.username, OWNER.password);
  formId = (
    await call<{ form: { id: number } }>("POST", "/forms", {
      title: "How was your stay?",
      formPathAlias: "stay-score",
      isPublished: true,
      fields: [
        { id: "name", fieldType: "text", question: "Your name", isRequired: true },
        { id: "score", fieldType: "number", question: "Your score from 0 to 10", isRequired: true },
        { id: "liked", fieldType: "textarea", question: "What did you like most?" },
      ],
    })
  ).form.id;
  const notification = await call<{ id: number }>("POST", `/forms/${formId}/email-notifications`, {
    adminName: "Unhappy guests",
    to: { formAuthor: true },
    subject: "Low score from [answer:name]: [answer:score]",
    message: "<p>Please call [answer:name] back.</p>",
    event: "rules_action",
  });
  await call("PATCH", `/forms/${formId}`, {
    conditionalRules: [
      {
        id: "unhappy",
        name: "Unhappy guest",
        if: {
          kind: "group",
          combinator: "AND",
          conditions: [{ kind: "field", fieldId: "score", operator: "lower", value: THRESHOLD }],
        },
        // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
        then: [
          { type: "hide", fieldIds: ["liked"] },
          { type: "sendEmail", notificationId: String(notification.id) },
        ],
      },
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
});

/** Fills the public form as one guest; says whether the "liked" question was shown at the end. */
async function fillAs(name: string, score: number, width: number): Promise<boolean> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(`${app.url}/f/stay-score`);
  // The form keeps what is typed, so it asks first; these guests decline.
  const consent = page.getByRole("dialog", { name: "Behavioral data collection confirmation" });
  await consent.getByRole("button", { name: "Cancel" }).click();
  await consent.waitFor({ state: "detached" });
  const nameBox = page.getByRole("textbox", { name: /Your name/ });
  await nameBox.fill(name);
  expect(await nameBox.inputValue()).toBe(name);
  const liked = page.getByRole("textbox", { name: "What did you like most?" });
  await liked.waitFor();
  await page.getByRole("spinbutton", { name: /Your score/ }).fill(String(score));
  // The rule runs as the guest types: a low score hides the question at once.
  if (score < THRESHOLD) await liked.waitFor({ state: "hidden" });
  else await liked.fill("The breakfast");
  const shown = await liked.isVisible();
  await screenshot(page, `rule-email-${score < THRESHOLD ? "low" : "high"}-${width}`);
  await page.getByRole("button", { name: "Send" }).click();
  await page.waitForURL(/thankyou/);
  expect(problems).toEqual([]);
  await context.close();
  return shown;
}

describe("a rule on a score", () => {
  it("hides a question and mails the author when a guest scores under the threshold, and only then", async () => {
    expect(await fillAs("Olga", 2, 1280)).toBe(false);
    const mail = await smtp.waitFor(OWNER_EMAIL, "Low score from Olga: 2", 30_000);
    expect(mail.text).toContain("Please call Olga back.");

    expect(await fillAs("Pavel", 9, 390)).toBe(true);
    // Whatever automation the second submission queued has run.
    await expect
      .poll(
        async () =>
          (
            await call<{ jobs: Array<{ state: string }> }>("GET", `/forms/${formId}/automation-jobs`)
          ).jobs.every((job) => job.state === "done"),
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(smtp.messages.filter((m) => m.subject.startsWith("Low score")).map((m) => m.subject)).toEqual([
      "Low score from Olga: 2",
    ]);

    // The stored answers say the same: the hidden question stayed empty for the unhappy guest.
    const page = await call<{ answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }> }>(
      "GET",
      `/forms/${formId}/answer/paginated/1/10?sortBy=number&order=asc`,
    );
    const liked = page.answerList.map(
      (row) => row.answers.find((a) => a.fieldId === "liked")?.answer || null,
    );
    expect(liked).toEqual([null, "The breakfast"]);
  });

  it("names the rule's e-mail by the notification's name in the rules list and its editor", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${app.url}/login`);
    await page.getByLabel("Username or e-mail").fill(OWNER.username);
    await page.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${app.url}/`);
    // The rules list names the e-mail the rule sends by its name, not by the id the rule stores.
    await page.goto(`${app.url}/forms/${formId}/rules`);
    const summary = page.getByRole("row", { name: /Unhappy guest/ });
    await expect.poll(() => summary.textContent()).toContain("Send e-mail: Unhappy guests");
    await screenshot(page, "rule-email-rules-list-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the actions are written under the rule's name; the wide column is hidden.
    await expect.poll(() => page.locator("text=Send e-mail: Unhappy guests >> visible=true").count()).toBe(1);
    await screenshot(page, "rule-email-rules-list-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/forms/${formId}/rules/unhappy/edit`);
    const picker = page.getByRole("combobox", { name: /^E-mail notification of action/ });
    // The stored action names notification 1 by its id; the page shows its name, not a number.
    await expect.poll(() => picker.inputValue()).toBe("Unhappy guests");
    await picker.click();
    await page.getByRole("option", { name: "Unhappy guests" }).waitFor();
    await screenshot(page, "rule-email-picker-1280");
    expect(problems).toEqual([]);
    await context.close();
  });
});
