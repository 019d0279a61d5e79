import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accountOwner, appAndBrowser, createdForm, screenshot, signIn, WITH_MOTION } from "./support.ts";

const run = appAndBrowser();

/** Whether a tour step's Next (or Done) button has the focus, so Enter moves on. */
const stepHasFocus = (page: Page) =>
  page.evaluate(
    () =>
      !!document.activeElement?.classList.contains("driver-popover-next-btn") &&
      !!document.activeElement.closest("[role=dialog]"),
  );

/** The `data-tour` marks of the elements the tour highlights (the one left may keep its class a while). */
const pointedAt = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".driver-active-element")].map((element) =>
      element.getAttribute("data-tour"),
    ),
  );

/** Waits until the step is drawn in full (its fade-in over), then keeps a picture of it. */
async function stepPicture(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => {
    const popover = document.querySelector(".driver-popover");
    return (
      popover !== null &&
      getComputedStyle(popover).opacity === "1" &&
      document.getAnimations().every((animation) => animation.playState !== "running")
    );
  });
  await screenshot(page, name);
}

/**
 * Walks a running tour by keyboard: each step is the labelled dialog `title`, pointing at the
 * element marked `mark` (null: in the middle of the page, not checked); Enter on its focused button moves on,
 * and on the last step ends the tour.
 */
async function walk(
  page: Page,
  steps: ReadonlyArray<readonly [string, string | null]>,
  { atOnce = false } = {},
): Promise<void> {
  for (const [title, mark] of steps) {
    await page.getByRole("dialog", { name: title }).waitFor();
    if (!atOnce) {
      if (mark !== null)
        await expect.poll(() => pointedAt(page), { message: title, timeout: 10_000 }).toContain(mark);
      await expect.poll(() => stepHasFocus(page), { timeout: 10_000 }).toBe(true);
    }
    await page.keyboard.press("Enter");
  }
  await page.locator(".driver-popover").waitFor({ state: "detached" });
}

/** Starts the page's tour from the top bar's icon by keyboard. */
async function startTour(page: Page, name = "Take the tour of this page"): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name }).focus();
  await page.keyboard.press("Enter");
}

describe("guided tours", () => {
  it("runs the forms-list tour to its end by keyboard and remembers it", async () => {
    const call = await accountOwner(run.app.url, "guide", "guide1234");
    await createdForm(call, { title: "Tour form", fields: [] });
    const page = await run.browser.newPage({ ...WITH_MOTION, viewport: { width: 1280, height: 900 } });
    await signIn(page, run.app.url, "guide", "guide1234");
    await page.goto(`${run.app.url}/forms/all`);
    await page.getByRole("link", { name: "Tour form" }).first().waitFor();
    await startTour(page);
    await page.getByRole("dialog", { name: "All forms" }).waitFor();
    await stepPicture(page, "tour-step-en-1280");
    await walk(page, [
      ["All forms", "forms-table"],
      ["Filter", "forms-filter"],
      ["A form", "form"],
      ["New form", "new-form"],
    ]);
    await expect.poll(() => call<{ seen: string[] }>("GET", "/tours")).toEqual({ seen: ["forms-list"] });

    const me = await call<{ id: number }>("GET", "/user");
    await call("PATCH", `/user/${me.id}/settings`, { locale: "ru" });
    await page.reload();
    await startTour(page, "Пройти тур по этой странице");
    await page.getByRole("dialog", { name: "Все формы" }).waitFor();
    await stepPicture(page, "tour-step-ru-1280");
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await startTour(page, "Пройти тур по этой странице");
    await page.getByRole("dialog", { name: "Все формы" }).waitFor();
    await stepPicture(page, "tour-step-ru-390");
    await page.keyboard.press("Escape");
    await page.close();
  });

  it("runs the dashboard tour by keyboard, each step at its marked element", async () => {
    const call = await accountOwner(run.app.url, "dashguide", "dashguide1");
    const page = await run.browser.newPage({ ...WITH_MOTION, viewport: { width: 1280, height: 900 } });
    await signIn(page, run.app.url, "dashguide", "dashguide1");
    await page.getByRole("heading", { name: "Submissions calendar" }).waitFor();
    await startTour(page);
    await walk(page, [
      ["Welcome to Formloom", null],
      ["Menu", "menu"],
      ["Dashboard", "popular-actions"],
      ["Submissions calendar", "submissions-calendar"],
      ["Search", "search"],
      ["Help", "help"],
    ]);
    await expect.poll(() => call<{ seen: string[] }>("GET", "/tours")).toEqual({ seen: ["dashboard"] });
    await page.close();
  });

  it("moves on with Enter the moment a step shows, however late the page draws its next frame", async () => {
    const call = await accountOwner(run.app.url, "quickguide", "quickguide1");
    const page = await run.browser.newPage({ ...WITH_MOTION, viewport: { width: 1280, height: 900 } });
    // A busy machine draws late: each frame comes half a second after it was asked for.
    await page.addInitScript(() => {
      window.requestAnimationFrame = (callback) =>
        window.setTimeout(() => callback(performance.now()), 500) as unknown as number;
    });
    await signIn(page, run.app.url, "quickguide", "quickguide1");
    await page.getByRole("heading", { name: "Submissions calendar" }).waitFor();
    await startTour(page);
    await walk(
      page,
      [
        ["Welcome to Formloom", null],
        ["Menu", null],
        ["Dashboard", null],
        ["Submissions calendar", null],
        ["Search", null],
        ["Help", null],
      ],
      { atOnce: true },
    );
    await expect.poll(() => call<{ seen: string[] }>("GET", "/tours")).toEqual({ seen: ["dashboard"] });
    await page.close();
  });

  it("runs the create-form tour for Marketing, HR and Education by keyboard", async () => {
    const call = await accountOwner(run.app.url, "newguide", "newguide1");
    const page = await run.browser.newPage({ ...WITH_MOTION, viewport: { width: 1280, height: 900 } });
    await signIn(page, run.app.url, "newguide", "newguide1");
    await page.goto(`${run.app.url}/forms/add_new`);
    await page.getByRole("textbox", { name: "Form title" }).waitFor();
    for (const [choice, set] of [
      ["Marketing", "marketing"],
      ["HR", "hr"],
      ["Education", "education"],
    ] as const) {
      await startTour(page);
      const item = page.getByRole("menuitem", { name: choice });
      await item.focus();
      await page.keyboard.press("Enter");
      await walk(page, [
        ["Create a form", null],
        ["Name it", "form-title"],
        ["Create", "create-form"],
        ["Or start from a template", `template-${set}`],
      ]);
    }
    await expect
      .poll(async () => (await call<{ seen: string[] }>("GET", "/tours")).seen.sort())
      .toEqual(["create-form-education", "create-form-hr", "create-form-marketing"]);
    await page.close();
  });
});
