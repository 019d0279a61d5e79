import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { addFieldFromMenu } from "./builder-helpers.ts";
import { storedAnswers } from "./fill-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;
let closeContext: (() => Promise<void>) | undefined;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "polyglot", "polyglot123");
});
afterEach(async () => {
  await closeContext?.();
  closeContext = undefined;
});

async function newPage(width: number, javaScriptEnabled = true): Promise<Page> {
  const context = await run.browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
  closeContext = () => context.close();
  return context.newPage();
}

async function openEditor(page: Page, formId: number) {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill("polyglot");
  await page.getByRole("textbox", { name: "Password" }).fill("polyglot123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
  await page.goto(`${run.app.url}/forms/${formId}/edit`);
  await page.getByRole("button", { name: "Add a field", exact: true }).waitFor();
}

const preview = (page: Page) => page.getByTestId("preview-frame");

/** A Russian form asking for one day, published under its alias. */
async function russianDayForm(alias: string): Promise<number> {
  const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
    title: "Визит",
    formPathAlias: alias,
    language: "RU",
    // Typed characters are not recorded, so no consent question stands before the form.
    collectRealCharacters: false,
    fields: [{ id: "day", fieldType: "dateTime", question: "День визита", isRequired: true, fieldOrder: 0 }],
  });
  return form.id;
}

describe("the form's language, not the interface's", () => {
  it("starts new fields in the form's language and previews the form as its respondents read it", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Опрос",
      language: "RU",
    });
    const page = await newPage(1280);
    const problems = watchErrors(page);
    await openEditor(page, form.id);

    // The interface stays English; the new question and its options speak Russian.
    await addFieldFromMenu(page, "Single choice");
    const question = page.getByRole("textbox", { name: "Question", exact: true });
    await expect.poll(() => question.inputValue()).toBe("Здесь будет ваш вопрос");
    await preview(page).getByText("Вариант 1", { exact: true }).waitFor();
    await preview(page).getByText("Вариант 3", { exact: true }).waitFor();
    await preview(page).getByRole("button", { name: "Отправить" }).waitFor();
    expect(await preview(page).getByRole("button", { name: "Send" }).count()).toBe(0);
    // The default comment is no text of the author's: the page leaves it unsaid in Russian too.
    expect(await preview(page).getByText("Здесь будут комментарии и правила поля").count()).toBe(0);
    await screenshot(page, "form-language-builder-ru-1280");

    // Switched to Italian, the preview follows at once and the next field starts in Italian.
    await page.getByRole("tab", { name: "Settings", exact: true }).click();
    await page.getByRole("combobox", { name: "Form language" }).click();
    await page.getByRole("option", { name: "Italiano" }).click();
    await preview(page).getByRole("button", { name: "Invia" }).waitFor();
    // The choice question added in Russian still holds its starting texts: they are said in
    // Italian now too.
    await preview(page).getByText("Opzione 1", { exact: true }).waitFor();
    expect(await preview(page).getByText("Вариант 1", { exact: true }).count()).toBe(0);
    await addFieldFromMenu(page, "Short text");
    await expect.poll(() => question.inputValue()).toBe("Qui ci sarà la tua domanda");
    await page.setViewportSize({ width: 390, height: 900 });
    await screenshot(page, "form-language-builder-it-390");
    expect(problems).toEqual([]);
  });

  it("asks for a day as DD.MM.YYYY on the public page and stores it as YYYY-MM-DD", async () => {
    const formId = await russianDayForm("vizit");
    const page = await newPage(390);
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/vizit?a=polyglot`);
    const day = page.getByRole("textbox", { name: "День визита" });
    expect(await day.getAttribute("placeholder")).toBe("DD.MM.YYYY");

    // A day that does not exist is refused in Russian; a real one is kept as typed.
    await day.fill("31.02.2026");
    await page.getByRole("button", { name: "Отправить" }).click();
    await page.getByText("Введите корректную дату или время").waitFor();
    await page.getByText("Исправьте отмеченные ответы").waitFor();
    await day.fill("14.03.2026");
    expect(await day.inputValue()).toBe("14.03.2026");
    // Put right, the answer is no longer marked, and the note by the button has nothing left to say.
    await expect.poll(() => page.getByText("Введите корректную дату или время").count()).toBe(0);
    await expect.poll(() => page.getByText("Исправьте отмеченные ответы").count()).toBe(0);
    // The calendar writes its day the same way.
    await page.getByLabel("Выбрать в календаре").locator("xpath=following-sibling::input").fill("2026-03-15");
    expect(await day.inputValue()).toBe("15.03.2026");
    await screenshot(page, "form-language-date-ru-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "form-language-date-ru-1280");
    await page.getByRole("button", { name: "Отправить" }).click();
    await page.waitForURL(/thankyou/);
    expect(await storedAnswers(call, formId)).toEqual({ day: "2026-03-15" });
    expect(problems).toEqual([]);
  });

  it("takes the day as DD.MM.YYYY without JavaScript too", async () => {
    const formId = await russianDayForm("vizit-nojs");
    const page = await newPage(390, false);
    await page.goto(`${run.app.url}/f/vizit-nojs?a=polyglot`);
    const day = page.getByRole("textbox", { name: "День визита" });
    expect(await day.getAttribute("placeholder")).toBe("DD.MM.YYYY");
    await day.fill("31.02.2026");
    await page.getByRole("button", { name: "Отправить" }).click();
    // Drawn again by the server: the day as typed, with its error.
    await page.getByText("Введите корректную дату или время").waitFor();
    expect(await day.inputValue()).toBe("31.02.2026");
    await day.fill("14.03.2026");
    await page.getByRole("button", { name: "Отправить" }).click();
    await page.waitForURL(/thankyou/);
    expect(await storedAnswers(call, formId)).toEqual({ day: "2026-03-14" });
  });
});
