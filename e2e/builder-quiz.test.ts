import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addFieldFromMenu, questionScoring, scoreCapitals } from "./builder-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
const OWNER = "quizmaker";
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, "quizmaker123");
});

async function signIn(page: Page) {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill(OWNER);
  await page.getByRole("textbox", { name: "Password" }).fill("quizmaker123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
}

async function openEditor(page: Page, formId: number) {
  await page.goto(`${run.app.url}/forms/${formId}/edit`);
  await page.getByRole("button", { name: "Add a field", exact: true }).waitFor();
}

const FRANCE = "Capital of France?";
const ITALY = "Capital of Italy?";

/**
 * The two questions one above the other, left edges aligned (one column). The form takes one
 * column once it has measured its new width after a resize, a frame or more after it.
 */
async function expectStacked(scope: Locator) {
  const drawn = async () => {
    const first = await scope.getByText(FRANCE, { exact: true }).boundingBox();
    const second = await scope.getByText(ITALY, { exact: true }).boundingBox();
    if (!first || !second) return "questions not drawn";
    return Math.abs(second.x - first.x) < 2 && second.y > first.y + first.height
      ? "stacked"
      : `side by side: ${JSON.stringify({ first, second })}`;
  };
  await expect.poll(drawn).toBe("stacked");
}

const frame = (page: Page) => page.getByTestId("preview-frame");
const tryItScore = (page: Page) => page.getByTestId("try-it-score");

describe("a quiz built in the builder", () => {
  it("scores in the preview as on the public page, keeps its layout, and survives a reload", async () => {
    const alias = "capitals-quiz";
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Capitals quiz",
      formPathAlias: alias,
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);
    await openEditor(page, form.id);

    // Two questions: one choice (default options "Variant 1…3"), one short text.
    await addFieldFromMenu(page, "Single choice");
    await page.getByRole("textbox", { name: "Question", exact: true }).fill(FRANCE);
    await addFieldFromMenu(page, "Short text");
    await page.getByRole("textbox", { name: "Question", exact: true }).fill(ITALY);

    // Result calculations: a calculation form with gradations.
    await page.getByRole("tab", { name: "Result calculations" }).click();
    await page.getByRole("switch", { name: "Score the answers (quiz)" }).check();
    await page.getByText("Gradations", { exact: true }).click();
    await page.getByRole("button", { name: "Add gradation" }).click();
    await page.getByRole("button", { name: "Add gradation" }).click();
    await page.getByRole("button", { name: "Add gradation" }).click();
    // Deleting takes exactly that item away.
    await page.getByRole("button", { name: "Delete Gradation 3" }).click();
    expect(await page.getByRole("button", { name: /^Delete Gradation/ }).count()).toBe(2);
    // The gradations' ranges and texts, correct answers and points per question.
    await scoreCapitals(page, FRANCE, ITALY);

    // Try it in the preview: the score and the gradation follow the answers.
    await page.getByText("Try it", { exact: true }).click();
    await frame(page).getByRole("radio", { name: "Variant 2" }).check();
    await frame(page).getByRole("textbox", { name: ITALY }).fill("rome");
    await expect.poll(() => tryItScore(page).innerText()).toContain("Score: 5 of 5");
    expect(await tryItScore(page).innerText()).toContain("Excellent");
    await frame(page).getByRole("textbox", { name: ITALY }).fill("Milan");
    await expect.poll(() => tryItScore(page).innerText()).toContain("Score: 2 of 5");
    const predicted = await page.getByTestId("try-it-result").innerText();
    expect(predicted).toBe("Keep learning");
    await screenshot(page, "builder-quiz-results-1280");

    // Layout: a 2-column layout from the picker, by keyboard, and a column for the second question.
    await page.getByRole("tab", { name: "Layout" }).click();
    const twoColumns = page.getByRole("radio", { name: "2 equal columns", exact: true });
    await page.getByRole("radio", { name: "Single column", exact: true }).focus();
    // The picker is a radio group: the arrows move the choice.
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("radio", { name: "Single column", exact: true }).isChecked()).toBe(false);
    await twoColumns.focus();
    await page.keyboard.press("Space");
    expect(await twoColumns.isChecked()).toBe(true);
    await page.getByRole("tabpanel").getByLabel(ITALY).click();
    await page.getByRole("option", { name: "Column 2" }).click();
    await expect.poll(() => frame(page).locator(".fl-form").getAttribute("data-layout")).toBe("2-col");

    // Device preview: the frame takes the device's width.
    await page.getByTitle("Phone").click();
    await expect.poll(async () => (await frame(page).boundingBox())?.width).toBeLessThanOrEqual(390);
    expect(await frame(page).locator(".fl-form").getAttribute("data-fit")).toBe("1");
    // On a phone the columns fold into one: the second question goes under the first, not beside it.
    await expectStacked(frame(page));
    await page.getByTitle("Tablet").click();
    await expect.poll(async () => Math.round((await frame(page).boundingBox())?.width ?? 0)).toBe(768);
    await page.getByTitle("Desktop").click();
    await screenshot(page, "builder-quiz-layout-1280");

    // Undo takes back the last edit, redo puts it back (the column of the second question).
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await page.getByRole("button", { name: "Redo", exact: true }).click();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();

    // Reload: everything is kept.
    await page.reload();
    await page.getByRole("button", { name: "Add a field", exact: true }).waitFor();
    await page.getByRole("tab", { name: "Result calculations" }).click();
    expect(await page.getByRole("switch", { name: "Score the answers (quiz)" }).isChecked()).toBe(true);
    expect(await page.getByRole("textbox", { name: "Gradation 2: brief result" }).inputValue()).toBe(
      "Excellent",
    );
    const franceAgain = await questionScoring(page, FRANCE);
    expect(await franceAgain.getByRole("radio", { name: "Variant 2" }).isChecked()).toBe(true);
    const italyAgain = await questionScoring(page, ITALY);
    expect(await italyAgain.getByRole("textbox", { name: "Points for a correct answer" }).inputValue()).toBe(
      "3",
    );
    await italyAgain.getByText("Rome", { exact: true }).waitFor();
    await page.getByRole("tab", { name: "Layout" }).click();
    expect(await page.getByRole("radio", { name: "2 equal columns", exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole("tabpanel").getByLabel(ITALY).inputValue()).toBe("Column 2");
    expect(problems).toEqual([]);

    // The phone-sized builder: panels stack, nothing overflows sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("tab", { name: "Result calculations" }).click();
    await screenshot(page, "builder-quiz-results-390");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();

    // The public page: two columns, the same answers, the gradation the preview predicted.
    const publicContext = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const publicPage = await publicContext.newPage();
    const publicProblems = watchErrors(publicPage);
    await publicPage.goto(`${run.app.url}/f/${alias}?a=${OWNER}`);
    const publicForm = publicPage.locator(".fl-form");
    await publicForm.waitFor();
    expect(await publicForm.getAttribute("data-layout")).toBe("2-col");
    // Side by side on a wide screen, one under the other on a phone.
    const franceBox = await publicPage.getByText(FRANCE, { exact: true }).boundingBox();
    const italyBox = await publicPage.getByText(ITALY, { exact: true }).boundingBox();
    expect(italyBox && franceBox && italyBox.x > franceBox.x + franceBox.width).toBe(true);
    await publicPage.setViewportSize({ width: 390, height: 844 });
    await expectStacked(publicPage.locator("main"));
    await screenshot(publicPage, "builder-quiz-public-390");
    await publicPage.setViewportSize({ width: 1280, height: 900 });
    await publicPage.getByRole("radio", { name: "Variant 2" }).check();
    await publicPage.getByRole("textbox", { name: ITALY }).fill("Milan");
    await publicPage.getByRole("button", { name: "Send" }).click();
    await publicPage.waitForURL(/\/thankyou/);
    await publicPage.getByText(predicted, { exact: true }).waitFor();
    expect(await publicPage.locator("main").innerText()).not.toContain("Excellent");
    expect(publicProblems).toEqual([]);
    await publicContext.close();

    // The server scored it as the preview did.
    const results = await call<{ answerList: Array<{ score: number | null }> }>(
      "GET",
      `/forms/${form.id}/answer/paginated/1/50`,
    );
    expect(results.answerList.map((answer) => answer.score)).toEqual([2]);
  }, 300_000); // a long walk through the builder: room to finish on a busy machine
});
