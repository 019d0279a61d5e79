import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, signIn, watchErrors } from "./support.ts";

// The account admin chooses on the account's edit page how long recordings of respondents are
// kept, with the keyboard alone; the account page then says so.

const run = appAndBrowser();
let call: ApiCall;
const OWNER = "retentionowner";
const PASSWORD = "retentionowner123";

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, PASSWORD);
});

describe("recordings retention", () => {
  it("sets the days recordings are kept with the keyboard, says what is removed, and refuses a day count out of range", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page, run.app.url, OWNER, PASSWORD);
    await page.goto(`${run.app.url}/account`);
    const row = page.getByRole("row", { name: /Recordings of respondents kept/ });
    await expect.poll(() => row.textContent()).toContain("As long as the submission");

    await page.goto(`${run.app.url}/account/edit`);
    const group = page.getByRole("radiogroup", { name: "Keep recordings of respondents" });
    // The help says what is removed and what stays.
    const help = page.getByText(/video and audio captures, behaviour events/);
    await help.waitFor();
    expect(await help.textContent()).toContain("The submissions and their answers are kept.");
    // By keyboard: into the choice, down to a number of days, into the number.
    await page.getByRole("radio", { name: "As long as the submission" }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("radio", { name: "For a number of days" }).isChecked()).toBe(true);
    expect(await group.count()).toBe(1);
    const days = page.getByRole("textbox", { name: "Days to keep recordings" });
    await page.keyboard.press("Tab");
    expect(await days.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await axeViolations(page, "form")).toEqual([]);
    await page.keyboard.type("4000");
    await page.keyboard.press("Enter");
    // Mantine clamps the number on blur; typed and sent at once it reaches the server's check.
    await page
      .getByText(/1 to 3650 days/)
      .first()
      .waitFor();
    // An error reads as well as the other words: Mantine's red 6 gave 3.3:1 on white.
    expect(describeViolations(await axeViolations(page, "form", ["color-contrast"]))).toEqual([]);
    await screenshot(page, "privacy-retention-edit-1280");

    await days.fill("30");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${run.app.url}/account`);
    await expect.poll(() => row.textContent()).toContain("30 days");
    await screenshot(page, "privacy-retention-account-1280");
    expect(
      (
        await call<{ recordingsRetentionDays: number | null }>("PATCH", "/account/edit", {
          name: "Retention",
        })
      ).recordingsRetentionDays,
    ).toBe(30);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${run.app.url}/account/edit`);
    await page.getByRole("textbox", { name: "Days to keep recordings" }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "privacy-retention-edit-390");
    expect(problems).toEqual([]);
    await context.close();
  });
});
