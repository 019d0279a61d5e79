import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

/**
 * A form chain made in the app, filled end to end on the public pages (with and without
 * JavaScript), and read together on the chain's page.
 */
const run = appAndBrowser();
let call: ApiCall;
const WAIT = { timeout: 30_000 };

beforeAll(async () => {
  call = await accountOwner(run.app.url, "chainowner", "chainowner123");
  for (const [title, alias, question] of [
    ["Intake", "chain-intake", "Your name"],
    ["Feedback", "chain-feedback", "What did you like?"],
  ] as const)
    await call("POST", "/forms", {
      collectRealCharacters: false,
      title,
      formPathAlias: alias,
      fields: [{ id: "q", fieldType: "text", question, isRequired: true }],
    });
});

async function signIn(width: number): Promise<{ page: Page; problems: string[] }> {
  const context = await run.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill("chainowner");
  await page.getByRole("textbox", { name: "Password" }).fill("chainowner123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`, WAIT);
  return { page, problems };
}

/** Picks a form in the chain editor's nth "Form" select. */
async function pickForm(page: Page, nth: number, title: string) {
  await page.getByRole("combobox", { name: "Form" }).nth(nth).click();
  await page.getByRole("option", { name: title, exact: true }).click();
}

/** Fills the one question of a chain's form on its public page and sends it. */
async function fillStep(page: Page, question: string, answer: string) {
  await page.getByRole("textbox", { name: question }).fill(answer);
  await page.getByRole("button", { name: "Send" }).click();
}

describe("form chains", () => {
  let chainUrl = "";

  it("are made in the app from the account's forms, in the order chosen", async () => {
    const { page, problems } = await signIn(1280);
    await page.getByRole("link", { name: "Form chains" }).click();
    await page.waitForURL(/\/form-chains\/all$/, WAIT);
    await page.getByText("No form chains yet.").waitFor(WAIT);
    await page.getByRole("link", { name: "Add chain" }).click();
    await page.waitForURL(/\/form-chains\/add$/, WAIT);

    // Nothing filled: the page says what is missing before asking the server.
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText("Chain name field is empty").waitFor(WAIT);
    await page.getByRole("textbox", { name: "Chain name" }).fill("Onboarding");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText("Fill all Form and Name fields or remove chain items!").waitFor(WAIT);

    // Picked in the wrong order, then put right; a third item added and removed again.
    await pickForm(page, 0, "Feedback");
    await pickForm(page, 1, "Intake");
    await page.getByRole("button", { name: "Add form" }).click();
    expect(await page.getByRole("combobox", { name: "Form" }).count()).toBe(3);
    await page.getByRole("button", { name: "Remove 3" }).click();
    await page.getByRole("button", { name: "Move up Intake" }).click();
    await expect
      .poll(() => page.getByRole("textbox", { name: "Name", exact: true }).first().inputValue(), WAIT)
      .toBe("Intake");
    await screenshot(page, "form-chains-editor-1280");
    await page.getByRole("button", { name: "Create" }).click();
    await page.waitForURL(/\/form-chains\/\d+\/view$/, WAIT);
    chainUrl = page.url();
    await page.getByText("Nobody has gone through this chain yet.").waitFor(WAIT);
    await page.getByRole("link", { name: "Form chains" }).first().click();
    await page.getByRole("cell", { name: /Intake → Feedback/ }).waitFor(WAIT);
    await screenshot(page, "form-chains-list-1280");

    // A second chain of the same name (in other letters' case) is refused under the name.
    await page.getByRole("link", { name: "Add chain" }).click();
    await page.getByRole("textbox", { name: "Chain name" }).fill("ONBOARDING");
    await pickForm(page, 0, "Intake");
    await page.getByRole("button", { name: "Remove 2" }).click();
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText("Form chain with this name already exists").waitFor(WAIT);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("lead a respondent from the first form to the next with the progress shown", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/chain-intake?a=chainowner`);
    await page.getByText("Form 1 of 2").waitFor(WAIT);
    await fillStep(page, "Your name", "Ada");
    await page.waitForURL(/\/f\/chain-feedback\?.*chain=/, WAIT);
    await page.getByText("Form 2 of 2").waitFor(WAIT);
    const bar = page.getByRole("progressbar", { name: "Form 2 of 2" });
    expect(await bar.getAttribute("aria-valuenow")).toBe("2");
    await screenshot(page, "form-chains-step-390");
    await fillStep(page, "What did you like?", "The welcome");
    await page.getByText("Thank you for submitting this form!").waitFor(WAIT);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("work without JavaScript too", async () => {
    const context = await run.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${run.app.url}/f/chain-intake?a=chainowner`);
    await page.getByText("Form 1 of 2").waitFor(WAIT);
    await fillStep(page, "Your name", "Grace");
    await page.waitForURL(/\/f\/chain-feedback\?.*chain=/, WAIT);
    await page.getByText("Form 2 of 2").waitFor(WAIT);
    await screenshot(page, "form-chains-step-nojs-1280");
    await fillStep(page, "What did you like?", "The pace");
    await page.getByText("Thank you for submitting this form!").waitFor(WAIT);
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`show each run's answers together, linked to their result pages (${width} px)`, async () => {
      const { page, problems } = await signIn(width);
      await page.goto(chainUrl);
      const links = page.getByRole("link", { name: /^Submission / });
      await expect.poll(() => links.count(), WAIT).toBe(4);
      await screenshot(page, `form-chains-view-${width}`);
      if (width === 1280) {
        // The newest run first: Grace's, her intake then her feedback.
        await links.nth(1).click();
        await page.waitForURL(/\/forms\/\d+\/results\/\d+/, WAIT);
        await page.getByText("The pace").first().waitFor(WAIT);
      } else {
        await page.goto(`${run.app.url}/form-chains/all`);
        await page.getByText("Onboarding").first().waitFor(WAIT);
        await screenshot(page, "form-chains-list-390");
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
