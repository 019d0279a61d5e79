import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { appAndBrowser, screenshot } from "./support.ts";

const run = appAndBrowser();

describe("the pages before signing in", () => {
  it.each([1280, 390])("pass axe's WCAG 2.1 A and AA checks at %i px", async (width) => {
    const context = await run.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const path of ["/login", "/registration/create", "/reset_password"]) {
      await page.goto(`${run.app.url}${path}`);
      await page.getByRole("button").first().waitFor();
      const found = await axeViolations(page);
      expect(
        found.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        ),
        path,
      ).toEqual([]);
    }
    await page.goto(`${run.app.url}/login`);
    await page.getByRole("button").first().waitFor();
    await screenshot(page, `auth-login-${width}`);
    await context.close();
  });
});
