import { describe, expect, it } from "vitest";
import { appAndBrowser, screenshot, signInAsDemo, watchErrors } from "./support.ts";

const run = appAndBrowser({ SEED_DEMO: "true" });

describe("languages", () => {
  it("switches the interface to the user's language, keeps it after a reload, and fits a 390 px screen", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);

    await page.goto(`${run.app.url}/user/settings`);
    await page.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "Русский" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { name: "Настройки" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ru");

    await page.reload();
    await page.getByRole("heading", { name: "Настройки" }).waitFor();

    const pages = [
      ["/", "Добро пожаловать, Demo!"],
      ["/forms/all", "Ответы"],
      ["/forms/1/results", "Отметить прочитанными"],
      ["/forms/1/edit", "Предпросмотр"],
      ["/forms/1/overview", "Доступ по ссылке"],
      ["/user/settings", "Часовой пояс"],
    ] as const;
    for (const [path, text] of pages) {
      await page.goto(`${run.app.url}${path}`);
      await page.getByText(text).filter({ visible: true }).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      await screenshot(page, `ru-390${path.replaceAll("/", "-") || "-home"}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
