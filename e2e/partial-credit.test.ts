import { beforeAll, describe, expect, it } from "vitest";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

/** A quiz scored in part: what the respondent is shown of a fraction of a point, and what is kept. */

const run = appAndBrowser();
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "partialcredit", "partialcredit123");
});

describe("a quiz scored in part", () => {
  it("shows a third of a point to the respondent as people write it, and keeps it exact", async () => {
    const form = await createdForm(call, {
      collectRealCharacters: false,
      title: "Colours",
      formPathAlias: "colours-quiz",
      type: "calculation",
      fields: [
        {
          id: "primary",
          fieldType: "checkbox",
          question: "Which are primary colours?",
          calcSettings: { calcType: "check_values", points: 1 },
          fieldSettings: {
            answerVariants: [
              { id: "red", title: "Red", checkValue: true },
              { id: "blue", title: "Blue", checkValue: true },
              { id: "yellow", title: "Yellow", checkValue: true },
              { id: "green", title: "Green" },
            ],
          },
        },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/colours-quiz?a=partialcredit`);
    await page.getByRole("checkbox", { name: "Red" }).check();
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    await page.getByText("Score: 0.33 of 1").waitFor();
    expect(await page.content()).not.toContain("0.333");
    await screenshot(page, "partial-credit-thank-you-390");
    await context.close();
    // The results keep the exact score.
    const [row] = (
      await call<{ answerList: Array<{ score: number }> }>("GET", `/forms/${form.id}/answer/paginated/1/5`)
    ).answerList;
    expect(row!.score).toBeCloseTo(1 / 3, 5);
    expect(problems).toEqual([]);
  });
});
