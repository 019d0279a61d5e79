import { describe, expect, it } from "vitest";
import { ownerWithQuiz, resultsTable, scoredChoice, submitPublic } from "./results-helpers.ts";
import { appAndBrowser, screenshot, watchErrors } from "./support.ts";

/**
 * The results table's filters as a reader far from UTC and a respondent who wrote their own
 * answer use them: a day is the reader's day, and a choice's Other is one of its values.
 */
const run = appAndBrowser();

/** A zone whose date differs from UTC's now: 14 hours ahead from 10:00 UTC on, 11 behind before. */
const zone = new Date().getUTCHours() >= 10 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
const dayIn = (timeZone: string, shift = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(Date.now() + shift * 86_400_000));

describe("the results table's filters", () => {
  it("take a day as the reader's day, and a choice's Other as a value", async () => {
    const { call, formId, signIn } = await ownerWithQuiz(
      run.app.url,
      { username: "zonereader", password: "zone-pass-1" },
      {
        title: "Lunch quiz",
        passed: "Passed",
        fields: [
          {
            ...scoredChoice("dish", "Dish", [{ id: "soup", title: "Soup" }], "soup"),
            fieldSettings: { answerVariants: [{ id: "soup", title: "Soup" }], hasOtherVariant: true },
          },
        ],
      },
    );
    const me = await call<{ id: number }>("GET", "/user");
    await call("PATCH", `/user/${me.id}/settings`, { timezone: zone });
    await submitPublic(run.app.url, formId, [{ fieldId: "dish", answer: "soup" }]);
    await submitPublic(run.app.url, formId, [{ fieldId: "dish", answer: "other:Ramen" }]);
    await submitPublic(run.app.url, formId, [{ fieldId: "dish", answer: "other:Pho" }]);
    expect(dayIn(zone)).not.toBe(dayIn("UTC"));

    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);
    await page.goto(`${run.app.url}/forms/${formId}/results`);
    const { count } = resultsTable(page);
    await count(3);
    await page.getByRole("button", { name: /^Filters/ }).click();
    // Today, as the reader's clock has it, holds the three sent a moment ago.
    await page.getByLabel("Submitted from").fill(dayIn(zone));
    await count(3);
    await page.getByLabel("Submitted until").fill(dayIn(zone));
    await count(3);
    await page.getByLabel("Submitted from").fill(dayIn(zone, 1));
    await page.getByLabel("Submitted until").fill(dayIn(zone, 1));
    await page.getByText("No submissions match this filter").waitFor();
    await page.getByLabel("Submitted from").fill("");
    await page.getByLabel("Submitted until").fill("");
    await count(3);

    await page.getByRole("button", { name: "Add a condition on a field" }).click();
    await page.getByRole("combobox", { name: "Field" }).click();
    await page.getByRole("option", { name: "Dish" }).click();
    await page.getByRole("combobox", { name: "Answer of Dish" }).click();
    await page.getByRole("option", { name: "Other" }).click();
    await count(2);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a date question in the results table's filters", () => {
  it("narrows the rows to the days between two picked, at 1280 and 390 px", async () => {
    const { formId, signIn } = await ownerWithQuiz(
      run.app.url,
      { username: "datereader", password: "date-pass-1" },
      {
        title: "Visits",
        passed: "Passed",
        fields: [
          scoredChoice("dish", "Dish", [{ id: "soup", title: "Soup" }], "soup"),
          { id: "visit", fieldType: "dateTime", question: "Visit day", fieldOrder: 1 },
        ],
      },
    );
    for (const day of ["2026-02-27", "2026-03-01", "2026-03-14", "2026-04-02"])
      await submitPublic(run.app.url, formId, [{ fieldId: "visit", answer: day }]);

    for (const width of [1280, 390]) {
      const context = await run.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await signIn(page);
      await page.goto(`${run.app.url}/forms/${formId}/results`);
      const { count } = resultsTable(page);
      await count(4);
      await page.getByRole("button", { name: /^Filters/ }).click();
      await page.getByRole("button", { name: "Add a condition on a field" }).click();
      await page.getByRole("combobox", { name: "Field" }).click();
      await page.getByRole("option", { name: "Visit day" }).click();
      await page.getByLabel("Visit day from").fill("2026-03-01");
      await count(3);
      await page.getByLabel("Visit day until").fill("2026-03-31");
      await count(2);
      await screenshot(page, `results-date-question-filter-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
