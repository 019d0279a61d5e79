import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accountOwner, appAndBrowser, createdForm, signIn } from "./support.ts";

const run = appAndBrowser();
const SHOTS = "/tmp/shots";

describe("guided tours", () => {
  it("runs the forms-list tour to its end by keyboard and remembers it", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const call = await accountOwner(run.app.url, "guide", "guide1234");
    await createdForm(call, { title: "Tour form", fields: [] });
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, run.app.url, "guide", "guide1234");
    await page.goto(`${run.app.url}/forms/all`);
    await page.getByRole("link", { name: "Tour form" }).first().waitFor();
    const button = page.getByRole("banner").getByRole("button", { name: "Take the tour of this page" });
    await button.focus();
    await page.keyboard.press("Enter");
    const step = page.getByRole("dialog", { name: "All forms" });
    await step.waitFor();
    await page.screenshot({ path: `${SHOTS}/search-tour-en.png` });
    // Next has the focus once a step is drawn: Enter moves on, step by step, to Done.
    const stepHasFocus = () =>
      page.evaluate(
        () =>
          document.activeElement?.tagName === "BUTTON" && !!document.activeElement.closest("[role=dialog]"),
      );
    for (const title of ["Filter", "A form", "New form"]) {
      await expect.poll(stepHasFocus).toBe(true);
      await page.keyboard.press("Enter");
      await page.getByRole("dialog", { name: title }).waitFor();
    }
    await expect.poll(stepHasFocus).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "New form" }).waitFor({ state: "detached" });
    await expect.poll(() => call<{ seen: string[] }>("GET", "/tours")).toEqual({ seen: ["forms-list"] });

    const me = await call<{ id: number }>("GET", "/user");
    await call("PATCH", `/user/${me.id}/settings`, { locale: "ru" });
    await page.reload();
    await page.getByRole("banner").getByRole("button", { name: "Пройти тур по этой странице" }).click();
    await page.getByRole("dialog", { name: "Все формы" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/search-tour-ru.png` });
    await page.keyboard.press("Escape");
    await page.close();
  });
});
