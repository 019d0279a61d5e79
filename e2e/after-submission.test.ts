import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { isSubmission } from "./submissions.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;
/** Another site on another port: where a form may send its respondents after sending. */
let elsewhere: Server;
let elsewhereUrl: string;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "afterowner", "afterowner123");
  elsewhere = createServer((_request, response) => {
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end("<!doctype html><title>Landing</title><h1>Welcome to the landing page</h1>");
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => elsewhere.close(() => resolve())));

const QUESTIONS = [
  {
    id: "capital",
    fieldType: "radio",
    question: "Capital of France?",
    fieldOrder: 0,
    calcSettings: { calcType: "check_values", points: 2 },
    fieldSettings: {
      answerVariants: [
        { id: "paris", title: "Paris", checkValue: true },
        { id: "rome", title: "Rome" },
      ],
    },
  },
  {
    id: "boil",
    fieldType: "radio",
    question: "Water boils at?",
    fieldOrder: 1,
    calcSettings: { calcType: "check_values", points: 2 },
    fieldSettings: {
      answerVariants: [
        { id: "hundred", title: "100 °C", checkValue: true },
        { id: "fifty", title: "50 °C" },
      ],
    },
  },
];

async function createForm(settings: Record<string, unknown>): Promise<number> {
  const form = await createdForm(call, {
    collectRealCharacters: false,
    ...settings,
  });
  return form.id;
}

const submissions = async (formId: number) =>
  (
    await call<{ answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }> }>(
      "GET",
      `/forms/${formId}/answer/paginated/1/50`,
    )
  ).answerList;

async function openForm(alias: string, width = 1280): Promise<{ page: Page; problems: string[] }> {
  const context = await run.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(`${run.app.url}/f/${alias}?a=afterowner`);
  return { page, problems };
}

describe("a quiz's thank-you page", () => {
  let formId: number;
  beforeAll(async () => {
    formId = await createForm({
      title: "Science <quiz>",
      formPathAlias: "graded-quiz",
      type: "calculation",
      resultType: "gradations",
      resultsHandlingGradation: [
        { id: "low", minScoreGradation: 0, maxScoreGradation: 1, briefResultGradation: "Beginner" },
        {
          id: "mid",
          minScoreGradation: 2,
          maxScoreGradation: 3,
          briefResultGradation: "Explorer",
          detailedResultGradation: "Half of it right: read about boiling water.",
          hiddenValue: "COUPON-MID",
        },
        { id: "top", minScoreGradation: 4, maxScoreGradation: 4, briefResultGradation: "Expert" },
      ],
      afterFormFillingActions: {
        thankYouPageText:
          "<p>Thanks for taking part!</p><p><strong onmouseover=\"document.title='hacked'\">See you soon.</strong></p>",
      },
      completionRules: {
        show: true,
        message: "Your certificate follows by e-mail.",
        link: "example.com/rules",
      },
      fields: QUESTIONS,
    });
  });

  for (const width of [1280, 390]) {
    it(`shows the gradation the server computed, also after a reload, at ${width} px`, async () => {
      const { page, problems } = await openForm("graded-quiz", width);
      await page.getByRole("radio", { name: "Paris" }).check();
      await page.getByRole("radio", { name: "50 °C" }).check();
      await page.getByRole("button", { name: "Send" }).click();
      await page.waitForURL(/thankyou/);

      // The title's placeholder holds the form's title as text, not markup.
      await page.getByRole("heading", { name: "Form Science <quiz> was submitted successfully!" }).waitFor();
      await page.getByText("Thanks for taking part!").waitFor();
      await page.getByText("Explorer", { exact: true }).waitFor();
      await page.getByText("Half of it right: read about boiling water.").waitFor();
      await page.getByText("Score: 2 of 4").waitFor();
      await page.getByText("Your certificate follows by e-mail.").waitFor();
      expect(await page.getByRole("link", { name: "Read more" }).getAttribute("href")).toBe(
        "http://example.com/rules",
      );
      // The author's text is drawn without its script; the hidden value never reaches the page.
      expect(await page.content()).not.toContain("COUPON-MID");
      await page.getByText("See you soon.").hover();
      expect(await page.locator("#root").innerHTML()).not.toContain("onmouseover");
      expect(await page.title()).not.toBe("hacked");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `thank-you-gradation-${width}`);
      expect(await axeViolations(page)).toEqual([]);

      await page.reload();
      await page.getByText("Explorer", { exact: true }).waitFor();
      await page.getByText("Score: 2 of 4").waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }

  it("offers the form again with a new filling, stored as a second submission", async () => {
    const before = (await submissions(formId)).length;
    const { page, problems } = await openForm("graded-quiz");
    await page.getByRole("radio", { name: "Paris" }).check();
    await page.getByRole("radio", { name: "100 °C" }).check();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Expert", { exact: true }).waitFor();
    await page.getByText("Complete form again", { exact: true }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/thankyou"));
    const paris = page.getByRole("radio", { name: "Paris" });
    expect(await paris.isChecked()).toBe(false);
    await page.getByRole("radio", { name: "Rome" }).check();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Beginner", { exact: true }).waitFor();
    expect(await page.getByText("Expert", { exact: true }).count()).toBe(0);
    expect((await submissions(formId)).length).toBe(before + 2);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("a quiz with result categories", () => {
  it("shows a level for each category in the form's language", async () => {
    await createForm({
      title: "Quiz",
      formPathAlias: "category-quiz",
      language: "ru",
      type: "calculation",
      resultType: "categories",
      resultsHandlingGradationCategories: [
        {
          id: "geo",
          title: "Geography",
          levels: [
            { minScore: 0, maxScore: 1, briefResult: "Lost" },
            { minScore: 2, maxScore: 2, briefResult: "Traveller", detailedResult: "You know your capitals." },
          ],
        },
        {
          id: "sci",
          title: "Science",
          levels: [
            { minScore: 0, maxScore: 1, briefResult: "Curious", detailedResult: "Read about boiling water." },
            { minScore: 2, maxScore: 2, briefResult: "Scientist" },
          ],
        },
      ],
      fields: QUESTIONS.map((question) => ({
        ...question,
        elementCategories: [question.id === "capital" ? "geo" : "sci"],
      })),
    });
    const { page, problems } = await openForm("category-quiz", 390);
    await page.getByRole("radio", { name: "Paris" }).check();
    await page.getByRole("radio", { name: "50 °C" }).check();
    await page.getByRole("button", { name: "Отправить" }).click();
    await page.waitForURL(/thankyou/);
    await page.getByRole("heading", { name: "Ваш результат" }).waitFor();
    const categories = page.locator(".fill-outcome-categories");
    expect(await categories.locator("dt").allTextContents()).toEqual(["Geography", "Science"]);
    await categories.getByText("Traveller").waitFor();
    await categories.getByText("Read about boiling water.").waitFor();
    await page.getByText("Баллы: 2 из 4").waitFor();
    await page.getByText("Заполнить форму ещё раз", { exact: true }).waitFor();
    await screenshot(page, "thank-you-categories-390");
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

/** The two questions as a quiz passed with both right, shown again after sending. */
const drillShownAgain = (title: string, formPathAlias: string) => ({
  title,
  formPathAlias,
  type: "calculation",
  resultsHandlingPassedFailed: {
    passingScore: 4,
    briefResult: { passed: "Well done", failed: "Not yet" },
  },
  afterFormFillingActions: { submissionAction: "showFormAgain" },
  fields: QUESTIONS,
});

describe("a quiz shown again after sending", () => {
  it("tells the result beside the sent notice and offers an empty form", async () => {
    await createForm(drillShownAgain("Drill", "drill-again"));
    const { page, problems } = await openForm("drill-again");
    await page.getByRole("radio", { name: "Paris" }).check();
    await page.getByRole("radio", { name: "50 °C" }).check();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Thank you! Your answers were sent. Not yet. Score: 2 of 4").waitFor();
    await screenshot(page, "quiz-shown-again-1280");
    // Good news is a status, not an alert.
    expect(await page.getByRole("status").filter({ hasText: "Score: 2 of 4" }).count()).toBe(1);
    expect(await page.getByRole("alert").filter({ hasText: "Score: 2 of 4" }).count()).toBe(0);
    expect(await page.getByRole("radio", { name: "Paris" }).isChecked()).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("does the same when the page runs no script, and says it still once the script takes over", async () => {
    const formId = await createForm(drillShownAgain("Drill without a script", "drill-again-plain"));
    const context = await run.browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${run.app.url}/f/drill-again-plain?a=afterowner`);
    await page.getByRole("radio", { name: "Paris" }).check();
    await page.getByRole("radio", { name: "100 °C" }).check();
    await page.getByRole("button", { name: "Send" }).click();
    const said = "Thank you! Your answers were sent. Well done. Score: 4 of 4";
    await page.getByRole("status").filter({ hasText: said }).waitFor();
    await screenshot(page, "quiz-shown-again-plain-390");
    expect(page.url()).not.toContain("thankyou");
    expect(await page.getByRole("radio", { name: "Paris" }).isChecked()).toBe(false);
    // Filled again: a second submission, not the first sent twice.
    await page.getByRole("radio", { name: "Rome" }).check();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("status").filter({ hasText: "Not yet. Score: 0 of 4" }).waitFor();
    expect((await submissions(formId)).length).toBe(2);
    // The same address in the same browser with its script: taken over, it still says what was sent.
    const { page: scripted, problems } = await openForm("drill-again-plain");
    await scripted.context().addCookies(await context.cookies());
    await scripted.goto(page.url());
    await scripted.waitForFunction(() => performance.getEntriesByName("fill-interactive").length > 0);
    expect(await scripted.getByRole("status").filter({ hasText: "Not yet. Score: 0 of 4" }).count()).toBe(1);
    expect(problems).toEqual([]);
    await scripted.context().close();
    // The address shared with another browser: the form, and nothing of someone else's result.
    const { page: shared } = await openForm("drill-again-plain");
    await shared.goto(page.url());
    await shared.getByRole("radio", { name: "Paris" }).waitFor();
    expect(await shared.getByText("Score:").count()).toBe(0);
    await shared.context().close();
    await context.close();
  });
});

describe("what happens after sending", () => {
  it("takes the respondent to the form's external link", async () => {
    const formId = await createForm({
      title: "Sign-up",
      formPathAlias: "redirecting",
      afterFormFillingActions: { submissionAction: "redirectToUrl", customUrl: `${elsewhereUrl}/landing` },
      fields: [{ id: "name", fieldType: "text", question: "Your name" }],
    });
    const { page, problems } = await openForm("redirecting");
    await page.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(`${elsewhereUrl}/landing`);
    await page.getByRole("heading", { name: "Welcome to the landing page" }).waitFor();
    expect((await submissions(formId)).length).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("takes the respondent to the form's external link also when the page runs no script", async () => {
    const formId = await createForm({
      title: "Sign-up without a script",
      formPathAlias: "redirecting-plain",
      afterFormFillingActions: { submissionAction: "redirectToUrl", customUrl: `${elsewhereUrl}/landing` },
      fields: [{ id: "name", fieldType: "text", question: "Your name" }],
    });
    const context = await run.browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${run.app.url}/f/redirecting-plain?a=afterowner`);
    await page.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await page.getByRole("button", { name: "Send" }).click();
    // The browser posts the form to its own page, which sends it on to the author's link.
    await page.waitForURL(`${elsewhereUrl}/landing`);
    await page.getByRole("heading", { name: "Welcome to the landing page" }).waitFor();
    expect((await submissions(formId)).length).toBe(1);
    await context.close();
  });

  it("refuses to save a redirect link that is not a website, so no respondent is sent to one", async () => {
    // The page itself never follows such a link either (core's redirectTarget, unit-tested);
    // since the server refuses to store one, only the refusal can be seen from here.
    const refused = await call<{ code?: string; form?: unknown }>("POST", "/forms", {
      title: "Careful",
      formPathAlias: "bad-redirect",
      afterFormFillingActions: { submissionAction: "redirectToUrl", customUrl: "javascript:alert(1)" },
      fields: [{ id: "name", fieldType: "text", question: "Your name" }],
    });
    expect(refused.form).toBeUndefined();
    expect(refused.code).toBe("form.custom_url.invalid");
  });

  it("shows the form again, empty, and stores each filling once", async () => {
    const formId = await createForm({
      title: "Guest book",
      formPathAlias: "again-form",
      afterFormFillingActions: { submissionAction: "showFormAgain" },
      fields: [{ id: "name", fieldType: "text", question: "Your name" }],
    });
    const { page, problems } = await openForm("again-form");
    const name = page.getByRole("textbox", { name: "Your name" });
    await name.fill("Ann");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Thank you! Your answers were sent.").waitFor();
    expect(page.url()).not.toContain("thankyou");
    expect(await name.inputValue()).toBe("");
    await name.fill("Bob");
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(async () => (await submissions(formId)).length).toBe(2);
    const names = (await submissions(formId)).map((s) => s.answers[0]?.answer).sort();
    expect(names).toEqual(["Ann", "Bob"]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the captcha", () => {
  it("is solved in the browser and its solution is refused when sent again or forged", async () => {
    const formId = await createForm({
      title: "Guarded",
      formPathAlias: "guarded",
      hasCaptcha: true,
      fields: [{ id: "name", fieldType: "text", question: "Your name" }],
    });
    const { page, problems } = await openForm("guarded");
    const sent: Array<Record<string, unknown>> = [];
    page.on("request", (request) => {
      if (isSubmission(request)) sent.push(request.postDataJSON() as Record<string, unknown>);
    });
    await page.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await page.getByRole("checkbox", { name: "I am not a robot" }).check();
    await page.getByText("Checked: you can send the form").waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    expect((await submissions(formId)).map((s) => s.answers)).toEqual([
      [expect.objectContaining({ answer: "Ann" })],
    ]);

    const solution = sent[0]?.captcha as string;
    expect(solution).toBeTruthy();
    const post = (captcha: string) =>
      fetch(`${run.app.url}/api/forms/answer`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ formId, captcha, answers: [{ fieldId: "name", answer: "Mallory" }] }),
      });
    const forgedBody = JSON.parse(Buffer.from(solution, "base64").toString()) as { number: number };
    for (const captcha of [
      solution,
      Buffer.from(JSON.stringify({ ...forgedBody, number: forgedBody.number + 1 })).toString("base64"),
    ]) {
      const refused = await post(captcha);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { validationErrors: unknown[] }).validationErrors).toEqual([
        expect.objectContaining({ field: "captcha", code: "answer.captcha_invalid" }),
      ]);
    }
    expect((await submissions(formId)).length).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("does not stop a form whose time ran out from sending itself", async () => {
    const formId = await createForm({
      title: "Timed and guarded",
      formPathAlias: "timed-guarded",
      hasCaptcha: true,
      hasTimer: true,
      formTimer: { showTimer: "show", formTimer: 3, stepTimer: 0 },
      fields: [{ id: "word", fieldType: "text", question: "One word", isRequired: true }],
    });
    const { page, problems } = await openForm("timed-guarded");
    await page.getByRole("textbox", { name: "One word" }).fill("swift");
    // Nobody ticks the captcha: the page solves one itself when the time is up.
    await page.waitForURL(/thankyou/, { timeout: 30_000 });
    expect((await submissions(formId)).map((s) => s.answers)).toEqual([
      [expect.objectContaining({ fieldId: "word", answer: "swift" })],
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("a form filled again and again on one device (a kiosk)", () => {
  it("counts each showing as a view, so the submit rate never passes 100 %", async () => {
    const form = await createdForm(call, {
      title: "Kiosk",
      formPathAlias: "kiosk-again",
      collectRealCharacters: false,
      fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 }],
    });
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/kiosk-again?a=afterowner&source=lobby`);
    for (const name of ["Ann", "Bob", "Cleo"]) {
      await page.getByLabel("Your name").fill(name);
      await page.getByRole("button", { name: "Send" }).click();
      await page.waitForURL(/thankyou/);
      await page.getByText("Complete form again", { exact: true }).click();
      await page.waitForURL((url) => !url.pathname.endsWith("/thankyou"));
      // The link the respondent came by, its arguments too, is the one shown again.
      expect(new URL(page.url()).searchParams.get("source")).toBe("lobby");
      expect(await page.getByLabel("Your name").inputValue()).toBe("");
    }
    const rate = await call<{ views: number; submissions: number; submitRate: number }>(
      "GET",
      `/forms/${form.id}/answers/submit-rate`,
    );
    expect(rate.submissions).toBe(3);
    expect(rate.views).toBe(4);
    expect(rate.submitRate).toBeLessThanOrEqual(100);
    expect(problems).toEqual([]);
    await context.close();
  });
});
