import { beforeAll, describe, expect, it } from "vitest";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

/** The author's "Hide from search engines" switch, from the builder to what a crawler reads. */
const run = appAndBrowser();
const OWNER = "noindexowner";
const PASSWORD = "noindexowner123";
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, PASSWORD);
});

describe("hiding a form from search engines", () => {
  it("is a switch in the builder's access settings, and the public page then says noindex", async () => {
    const form = await createdForm(call, {
      title: "Staff feedback",
      formPathAlias: "staff-feedback",
      fields: [{ id: "name", fieldType: "text", question: "Your name" }],
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill(OWNER);
    await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/forms/${form.id}/edit`);
    await page.getByRole("button", { name: "Access and submissions" }).click();

    const hide = page.getByRole("switch", { name: "Hide from search engines" });
    expect(await hide.isChecked()).toBe(false);
    await hide.check({ force: true });
    await screenshot(page, "search-engines-switch-390");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();

    const reader = await context.newPage();
    const response = await reader.goto(`${run.app.url}/f/${form.formPathAlias}?a=${OWNER}`);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    expect(await reader.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(problems).toEqual([]);
    await context.close();
  });
});
