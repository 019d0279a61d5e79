import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addFieldFromMenu } from "./builder-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
const OWNER = "clickquiz";
const PASSWORD = "clickquiz123";
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, PASSWORD);
});

async function signIn(page: Page) {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill(OWNER);
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
}

const DAYS = "How many days has a week?";
const LARGEST = "Which is the largest planet?";
const ITALY = "Capital of Italy?";

/** Types one more correct answer into a question's "Correct answers" list in its field settings. */
async function addCorrectAnswer(page: Page, n: number, text: string) {
  await page.getByRole("button", { name: "Add a correct answer" }).click();
  await page.getByRole("textbox", { name: `Text of Correct answer ${n}` }).fill(text);
}

describe("a quiz built only by clicking in the builder", () => {
  it("scores the answers the author set: the top gradation for the respondent, the full score in results", async () => {
    const alias = "clicked-quiz";
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Clicked quiz",
      formPathAlias: alias,
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);
    await page.goto(`${run.app.url}/forms/${form.id}/edit`);
    await page.getByRole("button", { name: "Add a field", exact: true }).waitFor();

    // A data collection form has no quiz controls.
    await addFieldFromMenu(page, "Number");
    await page.getByRole("textbox", { name: "Question", exact: true }).fill(DAYS);
    expect(await page.getByRole("button", { name: "Add a correct answer" }).count()).toBe(0);

    // Turn the form into a quiz; with nothing scorable yet the tab says so.
    await page.getByRole("tab", { name: "Result calculations" }).click();
    await page.getByRole("switch", { name: "Score the answers (quiz)" }).check();
    await page.getByText("No question scores points yet", { exact: false }).waitFor();
    await page.getByText("Gradations", { exact: true }).click();
    await page.getByRole("button", { name: "Add gradation" }).click();
    await page.getByRole("button", { name: "Add gradation" }).click();
    await page.getByRole("textbox", { name: "Gradation 1: from score" }).fill("0");
    await page.getByRole("textbox", { name: "Gradation 1: to score" }).fill("2");
    await page.getByRole("textbox", { name: "Gradation 1: brief result" }).fill("Keep learning");
    await page.getByRole("textbox", { name: "Gradation 2: from score" }).fill("3");
    await page.getByRole("textbox", { name: "Gradation 2: to score" }).fill("3");
    await page.getByRole("textbox", { name: "Gradation 2: brief result" }).fill("Full marks");

    // The number question: its correct answer typed in its own settings, nothing else ticked.
    await page.getByRole("tab", { name: "Field", exact: true }).click();
    await addCorrectAnswer(page, 1, "7");

    // A single choice with one option marked correct.
    await addFieldFromMenu(page, "Single choice");
    await page.getByRole("textbox", { name: "Question", exact: true }).fill(LARGEST);
    await page.getByRole("textbox", { name: "Text of Option 1" }).fill("Mars");
    await page.getByRole("textbox", { name: "Text of Option 2" }).fill("Jupiter");
    await page.getByRole("textbox", { name: "Text of Option 3" }).fill("Venus");
    await page.getByRole("group", { name: "Option 2" }).getByRole("checkbox", { name: "Correct" }).check();

    // A text question with two accepted answers.
    await addFieldFromMenu(page, "Short text");
    await page.getByRole("textbox", { name: "Question", exact: true }).fill(ITALY);
    await addCorrectAnswer(page, 1, "Rome");
    await addCorrectAnswer(page, 2, "Roma");

    // The tab counts each question and puts the gradations against the highest score.
    await page.getByRole("tab", { name: "Result calculations" }).click();
    await page.getByText("Highest possible score: 3").waitFor();
    expect(await page.getByText("No question scores points yet", { exact: false }).count()).toBe(0);
    const ranges = page.getByRole("list", { name: "Gradations against the highest score" });
    await expect.poll(() => ranges.innerText()).toContain("Full marks");
    await screenshot(page, "builder-quiz-clicks-results-1280");
    // A category's levels are held against what its own questions give: none carries it yet.
    await page.getByText("Categories", { exact: true }).click();
    await page.getByRole("button", { name: "Add category" }).click();
    await page.getByRole("button", { name: "Add level" }).click();
    await page.getByRole("textbox", { name: "Category 1, level 1: from score" }).fill("1");
    const categories = page.getByRole("list", { name: "Categories against their highest scores" });
    await expect.poll(() => categories.innerText()).toContain("Category 1: highest possible score 0");
    await categories.getByText("A level from 1 is above the highest score: no one gets it").waitFor();
    await page.getByRole("button", { name: "Delete Category 1", exact: true }).click();
    await page.getByText("Gradations", { exact: true }).click();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();
    expect(problems).toEqual([]);

    // The respondent answers rightly and is told the top gradation.
    const publicContext = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const publicPage = await publicContext.newPage();
    const publicProblems = watchErrors(publicPage);
    await publicPage.goto(`${run.app.url}/f/${alias}?a=${OWNER}`);
    await publicPage.getByRole("spinbutton", { name: DAYS }).fill("7");
    await publicPage.getByRole("radio", { name: "Jupiter" }).check();
    await publicPage.getByRole("textbox", { name: ITALY }).fill("roma");
    await publicPage.getByRole("button", { name: "Send" }).click();
    await publicPage.waitForURL(/\/thankyou/);
    await publicPage.getByText("Full marks", { exact: true }).waitFor();
    expect(await publicPage.locator("main").innerText()).not.toContain("Keep learning");
    expect(publicProblems).toEqual([]);
    await publicContext.close();

    // The results: the full score, in the table's data and on the submission's own page.
    const results = await call<{ answerList: Array<{ score: number | null }> }>(
      "GET",
      `/forms/${form.id}/answer/paginated/1/50`,
    );
    expect(results.answerList.map((answer) => answer.score)).toEqual([3]);
    await page.goto(`${run.app.url}/forms/${form.id}/results`);
    await page.getByRole("cell", { name: "roma", exact: true }).click();
    await page.getByRole("link", { name: "Open as a page" }).click();
    await page.getByRole("tab", { name: "Calculations" }).click();
    await expect.poll(() => page.getByText("Score: 3 / 3").count()).toBe(1);
    await expect.poll(() => page.getByText("Full marks").count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000); // a walk through the builder, the public page and the results
});
