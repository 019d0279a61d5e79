import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  signIn,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;
let formId: number;
let userId: number;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "finder", "finder123");
  userId = (await call<{ id: number }>("GET", "/user")).id;
  const form = await createdForm(call, {
    title: "Walrus feedback",
    fields: [
      { id: "story", fieldType: "textarea", question: "What happened?" },
      {
        id: "mood",
        fieldType: "radio",
        question: "Mood",
        fieldSettings: { answerVariants: [{ id: "m1", title: "Cheerful", value: "1" }] },
      },
    ],
  });
  formId = form.id;
  const sent = await fetch(`${run.app.url}/api/forms/answer`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      formId,
      answers: [
        { fieldId: "story", answer: "We met a pelican near the walrus pool and it stole a sandwich." },
        { fieldId: "mood", answer: "m1" },
      ],
    }),
  });
  expect(sent.status).toBe(201);
  await call("POST", "/pages", {
    title: "Pelican policy",
    body: "<p>Never feed the pelican near the walrus pool.</p>",
    isPublished: true,
  });
});

const topSearch = (page: Page) => page.getByRole("banner").getByRole("searchbox", { name: "Search" });
/** The top bar's result panel. */
const resultPanel = (page: Page) => page.getByRole("dialog").filter({ hasText: "Show all results" });

/**
 * Searches from the top bar, waits until the panel shows what `text` found (until then it keeps
 * the previous search's results, which change under the pointer when the new ones come), opens the
 * link `name` in `region` and checks where it led; a wrong place is named in the failure.
 */
async function openFromPanel(
  page: Page,
  text: string,
  region: string,
  link: Parameters<Page["getByRole"]>[1],
  url: string,
) {
  await topSearch(page).fill(text);
  const panel = resultPanel(page);
  await expect.poll(() => panel.locator("mark").first().textContent()).toMatch(new RegExp(text, "i"));
  await panel.getByRole("region", { name: region }).getByRole("link", link).first().click();
  await expect.poll(() => page.url(), { timeout: 30_000 }).toBe(url);
}

describe("the global search", () => {
  it("finds forms, answers, users and pages from the top bar, grouped with the matches marked, and opens each", async () => {
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchErrors(page);
    await signIn(page, run.app.url, "finder", "finder123");
    await topSearch(page).fill("walrus");
    const panel = resultPanel(page);
    await panel.getByRole("region", { name: "Results in Forms" }).waitFor();
    await panel.getByRole("region", { name: "Results in Answers" }).waitFor();
    await panel.getByRole("region", { name: "Results in Pages" }).waitFor();
    expect(await panel.locator("mark").first().textContent()).toMatch(/walrus/i);
    await screenshot(page, "search-panel-en", { fullPage: false });

    await panel.getByRole("link", { name: "Walrus feedback #1" }).click();
    await page.waitForURL(`${run.app.url}/forms/${formId}/results/1`);

    await openFromPanel(
      page,
      "pelican",
      "Results in Pages",
      { name: "Pelican policy" },
      `${run.app.url}/page/pelican-policy`,
    );
    await page.getByRole("heading", { name: "Pelican policy" }).waitFor();
    await openFromPanel(
      page,
      "walrus",
      "Results in Forms",
      { name: "Walrus feedback", exact: true },
      `${run.app.url}/forms/${formId}/overview`,
    );
    await openFromPanel(page, "finde", "Results in Users", {}, `${run.app.url}/users/${userId}/view`);

    // Enter opens every result, with the filters.
    await topSearch(page).fill("cheerful");
    await topSearch(page).press("Enter");
    await page.waitForURL(`${run.app.url}/search/all?q=cheerful`);
    const answers = page.getByRole("main").getByRole("region", { name: "Results in Answers" });
    await answers.getByRole("link", { name: "Walrus feedback #1" }).waitFor();
    expect(await answers.locator("mark").first().textContent()).toBe("Cheerful");
    await page.getByRole("main").getByLabel("From").fill("2030-01-01");
    await page
      .getByRole("main")
      .getByRole("alert")
      .getByText("Date FROM can not be later than date TO!")
      .waitFor();
    await page.getByRole("main").getByLabel("From").fill("2018-01-01");
    await page.getByRole("main").getByRole("checkbox", { name: "Pages" }).check();
    await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill("pelican");
    await page.getByRole("main").getByRole("region", { name: "Results in Pages" }).waitFor();
    await screenshot(page, "search-results-en-1280");

    await page.goto(`${run.app.url}/search/form_answer/pelican`);
    await page.getByRole("heading", { name: "Results in Answers" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Walrus feedback #1" }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("collapses to an icon at 390 px that opens a working search", async () => {
    const page = await run.browser.newPage({ viewport: { width: 390, height: 800 } });
    await signIn(page, run.app.url, "finder", "finder123");
    expect(await page.getByRole("banner").getByRole("searchbox").count()).toBe(0);
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    await dialog.getByRole("searchbox", { name: "Search" }).fill("pelican");
    await dialog.getByRole("link", { name: "Pelican policy" }).waitFor();
    await screenshot(page, "search-mobile-en", { fullPage: false });
    await dialog.getByRole("link", { name: "Pelican policy" }).click();
    await page.waitForURL(`${run.app.url}/page/pelican-policy`);
    await page.close();
  });

  it("speaks Russian", async () => {
    await call("PATCH", `/user/${userId}/settings`, { locale: "ru" });
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, run.app.url, "finder", "finder123");
    await page.goto(`${run.app.url}/search/all?q=walrus`);
    await page.getByRole("main").getByRole("region", { name: "Результаты в ответах" }).waitFor();
    await screenshot(page, "search-results-ru-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("main").getByRole("region", { name: "Результаты в ответах" }).waitFor();
    await screenshot(page, "search-results-ru-390");
    await call("PATCH", `/user/${userId}/settings`, { locale: "en" });
    await page.close();
  });
});
