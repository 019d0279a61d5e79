import type { Page } from "playwright-core";

/** Adds a field of a type through the builder's "Add a field" menu: open, search, pick. */
export async function addFieldFromMenu(page: Page, type: string) {
  await page.getByRole("button", { name: "Add a field", exact: true }).click();
  await page.getByRole("textbox", { name: "Search field types" }).fill(type);
  await page.getByRole("option", { name: type, exact: true }).click();
}
