import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addFieldFromMenu } from "./builder-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "settingsowner", "settingsowner123");
});

async function openEditor(page: Page, formId: number) {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill("settingsowner");
  await page.getByRole("textbox", { name: "Password" }).fill("settingsowner123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
  await page.goto(`${run.app.url}/forms/${formId}/edit`);
  await page.getByRole("button", { name: "General" }).waitFor();
}

/** The messages an input points to (its error among them), as one text. */
async function messagesOf(input: Locator): Promise<string> {
  const ids = ((await input.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const texts = await Promise.all(
    ids.map((id) =>
      input
        .page()
        .locator(`[id="${id}"]`)
        .innerText()
        .catch(() => ""),
    ),
  );
  return texts.join(" | ");
}

/** Opens a group of the Settings tab unless it is open already. */
async function openSection(page: Page, name: string) {
  const control = page.getByRole("button", { name });
  if ((await control.getAttribute("aria-expanded")) !== "true") await control.click();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

describe("the builder's Settings tab", () => {
  it("edits the form's settings with their checks, keeps them after a reload, and the public page follows them", async () => {
    await call("POST", "/forms", { title: "Alias holder", formPathAlias: "taken-alias" });
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Settings tour",
      formPathAlias: "settings-tour",
      fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0, isRequired: true }],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);

    // Every group of settings is there, General open at first.
    for (const group of [
      "General",
      "Questions and display",
      "Timers",
      "Access and submissions",
      "Send button and after submission",
      "Data collection and consent",
      "Cursor leaving the form",
      "Form files",
    ])
      await page.getByRole("button", { name: group }).waitFor();

    // An alias another form uses: the server's refusal shows under the alias input.
    const alias = page.getByLabel("Link alias");
    await alias.fill("taken-alias");
    await save(page);
    await expect.poll(() => messagesOf(alias)).toContain("A form with such alias already exists");
    expect(await alias.getAttribute("aria-invalid")).toBe("true");
    await alias.fill("tour-2");
    // Changing the value clears the server's message until the next save.
    await expect.poll(() => messagesOf(alias)).not.toContain("already exists");

    // The next-submission interval is checked as typed (forms.md §5).
    await openSection(page, "Access and submissions");
    const interval = page.getByLabel("Time between submissions");
    await interval.fill("2 days");
    await expect.poll(() => messagesOf(interval)).toContain("Write the time as 1Y, 6W, 1d 6h or 2m 30s");
    await interval.fill("1d 6h");
    await expect.poll(() => messagesOf(interval)).not.toContain("Write the time");
    await page.getByLabel("Message when sent again too soon").fill("Once a day is plenty.");

    // After submission: the redirect link is checked as an external link, and gets http:// when it lacks one.
    await openSection(page, "Send button and after submission");
    await page.getByLabel("Send button text").fill("Submit answers");
    await choose(page, "After submission", "Redirect to a link");
    const redirect = page.getByLabel("Redirect link");
    await expect.poll(() => messagesOf(redirect)).toContain("Enter the link to redirect to after submission");
    await redirect.fill("javascript:alert(1)");
    await expect
      .poll(() => messagesOf(redirect))
      .toContain("The redirect link must be a website address starting with http:// or https://");
    await redirect.fill("example.com/next");
    await redirect.blur();
    expect(await redirect.inputValue()).toBe("http://example.com/next");
    await expect.poll(() => messagesOf(redirect)).not.toContain("redirect link must");
    await choose(page, "After submission", "Show the thank-you page");
    await page.getByLabel("Thank-you title").fill("All done with [form_title]");
    await page.getByLabel("Thank-you text").fill("Thanks a lot, tour taker!");

    // The behaviour consent pop-up: its header and an option to tick.
    await openSection(page, "Data collection and consent");
    const consent = page.getByRole("group", { name: "Behaviour data consent pop-up" });
    await consent.getByLabel("Pop-up header").fill("May we watch your mouse?");
    await consent.getByRole("button", { name: "Add an option" }).click();
    await expect.poll(() => consent.getByText("Write the option's text").count()).toBe(1);
    await consent.getByRole("textbox", { name: "Option 1" }).fill("Mouse moves");

    await screenshot(page, "builder-settings-1280");
    await save(page);
    await page.getByText("All changes saved").waitFor();

    // A reload shows what was saved.
    await page.reload();
    await page.getByRole("button", { name: "General" }).waitFor();
    expect(await page.getByLabel("Link alias").inputValue()).toBe("tour-2");
    await openSection(page, "Access and submissions");
    expect(await page.getByLabel("Time between submissions").inputValue()).toBe("1d 6h");
    expect(await page.getByLabel("Message when sent again too soon").inputValue()).toBe(
      "Once a day is plenty.",
    );
    await openSection(page, "Send button and after submission");
    expect(await page.getByLabel("Send button text").inputValue()).toBe("Submit answers");
    expect(await page.getByRole("combobox", { name: "After submission" }).inputValue()).toBe(
      "Show the thank-you page",
    );
    expect(await page.getByLabel("Thank-you text").inputValue()).toBe("Thanks a lot, tour taker!");
    await openSection(page, "Data collection and consent");
    const kept = page.getByRole("group", { name: "Behaviour data consent pop-up" });
    expect(await kept.getByLabel("Pop-up header").inputValue()).toBe("May we watch your mouse?");
    expect(await kept.getByRole("textbox", { name: "Option 1" }).inputValue()).toBe("Mouse moves");
    const saved = await call<{ form: Record<string, unknown> }>("GET", `/forms/${form.id}`);
    expect(saved.form).toMatchObject({
      formPathAlias: "tour-2",
      nextSubmissionTime: "1d 6h",
      submitButtonDescription: "Submit answers",
      afterFormFillingActions: {
        submissionAction: "showThankYouPage",
        customUrl: "http://example.com/next",
        thankYouPageText: "Thanks a lot, tour taker!",
      },
    });
    expect(problems).toEqual([]);
    await context.close();

    // The public page: the consent pop-up, the send button's text, the thank-you page's title and text.
    const visitor = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const fill = await visitor.newPage();
    const fillProblems = watchErrors(fill);
    await fill.goto(`${run.app.url}/f/tour-2?a=settingsowner`);
    const dialog = fill.getByRole("dialog", { name: "May we watch your mouse?" });
    expect(await dialog.getByRole("checkbox", { name: "Mouse moves" }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "detached" });
    await fill.getByLabel("Your name").fill("Ada");
    await fill.getByRole("button", { name: "Submit answers" }).click();
    await fill.waitForURL(/thankyou/);
    await fill.getByRole("heading", { name: "All done with Settings tour" }).waitFor();
    await fill.getByText("Thanks a lot, tour taker!").waitFor();
    expect(fillProblems).toEqual([]);
    await visitor.close();
  });

  it("says the consent pop-up is always asked while every character typed is kept, and with which option", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", { title: "Consent defaults" });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    await openSection(page, "Data collection and consent");
    const consent = page.getByRole("group", { name: "Behaviour data consent pop-up" });
    const ask = consent.getByRole("switch", { name: "Ask for consent first" });
    // A new form keeps every character typed: its respondents are always asked, with our option.
    expect(await ask.isChecked()).toBe(true);
    expect(await ask.isDisabled()).toBe(true);
    await consent.getByText("Always asked while the form keeps every character typed").waitFor();
    await consent.getByText("I agree that what I type, including erased text, is recorded").waitFor();
    expect(await consent.getByText("a pop-up without options is not shown").count()).toBe(0);
    await screenshot(page, "builder-consent-defaults-1280");
    // Keeping focus and timing only, the author decides whether to ask.
    await page.getByRole("switch", { name: "Collect every character typed" }).click();
    await expect.poll(() => ask.isDisabled()).toBe(false);
    expect(await consent.getByText("Always asked while the form keeps every character typed").count()).toBe(
      0,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits a phone: every group opens without sideways scrolling", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", { title: "Phone settings" });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    for (const group of ["Send button and after submission", "Data collection and consent"])
      await openSection(page, group);
    await page.getByLabel("Send button text").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "builder-settings-390");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps the changes made beside a refused setting, and only the refused one stays out", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Order totals",
      fields: [
        { id: "qty", fieldType: "number", question: "Quantity", formulaName: "qty", fieldOrder: 0 },
        { id: "sum", fieldType: "formula", question: "Total", formulaName: "total_due", fieldOrder: 1 },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    const list = page.getByRole("list", { name: "Form fields" });
    const settings = page.getByTestId("element-settings");
    await list.getByText("Total", { exact: true }).click();
    // A reserved word as the name: refused under its input...
    await settings.getByLabel("Formula name", { exact: true }).fill("score");
    await settings.getByText("This word is reserved and cannot be a formula name").waitFor();
    // ...while the formula and the question typed after it are the form's.
    await settings.getByLabel("Formula", { exact: true }).fill("qty * 2");
    await settings.getByRole("textbox", { name: "Question", exact: true }).fill("Grand total");
    await list.getByText("Grand total", { exact: true }).waitFor();
    await list.getByText("Quantity", { exact: true }).click();
    await list.getByText("Grand total", { exact: true }).click();
    expect(await settings.getByLabel("Formula", { exact: true }).inputValue()).toBe("qty * 2");
    expect(await settings.getByLabel("Formula name", { exact: true }).inputValue()).toBe("total_due");
    await save(page);
    await page.getByText("All changes saved").waitFor();
    const saved = await call<{
      fields: Array<{
        id: string;
        question: string;
        formulaName: string;
        fieldSettings: { formula?: string };
      }>;
    }>("GET", `/forms/${form.id}`);
    expect(saved.fields.find((field) => field.id === "sum")).toMatchObject({
      question: "Grand total",
      formulaName: "total_due",
      fieldSettings: { formula: "qty * 2" },
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("pages a one-page form at the page break the author adds, and an undo takes both back", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Two parts",
      fields: [
        { id: "first", fieldType: "text", question: "First part", fieldOrder: 0 },
        { id: "second", fieldType: "text", question: "Second part", fieldOrder: 1 },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    await page.getByRole("list", { name: "Form fields" }).getByText("First part", { exact: true }).click();
    await addFieldFromMenu(page, "Page break");
    await page.getByTestId("element-settings").getByText("The form continues on a new page here.").waitFor();
    // Undone, the form is one page without the break again; redone, paged with it.
    await page.getByRole("button", { name: "Undo", exact: true }).first().click();
    await expect
      .poll(() => page.getByRole("list", { name: "Form fields" }).getByText("Page break").count())
      .toBe(0);
    // Nothing is left to save: the display went back with the break.
    await expect.poll(() => page.getByRole("button", { name: "Save", exact: true }).isDisabled()).toBe(true);
    await page.getByRole("list", { name: "Form fields" }).getByText("First part", { exact: true }).click();
    await addFieldFromMenu(page, "Page break");
    await save(page);
    await page.getByText("All changes saved").waitFor();
    const saved = await call<{ form: { display: string } }>("GET", `/forms/${form.id}`);
    expect(saved.form.display).toBe("severalPages");
    expect(problems).toEqual([]);
    await context.close();
  });

  /** A radio question with Other and a rule showing a follow-up when its answer equals `value`. */
  async function colourForm(value: string) {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Colours",
      fields: [
        {
          id: "colour",
          fieldType: "radio",
          question: "Favourite colour?",
          fieldOrder: 0,
          fieldSettings: {
            hasOtherVariant: true,
            answerVariants: [
              { id: "v1", title: "Red", value: "red" },
              { id: "v2", title: "Blue", value: "blue" },
            ],
          },
        },
        { id: "why", fieldType: "text", question: "Why this one?", fieldOrder: 1 },
      ],
      conditionalRules: [
        {
          id: "red",
          name: "Ask why",
          if: {
            kind: "group",
            combinator: "AND",
            conditions: [{ kind: "field", fieldId: "colour", operator: "equal", value }],
          },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "show", fieldIds: ["why"] }],
        },
      ],
    });
    return form;
  }

  /** Opens the question in the builder, does `change`, waits for `notice`, saves and reads the rules back. */
  async function changeAndSave(formId: number, change: (settings: Locator) => Promise<void>, notice: string) {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, formId);
    await page
      .getByRole("list", { name: "Form fields" })
      .getByText("Favourite colour?", { exact: true })
      .click();
    await change(page.getByTestId("element-settings"));
    await page.getByText(notice).waitFor();
    await save(page);
    await page.getByText("All changes saved").waitFor();
    const saved = await call<{ form: { conditionalRules: Array<{ id: string; enabled: boolean }> } }>(
      "GET",
      `/forms/${formId}`,
    );
    expect(problems).toEqual([]);
    await context.close();
    return saved.form.conditionalRules.map((rule) => [rule.id, rule.enabled]);
  }

  it("turns off a rule that compares with an option the author removes, and says so", async () => {
    const form = await colourForm("v1");
    const rules = await changeAndSave(
      form.id,
      (settings) => settings.getByRole("button", { name: "Remove option 1" }).click(),
      "The rule “Ask why” used the option you removed and is turned off until you check it.",
    );
    expect(rules).toEqual([["red", false]]);
  });

  it("turns off a rule that compares with Other when the author stops offering Other, and says so", async () => {
    const form = await colourForm("other:");
    const rules = await changeAndSave(
      form.id,
      (settings) =>
        settings.getByRole("switch", { name: "Offer “Other” with the respondent's own text" }).uncheck(),
      "The rule “Ask why” used “Other”, which this question no longer offers, and is turned off until you check it.",
    );
    expect(rules).toEqual([["red", false]]);
  });
});
