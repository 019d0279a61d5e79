import { describe, expect, it } from "vitest";
import { accountOwner, appAndBrowser, watchErrors } from "./support.ts";

const run = appAndBrowser();

/**
 * On a slow connection the server's page is there seconds before its script: a respondent types,
 * ticks and picks in it meanwhile. The script takes the page over without losing any of it.
 */
describe("a respondent who answers before the page's script has arrived", () => {
  it("keeps what was typed, ticked, picked and chosen as a file, and sends it", async () => {
    const call = await accountOwner(run.app.url, "earlytyper", "earlytyper123");
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Early answers",
      formPathAlias: "early-answers",
      fields: [
        { id: "word", fieldType: "text", question: "One word", isRequired: true },
        { id: "note", fieldType: "textarea", question: "A note" },
        {
          id: "fruit",
          fieldType: "checkbox",
          question: "Fruit",
          fieldSettings: {
            answerVariants: [
              { id: "apple", title: "Apple", value: "1" },
              { id: "pear", title: "Pear", value: "2" },
            ],
          },
        },
        { id: "receipt", fieldType: "file", question: "Receipt" },
      ],
    });
    const page = await run.browser.newPage();
    const problems = watchErrors(page);
    // The scripts arrive two seconds late, as on a slow line.
    await page.route(/\.js(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto(`${run.app.url}/f/early-answers`, { waitUntil: "commit" });
    await page.getByRole("textbox", { name: "One word" }).waitFor();
    expect(await page.evaluate(() => performance.getEntriesByName("fill-interactive").length)).toBe(0);
    await page.getByRole("textbox", { name: "One word" }).fill("swift");
    await page.getByRole("textbox", { name: "A note" }).fill("typed early");
    await page.getByRole("checkbox", { name: "Pear" }).check();
    await page.getByLabel("Receipt").setInputFiles({
      name: "receipt.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("item,price\ntea,3\n"),
    });
    await page.waitForFunction(() => performance.getEntriesByName("fill-interactive").length > 0, null, {
      timeout: 30_000,
    });
    // Taken over: the answers are still on the page, and they are what the page sends.
    // (What is given back arrives a moment after the take-over, as the rest of the script did.)
    await page.getByText("Uploaded: receipt.csv").waitFor();
    expect(await page.getByRole("textbox", { name: "One word" }).inputValue()).toBe("swift");
    expect(await page.getByRole("textbox", { name: "A note" }).inputValue()).toBe("typed early");
    expect(await page.getByRole("checkbox", { name: "Pear" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    const results = await call<{
      answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }>;
    }>("GET", `/forms/${form.id}/answer/paginated/1/50`);
    expect(Object.fromEntries(results.answerList[0]!.answers.map((a) => [a.fieldId, a.answer]))).toEqual({
      word: "swift",
      note: "typed early",
      fruit: ["pear"],
      receipt: [expect.objectContaining({ name: "receipt.csv" })],
    });
    expect(problems).toEqual([]);
    await page.close();
  });
});
