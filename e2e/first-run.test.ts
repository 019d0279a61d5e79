import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appAndBrowser, registerInBrowser, screenshot, watchErrors } from "./support.ts";

/** What a new user meets first: registration, the first account, the dashboard's first step. */
const run = appAndBrowser();

const SIZES = [
  ["1280", { width: 1280, height: 860 }],
  ["390", { width: 390, height: 844 }],
] as const;

/** A browser page in this language (the choice the sign-in pages read before anyone signs in). */
async function pageIn(browser: Browser, language: "en" | "ru", viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((locale) => localStorage.setItem("formloom.locale", locale), language);
  const page = await context.newPage();
  return { context, page, problems: watchErrors(page) };
}

async function noOverflow(page: Page, what: string) {
  // Polled: a layout settling after the window changed size may overhang for a moment.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${what} is wider than the screen`,
    })
    .toBeLessThanOrEqual(0);
}

describe("registration", () => {
  it("names every mistake at once, unequal passwords included", async () => {
    const { context, page, problems } = await pageIn(run.browser, "en", SIZES[0][1]);
    await page.goto(`${run.app.url}/registration/create`);
    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("E-mail").fill("new@example.com");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("secret123");
    await page.getByRole("textbox", { name: "Confirm password" }).fill("secret124");
    await page.getByRole("button", { name: "Register" }).click();

    for (const text of [
      "Username must be 3 to 16 characters long",
      "Passwords are not equal",
      "You must accept the terms and conditions",
      "You must accept the privacy policy",
    ]) {
      await expect.poll(() => page.getByText(text).isVisible(), { message: text }).toBe(true);
    }
    expect(page.url()).toBe(`${run.app.url}/registration/create`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("links the terms and the privacy policy, opened in a new tab in the reader's language", async () => {
    for (const [language, terms, privacy, termsTitle, privacyTitle] of [
      ["en", "terms and conditions", "privacy policy", "Terms and conditions", "Privacy policy"],
      [
        "ru",
        "условия использования",
        "политику конфиденциальности",
        "Условия использования",
        "Политика конфиденциальности",
      ],
    ] as const) {
      for (const [size, viewport] of SIZES) {
        const { context, page, problems } = await pageIn(run.browser, language, viewport);
        await page.goto(`${run.app.url}/registration/create`);
        const termsLink = page.getByRole("link", { name: terms, exact: true });
        const privacyLink = page.getByRole("link", { name: privacy, exact: true });
        expect(await termsLink.getAttribute("href")).toBe("/pages/terms");
        expect(await termsLink.getAttribute("target")).toBe("_blank");
        expect(await privacyLink.getAttribute("href")).toBe("/pages/privacy");
        expect(await privacyLink.getAttribute("target")).toBe("_blank");
        await noOverflow(page, `registration ${language} ${size}`);
        await screenshot(page, `first-run-registration-${language}-${size}`);

        if (size === "1280") {
          // Reading the terms leaves the half-filled form where it was.
          await page.getByLabel(language === "en" ? "Username" : "Имя пользователя").fill("reader");
          const [tab] = await Promise.all([context.waitForEvent("page"), termsLink.click()]);
          await tab.getByRole("heading", { name: termsTitle }).waitFor();
          await screenshot(tab, `first-run-terms-${language}-${size}`);
          const [policy] = await Promise.all([context.waitForEvent("page"), privacyLink.click()]);
          await policy.getByRole("heading", { name: privacyTitle }).waitFor();
          expect(
            await page.getByLabel(language === "en" ? "Username" : "Имя пользователя").inputValue(),
          ).toBe("reader");
        } else {
          await page.goto(`${run.app.url}/pages/privacy`);
          await page.getByRole("heading", { name: privacyTitle }).waitFor();
          await noOverflow(page, `privacy ${language} ${size}`);
          await screenshot(page, `first-run-privacy-${language}-${size}`);
        }
        expect(problems).toEqual([]);
        await context.close();
      }
    }
  });
});

describe("the first account", () => {
  it("lands on the dashboard with the first step, and lets the e-mail reminder be put away for the session", async () => {
    const { context, page, problems } = await pageIn(run.browser, "en", SIZES[0][1]);
    await registerInBrowser(page, run.app.url, {
      username: "newcomer",
      email: "newcomer@example.com",
      password: "secret123",
    });
    await page.getByRole("textbox", { name: "Account name" }).fill("Newcomer studio");
    await page.getByRole("checkbox", { name: "I accept the data processing agreement" }).check();
    await page.getByRole("main").getByRole("button", { name: "Create account" }).click();

    await page.waitForURL(`${run.app.url}/`);
    await page.getByRole("heading", { name: "Start with your first form" }).waitFor();
    const banner = page.getByText("Please confirm your e-mail address newcomer@example.com");
    await banner.waitFor();
    await screenshot(page, "first-run-dashboard-en-1280");
    await page.setViewportSize(SIZES[1][1]);
    await page.getByRole("button", { name: "Hide this reminder" }).waitFor();
    await noOverflow(page, "dashboard en 390");
    await screenshot(page, "first-run-dashboard-en-390");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: /Your e-mail address is not confirmed/ }).waitFor();
    await screenshot(page, "first-run-user-menu-en-390");
    await page.keyboard.press("Escape");
    await page.setViewportSize(SIZES[0][1]);

    // The banner goes away for this session; the user menu keeps the reminder.
    await page.getByRole("button", { name: "Hide this reminder" }).click();
    await banner.waitFor({ state: "hidden" });
    await page.reload();
    await page.getByRole("heading", { name: "Start with your first form" }).waitFor();
    expect(await banner.isVisible()).toBe(false);
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: /Your e-mail address is not confirmed/ }).waitFor();
    await screenshot(page, "first-run-user-menu-en-1280");
    await page.keyboard.press("Escape");

    await page.getByRole("main").getByRole("link", { name: "Create your first form" }).click();
    await page.waitForURL("**/forms/add_new");
    expect(problems).toEqual([]);

    // The same in Russian and on a phone: a new tab of the same browser is a new session.
    const token = await page.evaluate(() => ({
      token: localStorage.getItem("formloom.token"),
      refresh: localStorage.getItem("formloom.refresh_token"),
    }));
    const me = (await (
      await fetch(`${run.app.url}/api/user`, { headers: { authorization: `Bearer ${token.token}` } })
    ).json()) as { id: number };
    await fetch(`${run.app.url}/api/user/${me.id}/settings`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${token.token}`, "content-type": "application/json" },
      body: JSON.stringify({ locale: "ru" }),
    });
    await context.close();

    for (const [size, viewport] of SIZES) {
      const phone = await run.browser.newContext({ viewport });
      await phone.addInitScript((stored) => {
        localStorage.setItem("formloom.token", stored.token ?? "");
        localStorage.setItem("formloom.refresh_token", stored.refresh ?? "");
      }, token);
      const view = await phone.newPage();
      const viewProblems = watchErrors(view);
      await view.goto(`${run.app.url}/`);
      await view.getByRole("heading", { name: "Начните с первой формы" }).waitFor();
      await view.getByText("Подтвердите адрес e-mail newcomer@example.com").waitFor();
      await noOverflow(view, `dashboard ru ${size}`);
      await screenshot(view, `first-run-dashboard-ru-${size}`);
      await view.getByRole("button", { name: "Скрыть напоминание" }).click();
      await view.getByText("Подтвердите адрес e-mail newcomer@example.com").waitFor({ state: "hidden" });
      await view.getByRole("button", { name: "Меню пользователя" }).click();
      await view.getByRole("menuitem", { name: /Ваш адрес e-mail не подтверждён/ }).waitFor();
      await screenshot(view, `first-run-user-menu-ru-${size}`);
      expect(viewProblems).toEqual([]);
      await phone.close();
    }
  });
});
