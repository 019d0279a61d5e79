import { beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "scales", "scales123");
});

describe("scales, switches and dates on the public page", () => {
  it("fills NPS, stars, like, a date, a phone and a consent box, and the server stores them typed", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Event review",
      formPathAlias: "review",
      fields: [
        { id: "nps", fieldType: "nps", question: "Recommend us?", isRequired: true },
        { id: "stars", fieldType: "rate", question: "Rate the food" },
        { id: "like", fieldType: "like", question: "Like the venue?" },
        { id: "day", fieldType: "dateTime", question: "Which day?" },
        { id: "phone", fieldType: "phone", question: "Phone" },
        {
          id: "consent",
          fieldType: "decisionBox",
          question: "Consent",
          fieldLabel: "I agree",
          isRequired: true,
        },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/review?a=scales`);
    await page
      .getByRole("group", { name: "Recommend us?" })
      .getByRole("radio", { name: "9", exact: true })
      .check({ force: true });
    await page
      .getByRole("group", { name: "Rate the food" })
      .getByRole("radio", { name: "4", exact: true })
      .check({ force: true });
    await page.getByRole("radio", { name: "Like", exact: true }).check({ force: true });
    await page.getByLabel("Which day?").fill("2026-05-17");
    await page.getByLabel("Phone").fill("+1 555 0100");
    await page.getByRole("button", { name: "Send" }).click();
    // The consent box is required: nothing is sent until it is ticked.
    await page.getByText("Please fill in the required fields").waitFor();
    await page.getByLabel("I agree").check();
    await page.getByLabel("Phone").fill("call me maybe");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Please enter a valid phone number").waitFor();
    await page.getByLabel("Phone").fill("+1 555 0100");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    await screenshot(page, "fill-scales-thank-you");

    const results = await call<{
      answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }>;
    }>("GET", `/forms/${form.id}/answer/paginated/1/10`);
    const stored = Object.fromEntries(results.answerList[0]!.answers.map((a) => [a.fieldId, a.answer]));
    expect(stored).toEqual({
      nps: 9,
      stars: 4,
      like: "like",
      day: "2026-05-17",
      phone: "+1 555 0100",
      consent: true,
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});
