import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { sentSubmissions } from "./submissions.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "timeowner", "timeowner123");
});

const heading = (page: Page, text: string) => page.getByRole("heading", { name: text, exact: true });

async function storedAnswers(formId: number): Promise<Record<string, unknown>> {
  const results = await call<{
    answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }>;
  }>("GET", `/forms/${formId}/answer/paginated/1/50`);
  expect(results.answerList).toHaveLength(1);
  return Object.fromEntries(results.answerList[0]!.answers.map((a) => [a.fieldId, a.answer]));
}

describe("when a form's time runs out", () => {
  it("sends the answers as they are, a required question left empty included", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Quick quiz",
      formPathAlias: "time-up-form",
      hasTimer: true,
      formTimer: { showTimer: "show", formTimer: 5, stepTimer: 0 },
      fields: [
        { id: "word", fieldType: "text", question: "One word", isRequired: true, fieldOrder: 0 },
        { id: "reason", fieldType: "text", question: "Why that word", isRequired: true, fieldOrder: 1 },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const sent = sentSubmissions(page);
    await page.goto(`${run.app.url}/f/time-up-form?a=timeowner`);
    // The clock counts once the page's script runs: typed before, on a busy machine, the word could
    // be typed into the server's page and the seconds run out before the script took over.
    await expect.poll(() => page.getByRole("timer").first().textContent()).not.toBe("00:05");
    await page.getByRole("textbox", { name: "One word" }).fill("swift");
    await page.waitForURL(/thankyou/, { timeout: 20_000 });

    // The empty required question went in empty; nobody was asked to fill it after the time.
    expect(await storedAnswers(form.id)).toEqual({ word: "swift" });
    expect(sent.map((body) => body.timeUp)).toEqual([{ form: true }]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a timed form taken up again after a reload", () => {
  it("goes on counting from when the filling began, and sends when that time runs out", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Reload quiz",
      formPathAlias: "time-reload-form",
      hasTimer: true,
      formTimer: { showTimer: "show", formTimer: 12, stepTimer: 0 },
      fields: [
        { id: "word", fieldType: "text", question: "One word", isRequired: true, fieldOrder: 0 },
        { id: "reason", fieldType: "text", question: "Why that word", isRequired: true, fieldOrder: 1 },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const sent = sentSubmissions(page);
    await page.goto(`${run.app.url}/f/time-reload-form?a=timeowner`);
    const clock = page.getByRole("timer").first();
    await expect.poll(() => clock.textContent()).not.toBe("00:12");
    await page.getByRole("textbox", { name: "One word" }).fill("swift");
    // Kept on the device as it goes; some of the time passes before the reload.
    await expect.poll(() => clock.textContent(), { timeout: 10_000 }).toBe("00:07");
    await page.reload();
    await expect.poll(() => page.getByRole("textbox", { name: "One word" }).inputValue()).toBe("swift");
    const left = Number((await clock.textContent())?.split(":")[1]);
    expect(left).toBeLessThanOrEqual(7);
    await screenshot(page, "time-up-after-reload-390");
    await page.waitForURL(/thankyou/, { timeout: 15_000 });
    expect(sent.map((body) => body.timeUp)).toEqual([{ form: true }]);
    const stored = await call<{ answerList: Array<{ id: number; formPassingTime: number }> }>(
      "GET",
      `/forms/${form.id}/answer/paginated/1/50`,
    );
    expect(stored.answerList).toHaveLength(1);
    expect(stored.answerList[0]!.formPassingTime).toBeGreaterThanOrEqual(11);
    expect(stored.answerList[0]!.formPassingTime).toBeLessThan(20);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a timed form whose answers could be sent only long after its time", () => {
  it("says the time ran out, and keeps nothing of that filling to send again", async () => {
    await call("POST", "/forms", {
      collectRealCharacters: false,
      title: "Offline quiz",
      formPathAlias: "time-offline-form",
      hasTimer: true,
      formTimer: { showTimer: "show", formTimer: 3, stepTimer: 0 },
      fields: [{ id: "word", fieldType: "text", question: "One word", isRequired: true, fieldOrder: 0 }],
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${run.app.url}/f/time-offline-form?a=timeowner`);
    const clock = page.getByRole("timer").first();
    await expect.poll(() => clock.textContent()).not.toBe("00:03");
    await page.getByRole("textbox", { name: "One word" }).fill("swift");
    // The connection goes before the time runs out: the answers are kept on the device.
    await page.waitForTimeout(300);
    await context.setOffline(true);
    await page
      .getByText("Your answers are kept on this device", { exact: false })
      .waitFor({ timeout: 10_000 });
    // Back long after the limit and its grace: the server refuses them, and the page says why.
    await page.waitForTimeout(19_000);
    await context.setOffline(false);
    await page.getByText("The time for this form ran out before these answers were sent").waitFor();
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter(
        (key) => key.startsWith("formloom.draft.") || key.startsWith("formloom.progress."),
      ),
    );
    expect(kept).toEqual([]);
    await screenshot(page, "time-up-over-390");
    await context.close();
  }, 60_000);
});

describe("a timed form shown again after sending", () => {
  it("gives the next filling the whole time again", async () => {
    await call("POST", "/forms", {
      collectRealCharacters: false,
      title: "Kiosk quiz",
      formPathAlias: "time-again-form",
      hasTimer: true,
      formTimer: { showTimer: "show", formTimer: 30, stepTimer: 0 },
      afterFormFillingActions: { submissionAction: "showFormAgain" },
      fields: [{ id: "word", fieldType: "text", question: "One word", isRequired: true, fieldOrder: 0 }],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/time-again-form?a=timeowner`);
    const clock = page.getByRole("timer").first();
    await page.getByRole("textbox", { name: "One word" }).fill("swift");
    await expect.poll(() => clock.textContent(), { timeout: 10_000 }).toBe("00:26");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Thank you! Your answers were sent.").waitFor();
    const left = Number((await clock.textContent())?.split(":")[1]);
    expect(left).toBeGreaterThanOrEqual(29);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("when a step's time runs out", () => {
  for (const width of [1280, 390]) {
    it(`moves on, keeps that step read-only and sends the form with its question empty at ${width} px`, async () => {
      const alias = `time-up-steps-${width}`;
      const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
        collectRealCharacters: false,
        title: "Timed steps",
        formPathAlias: alias,
        display: "stepByStep",
        fields: [
          { id: "first", fieldType: "text", question: "Your name", isRequired: true },
          { id: "clock", fieldType: "timer", title: "", fieldSettings: { seconds: 2 } },
          { id: "timed", fieldType: "text", question: "Capital of Peru", isRequired: true },
          { id: "last", fieldType: "text", question: "Anything else" },
        ].map((field, fieldOrder) => ({ ...field, fieldOrder })),
      });
      const context = await run.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      const sent = sentSubmissions(page);
      await page.goto(`${run.app.url}/f/${alias}?a=timeowner`);
      await heading(page, "Step 1 of 3").waitFor();
      await page.getByRole("textbox", { name: "Your name" }).fill("Ada");
      await page.getByRole("button", { name: "Next" }).click();
      await heading(page, "Step 2 of 3").waitFor();
      // The required question is left empty: at zero the step moves on by itself.
      await heading(page, "Step 3 of 3").waitFor({ timeout: 5000 });

      // Back on the expired step: it says its time is up and takes no more answers.
      await page.getByRole("button", { name: "Back" }).click();
      await heading(page, "Step 2 of 3").waitFor();
      await page.getByText("Time for this step is up").waitFor();
      const timed = page.getByRole("textbox", { name: "Capital of Peru" });
      expect(await timed.isDisabled()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `time-up-step-${width}`);
      // Next goes on without asking for the expired step's answer.
      await page.getByRole("button", { name: "Next" }).click();
      await heading(page, "Step 3 of 3").waitFor();
      await page.getByRole("textbox", { name: "Anything else" }).fill("No");
      await page.getByRole("button", { name: "Send" }).click();
      await page.waitForURL(/thankyou/);

      expect(await storedAnswers(form.id)).toEqual({ first: "Ada", last: "No" });
      expect(sent.map((body) => body.timeUp)).toEqual([{ fields: ["timed"] }]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("a timed step taken up again after a reload", () => {
  it("goes on counting from when the step was first shown, and moves on when that time runs out", async () => {
    await call("POST", "/forms", {
      collectRealCharacters: false,
      title: "Timed step reload",
      formPathAlias: "time-step-reload",
      display: "stepByStep",
      fields: [
        { id: "first", fieldType: "text", question: "Your name", isRequired: true },
        { id: "clock", fieldType: "timer", title: "", fieldSettings: { seconds: 12 } },
        { id: "timed", fieldType: "text", question: "Capital of Peru", isRequired: true },
        { id: "last", fieldType: "text", question: "Anything else" },
      ].map((field, fieldOrder) => ({ ...field, fieldOrder })),
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/time-step-reload?a=timeowner`);
    await page.getByRole("textbox", { name: "Your name" }).fill("Ada");
    await page.getByRole("button", { name: "Next" }).click();
    await heading(page, "Step 2 of 3").waitFor();
    const clock = page.getByRole("timer").first();
    await expect.poll(() => clock.textContent(), { timeout: 10_000 }).toBe("00:07");
    await page.reload();
    await page.getByRole("button", { name: "Continue where you left off" }).click();
    await heading(page, "Step 2 of 3").waitFor();
    const left = Number((await clock.textContent())?.split(":")[1]);
    expect(left).toBeLessThanOrEqual(7);
    await screenshot(page, "time-up-step-after-reload-390");
    // Its time runs out from the first showing: the step moves on by itself.
    await heading(page, "Step 3 of 3").waitFor({ timeout: 10_000 });
    expect(problems).toEqual([]);
    await context.close();
  });
});
