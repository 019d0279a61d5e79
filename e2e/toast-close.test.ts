import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { appAndBrowser, screenshot, signInAsDemo, watchErrors } from "./support.ts";

const run = appAndBrowser({ SEED_DEMO: "true" });

describe("toasts", () => {
  it("name their close button in the interface language and pass the audit", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);

    // Saving the settings says "Saved" in a toast; choosing a language makes the save possible.
    await page.goto(`${run.app.url}/user/settings`);
    await page.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "Русский" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { name: "Настройки" }).waitFor();
    const russian = page.locator(".mantine-Notification-root", { hasText: "Сохранено" });
    await russian.getByRole("button", { name: "Закрыть", exact: true }).click();
    await russian.waitFor({ state: "detached" });

    await page.getByRole("combobox", { name: "Язык" }).click();
    await page.getByRole("option", { name: "English" }).click();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    const english = page.locator(".mantine-Notification-root", { hasText: "Saved" });
    await english.getByRole("button", { name: "Close", exact: true }).waitFor();
    await screenshot(page, "toast-close-en");
    expect(await axeViolations(page, ".mantine-Notifications-root")).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
