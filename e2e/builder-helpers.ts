import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** Adds a field of a type through the builder's "Add a field" menu: open, search, pick. */
export async function addFieldFromMenu(page: Page, type: string) {
  await page.getByRole("button", { name: "Add a field", exact: true }).click();
  await page.getByRole("textbox", { name: "Search field types" }).fill(type);
  await page.getByRole("option", { name: type, exact: true }).click();
}

/**
 * The same from the keyboard alone: focus the menu's button (the "Add a field" button unless
 * another is given), Enter, type to narrow, Enter takes the first. The menu moves the focus into
 * its search box just after it opens; keys pressed before that would reach the button (a space
 * closes the menu), so the typing waits for the focus, as a person waits to see the cursor there.
 */
export async function addFieldByKeyboard(
  page: Page,
  search: string,
  button = page.getByRole("button", { name: "Add a field", exact: true }),
) {
  await button.focus();
  await page.keyboard.press("Enter");
  const box = page.getByRole("textbox", { name: "Search field types" });
  await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type(search);
  await expect.poll(() => box.inputValue()).toBe(search);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
}

/** The scoring of one question in the "Result calculations" tab, opened. */
export async function questionScoring(page: Page, question: string): Promise<Locator> {
  const name = new RegExp(`^${question.replace("?", "\\?")}`);
  const control = page.getByRole("button", { name });
  if ((await control.getAttribute("aria-expanded")) !== "true") await control.click();
  const region = page.getByRole("region", { name });
  await region.waitFor();
  return region;
}

/**
 * The capitals quiz's scoring, in the "Result calculations" tab with its two gradations added:
 * 0-2 "Keep learning", 3-5 "Excellent"; the choice scores 2 for "Variant 2", the text 3 for "Rome".
 */
export async function scoreCapitals(page: Page, choice: string, text: string) {
  await page.getByRole("textbox", { name: "Gradation 1: from score" }).fill("0");
  await page.getByRole("textbox", { name: "Gradation 1: to score" }).fill("2");
  await page.getByRole("textbox", { name: "Gradation 1: brief result" }).fill("Keep learning");
  await page.getByRole("textbox", { name: "Gradation 2: from score" }).fill("3");
  await page.getByRole("textbox", { name: "Gradation 2: to score" }).fill("5");
  await page.getByRole("textbox", { name: "Gradation 2: brief result" }).fill("Excellent");
  const chosen = await questionScoring(page, choice);
  await chosen.getByRole("textbox", { name: "Points for a correct answer" }).fill("2");
  await chosen.getByRole("radio", { name: "Variant 2" }).check();
  const typed = await questionScoring(page, text);
  await typed.getByRole("textbox", { name: "Points for a correct answer" }).fill("3");
  await typed.getByLabel("Accepted answers").fill("Rome");
  await page.keyboard.press("Enter");
  await page.getByText("Highest possible score: 5").waitFor();
}
