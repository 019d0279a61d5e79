import { describe, expect, it } from "vitest";
import { ownerWithQuiz, resultsTable, scoredChoice, submitPublic } from "./results-helpers.ts";
import { appAndBrowser, screenshot, watchErrors } from "./support.ts";

/**
 * The results table of a form with a few hundred submissions: filtered, sorted, its columns
 * arranged (and kept over a reload), rows tagged, scored, marked read, stepped through and deleted.
 */
const run = appAndBrowser();

const COLOURS = ["red", "blue", "green"];
const TOTAL = 300;
const nameOf = (i: number) => `${["Anna", "Boris", "Chloe", "Dmitri", "Eva"][i % 5]} ${i}`;
const ageOf = (i: number) => 18 + ((i * 7) % 50);

describe("the results table", () => {
  it("filters, sorts, keeps its columns, tags, scores, marks read, steps through and deletes", async () => {
    const { call, formId, signIn } = await ownerWithQuiz(
      run.app.url,
      { username: "tableowner", password: "table-pass-1" },
      {
        title: "Workshop quiz",
        passed: "Passed",
        fields: [
          { id: "name", fieldType: "text", question: "Name" },
          scoredChoice(
            "colour",
            "Colour",
            COLOURS.map((id) => ({ id, title: id[0]!.toUpperCase() + id.slice(1) })),
            "blue",
          ),
          { id: "age", fieldType: "number", question: "Age" },
          { id: "note", fieldType: "textarea", question: "Anything else" },
        ],
      },
    );
    // A few hundred submissions through the public API, fifty at a time.
    for (let from = 0; from < TOTAL; from += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, k) => from + k).map(async (i) => {
          await submitPublic(run.app.url, formId, [
            { fieldId: "name", answer: nameOf(i) },
            { fieldId: "colour", answer: COLOURS[i % 3] },
            { fieldId: "age", answer: ageOf(i) },
            { fieldId: "note", answer: i % 10 === 0 ? "needs a call back" : "" },
          ]);
        }),
      );
    }
    // Parallel submissions take their numbers in the order they were stored: read which is which.
    const stored = await call<{
      answerList: Array<{ number: number; answers: Array<{ fieldId: string; answer: unknown }> }>;
    }>("GET", `/forms/${formId}/answer/paginated/1/500`);
    const numberOf = new Map(
      stored.answerList.map((a) => [a.answers.find((x) => x.fieldId === "name")!.answer as string, a.number]),
    );
    expect([...numberOf.values()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: TOTAL }, (_, i) => i + 1),
    );
    const url = `${run.app.url}/forms/${formId}/results`;
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);
    await page.goto(url);
    const { count, numbers } = resultsTable(page);
    await count(TOTAL);
    // Newest first by the form's own numbers.
    await expect.poll(async () => (await numbers())[0]).toBe(TOTAL);

    // Filter: blue answers whose age is from 30 to 45, then a search.
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("button", { name: "Add a condition on a field" }).click();
    await page.getByRole("combobox", { name: "Field" }).click();
    await page.getByRole("option", { name: "Colour" }).click();
    await page.getByRole("combobox", { name: "Answer of Colour" }).click();
    await page.getByRole("option", { name: "Blue" }).click();
    const blue = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => COLOURS[i % 3] === "blue");
    await count(blue.length);
    await page.getByRole("button", { name: "Add a condition on a field" }).click();
    await page.getByRole("combobox", { name: "Field" }).nth(1).click();
    await page.getByRole("option", { name: "Age" }).click();
    await page.getByRole("textbox", { name: "From", exact: true }).fill("30");
    await page.getByRole("textbox", { name: "To", exact: true }).fill("45");
    const middle = blue.filter((i) => ageOf(i) >= 30 && ageOf(i) <= 45);
    await count(middle.length);
    await page.getByRole("textbox", { name: "Search in answers" }).fill("anna");
    const annas = middle.filter((i) => nameOf(i).toLowerCase().includes("anna"));
    await count(annas.length);
    await screenshot(page, "results-table-filtered-1280");
    // Sort by number, oldest first: the rows are exactly the expected ones, in order.
    await page.getByRole("button", { name: "Sort by #" }).click();
    const expected = annas.map((i) => numberOf.get(nameOf(i))!).sort((a, b) => a - b);
    await expect.poll(numbers).toEqual(expected.slice(0, 25));
    // The sorted column says so to a screen reader; the others say nothing.
    expect(await page.locator('thead th[data-column="number"]').getAttribute("aria-sort")).toBe("ascending");
    expect(await page.locator('thead th[data-column="submitTime"]').getAttribute("aria-sort")).toBeNull();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await count(TOTAL);
    await page.getByRole("button", { name: /^Filters/ }).click();
    // Every row on one page, as the rows-per-page choice offers, in the table's order; then back.
    const perPage = async (size: string) => {
      await page.getByRole("combobox", { name: "Rows per page" }).click();
      await page.getByRole("option", { name: size, exact: true }).click();
    };
    await perPage("All");
    const all = [...numberOf.values()].sort((a, b) => a - b);
    await expect.poll(numbers, { timeout: 30_000 }).toEqual(all);
    expect(await page.getByRole("button", { name: "2", exact: true }).count()).toBe(0);
    await perPage("25");
    await expect.poll(numbers).toEqual(all.slice(0, 25));

    // Columns: hide Time, put Age first, make Name wider; a reload keeps them.
    await page.getByRole("button", { name: "Columns" }).click();
    const dialog = page.getByRole("dialog", { name: "Table columns" });
    await dialog.getByRole("checkbox", { name: "Time" }).uncheck();
    for (let i = 0; i < 12; i++) {
      const up = dialog.getByRole("button", { name: "Move Age up" });
      if (await up.isDisabled()) break;
      await up.click();
    }
    await dialog.getByRole("textbox", { name: "Width of Name" }).fill("260");
    await screenshot(page, "results-table-columns-1280");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const headers = () =>
      page
        .locator("thead th[data-column]")
        .evaluateAll((ths) => ths.map((th) => th.getAttribute("data-column")));
    await expect.poll(async () => (await headers())[0]).toBe("age");
    expect(await headers()).not.toContain("formPassingTime");
    await page.reload();
    await count(TOTAL);
    await expect.poll(async () => (await headers())[0]).toBe("age");
    expect(await headers()).not.toContain("formPassingTime");
    expect(
      await page.locator('thead th[data-column="name"]').evaluate((th) => th.getBoundingClientRect().width),
    ).toBeGreaterThan(240);

    // Open the newest by keyboard (its row comes by Tab just before its checkbox), tag and score
    // it, then step to the next row and back.
    await page.getByRole("checkbox", { name: `Select submission ${TOTAL}` }).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      `Open submission ${TOTAL}`,
    );
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: `Submission #${TOTAL}` });
    await expect.poll(() => drawer.count()).toBe(1);
    const tags = drawer.getByLabel("Tags");
    await tags.fill("vip");
    await tags.press("Enter");
    const page1 = () =>
      call<{
        answerList: Array<{
          id: number;
          number: number;
          tags: string[];
          score: number | null;
          isViewed: boolean;
        }>;
        total: number;
      }>("GET", `/forms/${formId}/answer/paginated/1/500?sortBy=number&order=desc`);
    await expect.poll(async () => (await page1()).answerList[0]!.tags).toEqual(["vip"]);
    await drawer.getByRole("textbox", { name: "Score", exact: true }).fill("42");
    await drawer.getByRole("button", { name: "Save score" }).click();
    await expect.poll(async () => (await page1()).answerList[0]!.score).toBe(42);
    await drawer.getByRole("textbox", { name: "Comment on this field" }).fill("Called back on Monday");
    await drawer.getByRole("button", { name: "Save comment" }).click();
    // The saved comment is listed under its field (the text box holds the same words, so the
    // field's name is part of what is looked for).
    await expect.poll(() => drawer.getByText("Name: Called back on Monday").count()).toBe(1);
    await screenshot(page, "results-table-drawer-1280");
    await drawer.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByRole("dialog", { name: `Submission #${TOTAL - 1}` }).count()).toBe(1);
    await page
      .getByRole("dialog", { name: `Submission #${TOTAL - 1}` })
      .getByRole("button", { name: "Previous" })
      .click();
    await expect.poll(() => page.getByRole("dialog", { name: `Submission #${TOTAL}` }).count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // The tag filters the table.
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("combobox", { name: "Tags" }).click();
    await page.getByRole("option", { name: "vip" }).click();
    await count(1);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await count(TOTAL);

    // Mark three read in bulk, then delete three with confirmation.
    for (const n of [TOTAL - 1, TOTAL - 2, TOTAL - 3])
      await page.getByRole("checkbox", { name: `Select submission ${n}` }).check();
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect
      .poll(async () =>
        (await page1()).answerList
          .filter((a) => a.isViewed)
          .map((a) => a.number)
          .sort(),
      )
      .toEqual([TOTAL - 3, TOTAL - 2, TOTAL - 1, TOTAL].sort());
    // The table lets go of the marked rows once it has read them again: only then pick the next ones.
    await expect.poll(() => page.getByRole("button", { name: "Mark as read" }).isDisabled()).toBe(true);
    for (const n of [TOTAL - 4, TOTAL - 5, TOTAL - 6])
      await page.getByRole("checkbox", { name: `Select submission ${n}` }).check();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete 3 submissions?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await count(TOTAL - 3);
    const left = await page1();
    expect(left.total).toBe(TOTAL - 3);
    expect(left.answerList.map((a) => a.number)).not.toContain(TOTAL - 5);
    await screenshot(page, "results-table-1280");
    expect(problems).toEqual([]);
    await context.close();

    const narrow = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await narrow.newPage();
    const phoneProblems = watchErrors(phone);
    await signIn(phone);
    await phone.goto(url);
    await expect.poll(() => phone.getByText(`${TOTAL - 3} submissions`, { exact: true }).count()).toBe(1);
    // On a phone the answers come right after the number, where the screen shows them.
    const phoneColumns = () =>
      phone
        .locator("thead th[data-column]")
        .evaluateAll((ths) => ths.map((th) => th.getAttribute("data-column")));
    const answers = ["name", "colour", "age", "note"];
    await expect
      .poll(async () => (await phoneColumns()).filter((key) => key !== "number").slice(0, 3))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^(name|colour|age|note)$/)]));
    const order = (await phoneColumns()).filter((key) => key !== "number");
    expect(order.slice(0, 3).every((key) => answers.includes(key ?? ""))).toBe(true);
    const firstAnswer = await phone.locator(`thead th[data-column="${order[0]}"]`).boundingBox();
    expect(firstAnswer!.x + firstAnswer!.width / 2).toBeLessThan(390);
    await screenshot(phone, "results-table-answers-first-390");
    await phone.getByRole("button", { name: /^Filters/ }).click();
    await phone.getByRole("button", { name: "Add a condition on a field" }).click();
    await screenshot(phone, "results-table-390");
    expect(phoneProblems).toEqual([]);
    await narrow.close();
  });
});
