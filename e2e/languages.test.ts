import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, type RunningApp, screenshot, startApp, watchErrors } from "./support.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // The demo account brings a form with submissions, so every page has something to show.
  [app, browser] = await Promise.all([startApp({ SEED_DEMO: "true" }), connectBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("languages", () => {
  it("switches the interface to the user's language, keeps it after a reload, and fits a 390 px screen", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${app.url}/login`);
    await page.getByLabel("Username or e-mail").fill("demo");
    await page.getByRole("textbox", { name: "Password" }).fill("demo12345");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${app.url}/`);

    await page.goto(`${app.url}/user/settings`);
    await page.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "Русский" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { name: "Настройки" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ru");

    await page.reload();
    await page.getByRole("heading", { name: "Настройки" }).waitFor();

    const pages = [
      ["/", "Добро пожаловать, Demo!"],
      ["/forms/all", "Все формы"],
      ["/forms/1/results", "Отметить прочитанными"],
      ["/forms/1/edit", "Предпросмотр"],
      ["/forms/1/overview", "Доступ по ссылке"],
      ["/user/settings", "Часовой пояс"],
    ] as const;
    for (const [path, text] of pages) {
      await page.goto(`${app.url}${path}`);
      await page.getByText(text).filter({ visible: true }).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      await screenshot(page, `ru-390${path.replaceAll("/", "-") || "-home"}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
