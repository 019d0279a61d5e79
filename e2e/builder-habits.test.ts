import type { Locator, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
const OWNER = { username: "habits", password: "habits12345" };
let call: ApiCall;
let problems: string[] = [];

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
});
afterEach(() => {
  expect(problems).toEqual([]);
  problems = [];
});

const option = (id: string, title: string) => ({ id, title, value: id });

async function newPage(width: number): Promise<Page> {
  const context = await run.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  problems = watchErrors(page);
  return page;
}

/** Creates a form of these fields as the owner, or fails the test with the server's answer. */
async function createForm(title: string, fields: unknown[]) {
  const form = await createdForm(call, {
    title,
    fields,
  });
  return form;
}

async function openEditor(page: Page, fields: unknown[]): Promise<void> {
  const form = await createForm("Habits", fields);
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill(OWNER.username);
  await page.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
  await page.goto(`${run.app.url}/forms/${form.id}/edit`);
  await page.getByRole("button", { name: "Add a field", exact: true }).waitFor();
}

/** Selects a field by its row in the builder's list, so its settings open. */
async function selectField(page: Page, question: string): Promise<Locator> {
  await page.getByRole("list", { name: "Form fields" }).getByText(question, { exact: true }).click();
  const settings = page.getByTestId("element-settings");
  await settings.getByRole("textbox", { name: "Text of Option 1" }).waitFor();
  return settings;
}

/** The texts of the option inputs in the settings, in order. */
const optionTexts = (settings: Locator) =>
  settings
    .getByRole("textbox", { name: /^Text of Option \d+$/ })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** Pastes text into an input as the browser does from the clipboard. */
function paste(input: Locator, text: string) {
  return input.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** Whether the element with focus is the input of this accessible name. */
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

describe("writing a choice question's options", () => {
  it("turns a pasted list into one option per line, blank lines skipped, and undoes it in one step", async () => {
    const page = await newPage(1280);
    await openEditor(page, [
      {
        id: "fruit",
        fieldType: "radio",
        question: "Favourite fruit",
        fieldSettings: { answerVariants: [option("apple", "Apple")] },
      },
    ]);
    const settings = await selectField(page, "Favourite fruit");
    const first = settings.getByRole("textbox", { name: "Text of Option 1" });
    await first.click();
    await first.selectText();
    await paste(first, "Apple\r\n  Pear \n\n\tPlum\nCherry\n");
    await expect.poll(() => optionTexts(settings)).toEqual(["Apple", "Pear", "Plum", "Cherry"]);
    const preview = page.getByTestId("preview-frame");
    await preview.getByRole("radio", { name: "Cherry" }).waitFor();
    await screenshot(page, "builder-habits-paste-1280");

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("Control+z");
    await expect.poll(() => optionTexts(settings)).toEqual(["Apple"]);
  });

  it("adds the next option on Enter and takes an emptied one away on Backspace", async () => {
    const page = await newPage(1280);
    await openEditor(page, [
      {
        id: "pets",
        fieldType: "checkbox",
        question: "Pets at home",
        fieldSettings: { answerVariants: [option("cat", "Cat")] },
      },
    ]);
    const settings = await selectField(page, "Pets at home");
    await settings.getByRole("textbox", { name: "Text of Option 1" }).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedName(page)).toBe("Text of Option 2");
    // The new option's words are selected: typing replaces them.
    await page.keyboard.type("Dog");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Fish");
    await expect.poll(() => optionTexts(settings)).toEqual(["Cat", "Dog", "Fish"]);
    await page.getByTestId("preview-frame").getByRole("checkbox", { name: "Fish" }).waitFor();

    // Enter in the middle puts the new option right after the current one.
    await settings.getByRole("textbox", { name: "Text of Option 1" }).click();
    await page.keyboard.press("Enter");
    await page.keyboard.type("Bird");
    await expect.poll(() => optionTexts(settings)).toEqual(["Cat", "Bird", "Dog", "Fish"]);

    // Emptied, Backspace removes it and goes back to the end of the one before.
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await expect.poll(() => optionTexts(settings)).toEqual(["Cat", "Dog", "Fish"]);
    expect(await focusedName(page)).toBe("Text of Option 1");
    await page.keyboard.type("s");
    await expect.poll(() => optionTexts(settings)).toEqual(["Cats", "Dog", "Fish"]);
  });
});

describe("the palette", () => {
  it("says what sets Checkboxes and Multiple choice apart", async () => {
    const page = await newPage(1280);
    await openEditor(page, []);
    await page.getByRole("button", { name: "Add a field", exact: true }).click();
    const listbox = page.getByRole("listbox", { name: "Field types" });
    const checkboxes = listbox.getByRole("option", { name: "Checkboxes", exact: true });
    const multiple = listbox.getByRole("option", { name: "Multiple choice", exact: true });
    await expect.poll(() => checkboxes.innerText()).toMatch(/Checkboxes\s+\S/);
    const hints = [await checkboxes.innerText(), await multiple.innerText()];
    expect(hints[0]).not.toEqual(hints[1]);
    await screenshot(page, "builder-habits-palette-1280");
  });
});

/** The distinct tops of a scale's options: one value when they stand in one row. */
const rowTops = (scale: Locator) =>
  scale.evaluate((element) => [
    ...new Set([...element.querySelectorAll<HTMLElement>(".fl-scale-option")].map((o) => o.offsetTop)),
  ]);

describe("scales in the builder's preview", () => {
  const scales = [
    { id: "nps", fieldType: "nps", question: "Would you recommend us?" },
    { id: "stars", fieldType: "rate", question: "Rate the stay", fieldSettings: { maxRating: 10 } },
  ];

  it("draw the NPS 0-10 and ten stars on one row at 1280 px", async () => {
    const page = await newPage(1280);
    await openEditor(page, scales);
    const preview = page.getByTestId("preview-frame");
    const nps = preview.locator(".fl-scale").first();
    const stars = preview.locator(".fl-scale").nth(1);
    await stars.waitFor();
    expect(await nps.locator(".fl-scale-option").count()).toBe(11);
    expect(await stars.locator(".fl-scale-option").count()).toBe(10);
    expect(await rowTops(nps)).toHaveLength(1);
    expect(await rowTops(stars)).toHaveLength(1);
    await screenshot(page, "builder-habits-scales-1280");
  });

  it("keep the scales inside the preview at 390 px", async () => {
    const page = await newPage(390);
    await openEditor(page, scales);
    const nps = page.getByTestId("preview-frame").locator(".fl-scale").first();
    await nps.waitFor();
    const overflow = await nps.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "builder-habits-scales-390");
  });
});
