import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { storedAnswers, typeInto } from "./fill-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
const OWNER = { username: "coder", password: "coder12345" };
const CODE = "const answer = 42; // <b>not bold</b>";
let call: ApiCall;
let problems: string[] = [];

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
});
afterEach(() => {
  expect(problems).toEqual([]);
  problems = [];
});

const FIELDS = [
  {
    id: "snippet",
    fieldType: "codeHighlight",
    question: "Paste your function",
    fieldSettings: { language: "javascript" },
  },
];

async function createForm(formPathAlias: string) {
  const made = await call<{ form?: { id: number } }>("POST", "/forms", {
    collectRealCharacters: false,
    title: "Code review",
    formPathAlias,
    fields: FIELDS,
  });
  if (!made.form) throw new Error(`form not created: ${JSON.stringify(made)}`);
  return made.form.id;
}

async function newPage(width: number, javaScriptEnabled = true): Promise<Page> {
  const context = await run.browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (javaScriptEnabled) problems = watchErrors(page);
  return page;
}

/** The coloured copy of the code box the page draws once its highlighter has loaded. */
const tokens = (page: Page) => page.locator(".fl-code-tokens");

describe("a code question", () => {
  it("colours the code as it is typed on the public page and stores exactly the typed text", async () => {
    const formId = await createForm("code-review");
    const page = await newPage(1280);
    await page.goto(`${run.app.url}/f/code-review?a=${OWNER.username}`);
    const box = page.getByRole("textbox", { name: "Paste your function" });
    await typeInto(page, box, CODE);
    await tokens(page).locator(".token.keyword", { hasText: "const" }).waitFor();
    await tokens(page).locator(".token.number", { hasText: "42" }).waitFor();
    await tokens(page).locator(".token.comment").waitFor();
    expect(await tokens(page).textContent()).toBe(`${CODE}\n`);
    expect(await tokens(page).getAttribute("aria-hidden")).toBe("true");
    // The typed markup is shown as text, never made into elements.
    expect(await tokens(page).locator("b").count()).toBe(0);
    await screenshot(page, "code-field-1280");
    // Tab leaves the code box for the next control: keyboard users are never held in it.
    await page.keyboard.press("Tab");
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(false);
    expect(await box.inputValue()).toBe(CODE);

    await page.setViewportSize({ width: 390, height: 900 });
    await box.fill("let x = 1;\nlet y = 2;");
    await tokens(page).locator(".token.keyword", { hasText: "let" }).nth(1).waitFor();
    await screenshot(page, "code-field-390");
    await box.fill(CODE);
    await tokens(page).locator(".token.comment").waitFor();
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    expect(await storedAnswers(call, formId)).toEqual({ snippet: CODE });
  });

  it("is a plain text area that sends the code without JavaScript", async () => {
    const formId = await createForm("code-no-script");
    const page = await newPage(390, false);
    await page.goto(`${run.app.url}/f/code-no-script?a=${OWNER.username}`);
    await page.getByRole("textbox", { name: "Paste your function" }).fill(CODE);
    expect(await tokens(page).count()).toBe(0);
    await screenshot(page, "code-field-no-script-390");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    expect(await storedAnswers(call, formId)).toEqual({ snippet: CODE });
  });

  it("colours the code in the builder's preview", async () => {
    const formId = await createForm("code-preview");
    const page = await newPage(1280);
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill(OWNER.username);
    await page.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/forms/${formId}/edit`);
    await page.getByText("Try it", { exact: true }).click();
    const preview = page.getByTestId("preview-frame");
    await typeInto(page, preview.getByRole("textbox", { name: "Paste your function" }), "let x = 1;");
    await preview.locator(".fl-code-tokens .token.keyword", { hasText: "let" }).waitFor();
    await screenshot(page, "code-field-preview-1280");
  });
});
