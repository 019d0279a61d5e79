import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addFieldFromMenu } from "./builder-helpers.ts";
import { appAndBrowser, registerInBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();

const register = (page: Page) =>
  registerInBrowser(page, run.app.url, {
    username: "olivia",
    email: "olivia@example.com",
    password: "pass1234",
  });

async function createAccount(page: Page) {
  await page.getByLabel("Account name").fill("Acme Research");
  expect(await page.getByLabel("Subdomain").inputValue()).toBe("acme-research");
  await page.getByLabel("I accept the data processing agreement").check();
  await page.getByRole("button", { name: "Create account" }).click();
  // A new account lands on the dashboard, whose one clear step is the first form.
  await page.waitForURL(`${run.app.url}/`);
  await page.getByRole("heading", { name: "Start with your first form" }).waitFor();
}

/** Adds a field from the add-field menu and fills its question in the side panel. */
async function addField(page: Page, type: string, question: string, required = false) {
  await addFieldFromMenu(page, type);
  const questionInput = page.getByRole("textbox", { name: "Question", exact: true });
  await questionInput.fill(question);
  if (required) await switchOn(page.getByRole("switch", { name: "Required", exact: true }));
}

/** Clicks a switch and waits for React to show it on (a controlled input updates after the click). */
async function switchOn(control: Locator) {
  await control.click();
  await expect.poll(() => control.isChecked()).toBe(true);
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByText("All changes saved").waitFor();
}

describe("a new user's first form", () => {
  it("registers, creates an account, builds and publishes a form, collects an answer and sees it unread", async () => {
    const owner = await run.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await owner.newPage();
    const problems = watchErrors(page);

    await register(page);
    await createAccount(page);

    await page.getByRole("main").getByRole("link", { name: "Create your first form" }).click();
    await page.getByLabel("Form title").fill("Customer feedback");
    await page.getByRole("button", { name: "Create and open the builder" }).click();
    await page.waitForURL(/\/forms\/\d+\/edit$/);

    await addField(page, "Short text", "Your name", true);
    await addField(page, "E-mail", "Your e-mail");
    await addField(page, "Single choice", "How likely are you to come back?");
    const preview = page.getByLabel("Live preview");
    await preview.getByText("How likely are you to come back?").waitFor();
    // Three options by default (the preview's own device and mode switches are radios too).
    const choice = preview.getByRole("group", { name: "How likely are you to come back?" });
    expect(await choice.getByRole("radio").count()).toBe(3);
    await save(page);
    await screenshot(page, "builder-three-fields");

    // New forms start published (forms.md §4): the link works at once; unpublished, it is closed.
    await page.getByRole("tab", { name: "Overview" }).click();
    const link = await page.getByLabel("Public link").inputValue();
    // The shortest link that works: no other account has a form of this alias.
    expect(link).toMatch(/\/f\/customer-feedback$/);
    const respondentContext = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const respondent = await respondentContext.newPage();
    const respondentProblems = watchErrors(respondent);
    await respondent.goto(link);
    await respondent.getByRole("heading", { name: "Customer feedback" }).waitFor();

    const publishing = page.getByRole("switch", { name: "Published" });
    expect(await publishing.isChecked()).toBe(true);
    const saved = () =>
      page.waitForResponse((r) => r.url().includes("/api/forms/") && r.request().method() === "PATCH");
    const unpublished = saved();
    await publishing.click();
    expect((await unpublished).status()).toBe(200);
    await respondent.reload();
    await respondent.getByText("This form is closed for submission").waitFor();
    const published = saved();
    await switchOn(publishing);
    expect((await published).status()).toBe(200);

    await respondent.reload();
    await respondent.getByRole("heading", { name: "Customer feedback" }).waitFor();
    // A new form keeps what is typed, so it asks first; this respondent agrees.
    const consent = respondent.getByRole("dialog", { name: "Behavioral data collection confirmation" });
    await consent.getByRole("checkbox", { name: /what I type/ }).check();
    await consent.getByRole("button", { name: "Confirm" }).click();
    await consent.waitFor({ state: "detached" });
    await respondent.getByRole("button", { name: "Send" }).click();
    await respondent.getByText("Please fill in the required fields").waitFor();
    expect(await respondent.getByRole("textbox", { name: "Your name" }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    await screenshot(respondent, "fill-required-error");

    await respondent.getByRole("textbox", { name: "Your name" }).fill("Ada Lovelace");
    await respondent.getByRole("textbox", { name: "Your e-mail" }).fill("ada@example.com");
    await respondent.getByRole("radio", { name: "Variant 2" }).check();
    await respondent.getByRole("button", { name: "Send" }).click();
    await respondent.waitForURL(/\/f\/customer-feedback\/thankyou/);
    await respondent
      .getByRole("heading", { name: "Form Customer feedback was submitted successfully!" })
      .waitFor();
    await respondent.getByText("Thank you for submitting this form!").waitFor();
    await respondent.getByRole("link", { name: "Complete form again" }).waitFor();
    await screenshot(respondent, "fill-thank-you");

    await page.getByRole("tab", { name: "Results" }).click();
    const row = page.getByRole("row").filter({ hasText: "Ada Lovelace" });
    await row.waitFor();
    expect(await row.getByText("Unread").count()).toBe(1);
    expect(await row.textContent()).toContain("ada@example.com");
    expect(await row.textContent()).toContain("Variant 2");
    await screenshot(page, "results-unread");

    // Opening a submission marks it read.
    await row.getByText("Ada Lovelace").click();
    await page.getByRole("dialog").getByText("Submission #1").waitFor();
    await page.keyboard.press("Escape");
    await row.getByText("Read", { exact: true }).waitFor();

    expect(problems).toEqual([]);
    expect(respondentProblems).toEqual([]);
    await owner.close();
    await respondentContext.close();
  });
});
