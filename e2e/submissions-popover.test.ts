import { describe, expect, it } from "vitest";
import { appAndBrowser, signInAsDemo } from "./support.ts";

const run = appAndBrowser({ SEED_DEMO: "true" });

const submit = () =>
  fetch(`${run.app.url}/api/forms/answer`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      formId: 1,
      answers: [
        { fieldId: "name", answer: "Poll" },
        { fieldId: "rating", answer: "r1" },
      ],
    }),
  });

describe("submissions popover", () => {
  it("polls every 20 s, lists forms with new submissions, and asks before ending a session killed elsewhere", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.clock.install();
    await signInAsDemo(page, run.app.url);
    await page.getByRole("button", { name: "New submissions: 3" }).waitFor();

    expect((await submit()).status).toBe(201);
    await page.clock.fastForward(20_000);
    await page.getByRole("button", { name: "New submissions: 4" }).waitFor();

    await page.getByRole("button", { name: "New submissions: 4" }).click();
    const dropdown = page.getByRole("dialog").filter({ hasText: "New submissions" });
    await dropdown.getByText("4 unread").waitFor();
    await dropdown.getByRole("link", { name: "Event feedback" }).click();
    await page.waitForURL("**/forms/1/results");
    await page.getByRole("row").filter({ hasText: "Poll" }).waitFor();

    // The session dies elsewhere: the next poll gets a 401 and the dialog asks what to do.
    await page.evaluate(() => {
      localStorage.setItem("formloom.token", "ended-elsewhere");
      localStorage.setItem("formloom.refresh_token", "ended-elsewhere");
    });
    await page.clock.fastForward(20_000);
    const conflict = page.getByRole("dialog", { name: "Your session has ended" });
    await conflict.waitFor();
    await page.keyboard.press("Escape");
    expect(await conflict.isVisible()).toBe(true);

    // Stay here: the page stays, and polling slows to once a minute.
    await conflict.getByRole("button", { name: "Stay here" }).click();
    // The closing transition runs on timers, which the installed clock only moves when told to.
    await page.clock.runFor(1000);
    await conflict.waitFor({ state: "hidden" });
    await page.clock.fastForward(25_000);
    expect(await conflict.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe("/forms/1/results");
    await page.clock.fastForward(40_000);
    await conflict.waitFor();

    await conflict.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem("formloom.token"))).toBeNull();
    await context.close();
  });
});

describe("submissions popover by keyboard", () => {
  it("opens with Enter, takes the focus to its links, and closes with Escape back on the bell", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAsDemo(page, run.app.url);
    const bell = page.getByRole("button", { name: /^New submissions: / });
    await bell.focus();
    await page.keyboard.press("Enter");
    const dropdown = page.getByRole("dialog").filter({ hasText: "New submissions" });
    await dropdown.waitFor();
    // Tab reaches the list's links first.
    await page.keyboard.press("Tab");
    expect(await dropdown.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dropdown.waitFor({ state: "hidden" });
    expect(await bell.evaluate((node) => node === document.activeElement)).toBe(true);
    // Opened again and left by Escape at once, from the bell itself.
    await page.keyboard.press("Enter");
    await dropdown.waitFor();
    await page.keyboard.press("Escape");
    await dropdown.waitFor({ state: "hidden" });
    await context.close();
  });
});
