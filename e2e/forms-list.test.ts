import { beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "listowner", "listowner123");
  for (const title of ["Spring survey", "Autumn quiz", "Winter survey"])
    await call("POST", "/forms", { title });
});

describe("the all-forms list", () => {
  for (const width of [1280, 390]) {
    it(`searches, filters by creation date and shows a timeline at ${width} px`, async () => {
      const context = await run.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/login`);
      await page.getByLabel("Username or e-mail").fill("listowner");
      await page.getByRole("textbox", { name: "Password" }).fill("listowner123");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${run.app.url}/`);
      await page.goto(`${run.app.url}/forms/all`);
      await page.getByRole("link", { name: "Autumn quiz" }).waitFor();

      // The range starts at 2018-01-01 and ends today.
      expect(await page.getByLabel("Created from").inputValue()).toBe("2018-01-01");
      const to = await page.getByLabel("Created to").inputValue();
      expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      await page.getByRole("textbox", { name: "Search forms" }).fill("survey");
      await expect.poll(() => page.getByRole("link", { name: /survey/ }).count()).toBe(2);
      expect(await page.getByRole("link", { name: "Autumn quiz" }).count()).toBe(0);

      // A range that ends before the forms were made leaves none; a start after the end is refused.
      await page.getByLabel("Created to").fill("2019-01-01");
      await page.getByText("No form matches your search").waitFor();
      await page.getByLabel("Created from").fill("2020-01-01");
      await page.getByText("Date FROM can not be later than date TO!").waitFor();
      await page.getByLabel("Created from").fill("2018-01-01");
      await page.getByLabel("Created to").fill(to);

      await page.getByText("Timeline", { exact: true }).click();
      const timeline = page
        .getByLabel("Timeline", { exact: true })
        .and(page.locator(".mantine-Timeline-root"));
      await timeline.waitFor();
      expect(await timeline.getByRole("link", { name: /survey/ }).allInnerTexts()).toEqual([
        "Winter survey",
        "Spring survey",
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `forms-list-timeline-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
