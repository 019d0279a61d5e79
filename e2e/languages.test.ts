import { describe, expect, it } from "vitest";
import { ownerWithQuiz, scoredChoice, submitPublic } from "./results-helpers.ts";
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

  it("writes a like answer, a decision box and the built-in result in the reader's language in the results table and a single submission", async () => {
    const owner = { username: "likereader", password: "like-reader-1" };
    const { call, formId, signIn } = await ownerWithQuiz(run.app.url, owner, {
      title: "Venue",
      passed: "Passed",
      fields: [
        { id: "venue", fieldType: "like", question: "Like the venue?" },
        { id: "agree", fieldType: "decisionBox", question: "Agree to the terms" },
        scoredChoice("dish", "Dish", [{ id: "soup", title: "Soup" }], "soup"),
      ],
    });
    const { id } = await call<{ id: number }>("GET", "/user");
    await call("PATCH", `/user/${id}/settings`, { locale: "ru" });
    await submitPublic(run.app.url, formId, [
      { fieldId: "venue", answer: "like" },
      { fieldId: "agree", answer: true },
      { fieldId: "dish", answer: "soup" },
    ]);
    await submitPublic(run.app.url, formId, [{ fieldId: "venue", answer: "dislike" }]);
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);
    await page.goto(`${run.app.url}/forms/${formId}/results`);
    const table = page.getByRole("table");
    await table.getByRole("cell", { name: "Не нравится", exact: true }).waitFor();
    await table.getByRole("cell", { name: "Нравится", exact: true }).waitFor();
    await table.getByRole("cell", { name: "Да", exact: true }).waitFor();
    await table.getByRole("cell", { name: "Пройдено", exact: true }).waitFor();
    expect(await table.getByText(/^(Like|Dislike|Yes|Passed|Failed)$/).count()).toBe(0);
    await screenshot(page, "ru-results-like-1280");
    // The submission on a page of its own says it the same way.
    await table.getByRole("cell", { name: "Нравится", exact: true }).click();
    await page.getByRole("link", { name: "Открыть отдельной страницей" }).click();
    await page.getByRole("heading", { name: /^Ответ № / }).waitFor();
    await page.getByRole("cell", { name: "Нравится", exact: true }).first().waitFor();
    await page.getByText("Пройдено", { exact: true }).first().waitFor();
    expect(await page.getByText(/^(Like|Dislike|Yes|Passed)$/).count()).toBe(0);
    // The statistics count the ticked box under the reader's word for yes.
    await page.goto(`${run.app.url}/forms/${formId}/results/summary`);
    const agree = page.locator(".chart-card").filter({ hasText: "Agree to the terms" });
    await agree.getByRole("button", { name: "Показать таблицу" }).click();
    await agree.getByRole("cell", { name: "Да", exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
