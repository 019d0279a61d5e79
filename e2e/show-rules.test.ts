import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

/**
 * "If the score is 6 or less, show What went wrong?": the question waits for its rule, without the
 * author also hiding it, with the page's script and without it, and the server keeps its answer
 * only where it was shown.
 */
const run = appAndBrowser();
let call: ApiCall;
let subdomain: string;
let context: BrowserContext | undefined;

const SCORE = "How likely are you to recommend us?";
const WRONG = "What went wrong?";

beforeAll(async () => {
  call = await accountOwner(run.app.url, "showrules", "showrules12345");
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function survey(alias: string): Promise<number> {
  const made = await call<{ form: { id: number; account: { subdomain: string } } }>("POST", "/forms", {
    collectRealCharacters: false,
    title: "After your order",
    formPathAlias: alias,
    fields: [
      { id: "nps", fieldType: "nps", question: SCORE, fieldOrder: 0 },
      { id: "wrong", fieldType: "text", question: WRONG, fieldOrder: 1 },
    ],
    conditionalRules: [
      {
        id: "low",
        name: "Ask what went wrong",
        if: {
          kind: "group",
          combinator: "AND",
          conditions: [{ kind: "field", fieldId: "nps", operator: "lowerOrEqual", value: 6 }],
        },
        // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
        then: [{ type: "show", fieldIds: ["wrong"] }],
      },
    ],
  });
  subdomain = made.form.account.subdomain;
  return made.form.id;
}

/** Every submission's answers, by field id, whatever their order. */
async function submissions(formId: number): Promise<Array<Record<string, unknown>>> {
  const page = await call<{ answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }> }>(
    "GET",
    `/forms/${formId}/answer/paginated/1/50`,
  );
  return page.answerList.map((row) => Object.fromEntries(row.answers.map((a) => [a.fieldId, a.answer])));
}

async function openForm(alias: string, javaScriptEnabled: boolean): Promise<Page> {
  context ??= await run.browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${run.app.url}/f/${alias}?a=${subdomain}`);
  await page.getByRole("group", { name: SCORE, exact: true }).waitFor();
  return page;
}

const score = (page: Page, value: string) =>
  page
    .getByRole("group", { name: SCORE, exact: true })
    .getByRole("radio", { name: value, exact: true })
    .check();
const wrong = (page: Page) => page.getByRole("textbox", { name: WRONG });
const sent = (page: Page) =>
  page.getByRole("heading", { name: "Form After your order was submitted successfully!" }).waitFor();

describe("the builder, of a question a rule shows", () => {
  it("says in the question's settings and in the rule which rule shows it, and its preview waits for the rule", async () => {
    const formId = await survey("shown-in-builder");
    context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill("showrules");
    await page.getByRole("textbox", { name: "Password" }).fill("showrules12345");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);

    await page.goto(`${run.app.url}/forms/${formId}/edit`);
    const preview = page.getByTestId("preview-frame");
    await preview.getByText(SCORE).waitFor();
    // The preview runs the same rules: the question is not there until a low score is given.
    expect(await preview.getByText(WRONG).count()).toBe(0);
    await page.getByRole("list", { name: "Form fields" }).getByText(WRONG, { exact: true }).click();
    const settings = page.getByTestId("element-settings");
    await settings
      .getByText(
        "Shown only when a rule shows it: “Ask what went wrong”. Until then respondents do not see it.",
      )
      .waitFor();
    await screenshot(page, "show-rule-field-settings-1280");

    await page.goto(`${run.app.url}/forms/${formId}/rules/low/edit`);
    await page
      .getByRole("group", { name: "Then" })
      .getByText("These fields stay hidden until this rule shows them.")
      .waitFor();
    // A rule that runs only when the form is sent shows nothing while it is filled: no such word.
    await page.getByRole("radio", { name: "When the form is sent" }).check();
    await page
      .getByText("These fields stay hidden until this rule shows them.")
      .waitFor({ state: "detached" });
    expect(problems).toEqual([]);
  });
});

describe("a question a rule shows", () => {
  it("is asked with the page's script only after a low score, and kept only where it was shown", async () => {
    const formId = await survey("shown-with-script");
    const nine = await openForm("shown-with-script", true);
    const problems = watchErrors(nine);
    expect(await wrong(nine).count()).toBe(0);
    await score(nine, "9");
    expect(await wrong(nine).count()).toBe(0);
    await nine.getByRole("button", { name: "Send" }).click();
    await sent(nine);

    const three = await openForm("shown-with-script", true);
    await score(three, "3");
    await wrong(three).fill("Slow delivery");
    await screenshot(three, "show-rule-low-score-390");
    await three.getByRole("button", { name: "Send" }).click();
    await sent(three);

    // Shown by a 3, answered, then hidden again by a 9: the answer is not sent.
    const changed = await openForm("shown-with-script", true);
    await score(changed, "3");
    await wrong(changed).fill("Changed my mind");
    await score(changed, "9");
    await wrong(changed).waitFor({ state: "detached" });
    await changed.getByRole("button", { name: "Send" }).click();
    await sent(changed);

    const stored = await submissions(formId);
    expect(stored).toHaveLength(3);
    expect(stored.filter((answers) => answers.nps === 9)).toEqual([{ nps: 9 }, { nps: 9 }]);
    expect(stored).toContainEqual({ nps: 3, wrong: "Slow delivery" });
    expect(problems).toEqual([]);
  });

  it("is asked without JavaScript after a low score: the page comes back with it before anything is stored", async () => {
    const formId = await survey("shown-without-script");
    const nine = await openForm("shown-without-script", false);
    expect(await wrong(nine).count()).toBe(0);
    await score(nine, "9");
    await nine.getByRole("button", { name: "Send" }).click();
    await sent(nine);
    expect(await submissions(formId)).toEqual([{ nps: 9 }]);

    const three = await openForm("shown-without-script", false);
    expect(await wrong(three).count()).toBe(0);
    await score(three, "3");
    await three.getByRole("button", { name: "Send" }).click();
    await three.getByText("Your answers opened more questions.", { exact: false }).waitFor();
    await screenshot(three, "show-rule-without-script-390");
    expect(await submissions(formId)).toHaveLength(1);
    expect(
      await three
        .getByRole("group", { name: SCORE, exact: true })
        .getByRole("radio", { name: "3", exact: true })
        .isChecked(),
    ).toBe(true);
    await wrong(three).fill("Slow delivery");
    await three.getByRole("button", { name: "Send" }).click();
    await sent(three);

    const stored = await submissions(formId);
    expect(stored).toHaveLength(2);
    expect(stored).toContainEqual({ nps: 3, wrong: "Slow delivery" });
  });
});

describe("a question a date rule shows", () => {
  it("is asked as the server asks it, wherever the respondent's clock is", async () => {
    const APPOINTMENT = "Appointment";
    const EARLY = "Why so early?";
    const made = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Booking",
      formPathAlias: "date-rule-zones",
      fields: [
        {
          id: "dt",
          fieldType: "dateTime",
          question: APPOINTMENT,
          fieldOrder: 0,
          fieldSettings: { dateTimeMode: "datetime" },
        },
        { id: "early", fieldType: "text", question: EARLY, isRequired: true, fieldOrder: 1 },
      ],
      conditionalRules: [
        {
          id: "before",
          name: "Before June 2",
          if: {
            kind: "group",
            combinator: "AND",
            conditions: [{ kind: "field", fieldId: "dt", operator: "lower", value: "2024-06-02" }],
          },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "show", fieldIds: ["early"] }],
        },
      ],
    });
    // June 1, 22:00 is before June 2 in New York too; June 2, 05:00 is not, in Tokyo either.
    for (const [timezoneId, typed, asked] of [
      ["America/New_York", "01.06.2024 22:00", true],
      ["Asia/Tokyo", "02.06.2024 05:00", false],
    ] as const) {
      const zoned = await run.browser.newContext({ timezoneId, viewport: { width: 390, height: 900 } });
      try {
        const page = await zoned.newPage();
        const problems = watchErrors(page);
        await page.goto(`${run.app.url}/f/date-rule-zones?a=${subdomain}`);
        const when = page.getByRole("textbox", { name: APPOINTMENT });
        await when.fill(typed);
        await when.press("Tab");
        const early = page.getByRole("textbox", { name: EARLY });
        if (asked) {
          await early.fill("A flight at dawn");
          await screenshot(page, "date-rule-new-york-390");
        } else {
          // Were it asked, it would be required and the page would not be sent below.
          expect(await early.count()).toBe(0);
        }
        await page.getByRole("button", { name: "Send" }).click();
        await page.getByRole("heading", { name: "Form Booking was submitted successfully!" }).waitFor();
        expect(problems).toEqual([]);
      } finally {
        await zoned.close();
      }
    }
    expect(await submissions(made.form.id)).toEqual(
      expect.arrayContaining([
        { dt: "2024-06-01T22:00", early: "A flight at dawn" },
        { dt: "2024-06-02T05:00" },
      ]),
    );
  });
});
