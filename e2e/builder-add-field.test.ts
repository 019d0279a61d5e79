import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addFieldByKeyboard, addFieldFromMenu } from "./builder-helpers.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  narrowToPhone,
  screenshot,
  WITH_MOTION,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "builder", "builder123");
});

async function openEditor(page: Page, formId: number) {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill("builder");
  await page.getByRole("textbox", { name: "Password" }).fill("builder123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
  await page.goto(`${run.app.url}/forms/${formId}/edit`);
  await page.getByRole("button", { name: "Add a field", exact: true }).waitFor();
}

/** The rows of the builder's field list, as their names (question or title) read. */
async function rowNames(page: Page): Promise<string[]> {
  const rows = page.getByRole("list", { name: "Form fields" }).getByRole("listitem");
  return Promise.all(
    (await rows.all()).map(async (row) => (await row.locator("p").first().innerText()).trim()),
  );
}

/** What a new question says before its author writes one. */
const NEW_QUESTION = "Here will be your question";

const question = (page: Page) => page.getByRole("textbox", { name: "Question", exact: true });

/** Leaves the text boxes, where Ctrl+Z belongs to the browser, so the builder's keys apply. */
const leaveTextBoxes = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

describe("the builder's add-field menu, copies and undo/redo", () => {
  it("inserts between fields by mouse and keyboard, copies, undoes and redoes, and keeps it after a reload", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", { title: "Insert anywhere" });
    const context = await run.browser.newContext({ ...WITH_MOTION, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    const before = await rowNames(page);

    // The menu lists every type by category and narrows as one types.
    await page.getByRole("button", { name: "Add a field", exact: true }).click();
    const listbox = page.getByRole("listbox", { name: "Field types" });
    await listbox.waitFor();
    expect(await listbox.getByRole("option").count()).toBeGreaterThanOrEqual(40);
    await listbox.getByText("Questions", { exact: true }).waitFor();
    await screenshot(page, "builder-add-field-menu-1280");
    await page.getByRole("textbox", { name: "Search field types" }).fill("mail");
    expect(await listbox.getByRole("option").allInnerTexts()).toEqual(["E-mail"]);
    await page.keyboard.press("Escape");

    await addFieldFromMenu(page, "Short text");
    await question(page).fill("First");
    await addFieldFromMenu(page, "E-mail");
    await question(page).fill("Last");
    await expect.poll(() => rowNames(page)).toEqual([...before, "First", "Last"]);
    const firstAt = before.length + 1;

    // Keyboard: the plus between "First" and "Last", Enter, type to filter, arrows, Enter.
    const between = page.getByRole("button", { name: `Add a field at position ${firstAt + 1}`, exact: true });
    await addFieldByKeyboard(page, "numb", between);
    // The new field's question is where the keyboard goes on: it is typed straight away.
    await expect.poll(() => question(page).evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.type("Middle");
    await expect.poll(() => question(page).inputValue()).toBe("Middle");
    await expect.poll(() => rowNames(page)).toEqual([...before, "First", "Middle", "Last"]);
    expect(await page.getByTestId(`field-row-${firstAt}`).getByText("Number", { exact: true }).count()).toBe(
      1,
    );

    // Mouse: the plus right before "Last".
    await page.getByRole("button", { name: `Add a field at position ${firstAt + 2}`, exact: true }).click();
    await page.getByRole("textbox", { name: "Search field types" }).fill("Long");
    await page.getByRole("option", { name: "Long text", exact: true }).click();
    await question(page).fill("Comment");
    await expect.poll(() => rowNames(page)).toEqual([...before, "First", "Middle", "Comment", "Last"]);

    // A copy lands right after its original, selected and highlighted.
    await page.getByTestId(`field-row-${firstAt}`).getByRole("button", { name: "Duplicate field" }).click();
    await expect
      .poll(() => rowNames(page))
      .toEqual([...before, "First", "Middle", "Middle", "Comment", "Last"]);
    expect(await question(page).inputValue()).toBe("Middle");
    await screenshot(page, "builder-clone-1280");

    // Inside a text box Ctrl+Z is the browser's: the field list stays as it is.
    await question(page).focus();
    await page.keyboard.press("Control+z");
    expect(await rowNames(page)).toHaveLength(before.length + 5);

    // Outside, the builder's history: the copy, then the comment's text, then the comment itself.
    await leaveTextBoxes(page);
    await page.keyboard.press("Control+z");
    await expect.poll(() => rowNames(page)).toEqual([...before, "First", "Middle", "Comment", "Last"]);
    await page.keyboard.press("Control+z");
    await expect.poll(() => rowNames(page)).toEqual([...before, "First", "Middle", NEW_QUESTION, "Last"]);
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => rowNames(page)).toEqual([...before, "First", "Middle", "Last"]);

    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => rowNames(page)).toEqual([...before, "First", "Middle", NEW_QUESTION, "Last"]);
    await page.keyboard.press("Control+y");
    await expect.poll(() => rowNames(page)).toEqual([...before, "First", "Middle", "Comment", "Last"]);
    await page.getByRole("button", { name: "Redo", exact: true }).click();
    await expect
      .poll(() => rowNames(page))
      .toEqual([...before, "First", "Middle", "Middle", "Comment", "Last"]);
    expect(await page.getByRole("button", { name: "Redo", exact: true }).isDisabled()).toBe(true);

    // On a switch (not a text box) Ctrl+Z undoes the click, Ctrl+Shift+Z redoes it.
    await page.getByTestId(`field-row-${firstAt + 1}`).click();
    await page.getByRole("tab", { name: "Field", exact: true }).click();
    const required = page.getByRole("switch", { name: "Required", exact: true });
    await required.click();
    await expect.poll(() => required.isChecked()).toBe(true);
    await page.keyboard.press("Control+z");
    await expect.poll(() => required.isChecked()).toBe(false);
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => required.isChecked()).toBe(true);
    await page.keyboard.press("Control+z");
    await expect.poll(() => required.isChecked()).toBe(false);

    // Saving keeps the history: one more undo still works after it.
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("All changes saved").waitFor();
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await expect.poll(() => rowNames(page)).toEqual([...before, "First", "Middle", "Comment", "Last"]);
    await page.getByRole("button", { name: "Redo", exact: true }).click();
    await page.getByText("All changes saved").waitFor();

    await page.reload();
    await page.getByRole("list", { name: "Form fields" }).waitFor();
    await expect
      .poll(() => rowNames(page))
      .toEqual([...before, "First", "Middle", "Middle", "Comment", "Last"]);
    const saved = await call<{ fields: { id: string; question: string; fieldType: string }[] }>(
      "GET",
      `/forms/${form.id}`,
    );
    const middles = saved.fields.filter((f) => f.question === "Middle");
    expect(middles.map((f) => f.fieldType)).toEqual(["number", "number"]);
    expect(new Set(middles.map((f) => f.id)).size).toBe(2);

    await narrowToPhone(page);
    await page.getByRole("button", { name: "Add a field", exact: true }).click();
    await page.getByRole("listbox", { name: "Field types" }).waitFor();
    await screenshot(page, "builder-add-field-menu-390");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a keystroke in the preview in the very next frame, the rest of the builder after it, and leaves far questions undrawn while picking", async () => {
    const fields = Array.from({ length: 120 }, (_, i) => ({
      id: `q${i + 1}`,
      fieldType: "text",
      question: `Question ${i + 1}`,
    }));
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Live preview",
      fields,
    });
    const context = await run.browser.newContext({ ...WITH_MOTION, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    const preview = page.getByTestId("preview-frame");
    await preview.locator('[data-field-id="q20"]').click();
    await expect.poll(() => question(page).inputValue()).toBe("Question 20");
    await question(page).press("End");
    const row = '[data-testid="field-row-19"]'; // counted from 0
    // At each input, what the preview's question and the field list's row say in the next frame,
    // before its paint: the frame's first animation callback, asked for before the builder's own.
    await page.evaluate((row) => {
      const seen: { typed: string; preview: string; row: string }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      document.addEventListener(
        "input",
        (event) => {
          const typed = (event.target as HTMLTextAreaElement).value;
          requestAnimationFrame(() => {
            const text = (selector: string) => document.querySelector(selector)?.textContent ?? "";
            seen.push({
              typed,
              preview: text('[data-testid="preview-frame"] [data-field-id="q20"]'),
              row: text(row),
            });
          });
        },
        true,
      );
    }, row);
    // A person's typing pace: each key in a frame of its own.
    await page.keyboard.type("abcde", { delay: 50 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen.length))
      .toBe(5);
    const seen = await page.evaluate(
      () => (window as unknown as { seen: { typed: string; preview: string; row: string }[] }).seen,
    );
    expect(seen.map((frame) => frame.typed)).toEqual([
      "Question 20a",
      "Question 20ab",
      "Question 20abc",
      "Question 20abcd",
      "Question 20abcde",
    ]);
    for (const frame of seen) expect(frame.preview).toContain(frame.typed);
    // The field list is drawn after that paint: in that frame its row still shows the text before the key.
    expect(seen.filter((frame) => frame.row.includes(frame.typed))).toEqual([]);
    await expect
      .poll(() => page.evaluate((selector) => document.querySelector(selector)?.textContent, row))
      .toContain("Question 20abcde");

    // Questions far from the pane's view are left undrawn while picking, the edited one never; a
    // form tried out is drawn whole.
    const drawn = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="preview-frame"] [data-field-id]')]
          .filter((question) => question.checkVisibility({ contentVisibilityAuto: true }))
          .map((question) => question.getAttribute("data-field-id")),
      );
    await expect.poll(drawn).toContain("q20");
    expect((await drawn()).length).toBeLessThan(fields.length);
    await preview.locator("xpath=ancestor::*[@aria-label='Live preview']").getByText("Try it").click();
    await expect.poll(async () => (await drawn()).length).toBe(fields.length);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows why the server refused a save and goes to the field it names", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", { title: "Refused save" });
    const context = await run.browser.newContext({ ...WITH_MOTION, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    await addFieldFromMenu(page, "Short text");
    await question(page).fill("Kept");
    await addFieldFromMenu(page, "Short text");
    await question(page).fill("Refused");
    await page.getByRole("list", { name: "Form fields" }).getByText("Kept", { exact: true }).click();
    await expect.poll(() => question(page).inputValue()).toBe("Kept");

    // The save goes to the real server with a reserved formula name on "Refused", which the server refuses.
    let refusedAt = -1;
    await page.route(`**/api/forms/${form.id}`, async (route) => {
      if (route.request().method() !== "PATCH") return route.continue();
      const body = route.request().postDataJSON() as {
        fields: { question?: string; formulaName?: string }[];
      };
      refusedAt = body.fields.findIndex((field) => field.question === "Refused");
      body.fields[refusedAt]!.formulaName = "score";
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole("button", { name: "Save" }).click();
    const refusal = page.getByTestId("save-refusal");
    await refusal.getByText("The form was not saved").waitFor();
    expect(refusedAt).toBeGreaterThan(0);
    expect(await refusal.innerText()).toContain(
      "“Refused”: This word is reserved and cannot be a formula name",
    );
    await page.getByText("Unsaved changes").waitFor();
    await screenshot(page, "builder-save-refused-1280");

    await refusal.getByRole("button", { name: "Show the field" }).click();
    await expect.poll(() => question(page).inputValue()).toBe("Refused");

    // The next save that goes through clears the reason.
    await page.unroute(`**/api/forms/${form.id}`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("All changes saved").waitFor();
    expect(await refusal.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the builder's field list from the keyboard", () => {
  it("reaches a question already there, opens its settings with Enter and changes it", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Keyboard edits",
      fields: [
        { id: "first", fieldType: "text", question: "First question", fieldOrder: 0 },
        { id: "second", fieldType: "text", question: "Second question", fieldOrder: 1 },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    const second = page.getByTestId("field-row-1");
    // From the first row, Tab passes its buttons and reaches the second row itself.
    await page.getByTestId("field-row-0").focus();
    let presses = 0;
    while (!(await second.evaluate((row) => row === document.activeElement)) && presses < 12) {
      await page.keyboard.press("Tab");
      presses++;
    }
    expect(presses).toBeGreaterThan(0);
    expect(await second.evaluate((row) => row === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByRole("tab", { name: "Field", exact: true }).click();
    const text = question(page);
    expect(await text.inputValue()).toBe("Second question");
    await text.fill("Second question, reworded");
    await expect.poll(() => rowNames(page)).toContain("Second question, reworded");
    expect(problems).toEqual([]);
    await context.close();
  });
});
