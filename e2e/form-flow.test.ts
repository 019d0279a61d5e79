import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { storedAnswers } from "./fill-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

const variant = (id: string, title: string) => ({ id, title, value: id });

/**
 * A step-by-step form in Russian: each question is a step, numbered "Вопрос N.". Going by car
 * jumps over the train question; the fourth step has a 2-second timer and moves on by itself.
 */
const FIELDS = [
  { id: "name", fieldType: "text", question: "Как вас зовут?", isRequired: true },
  {
    id: "transport",
    fieldType: "radio",
    question: "Как вы добирались?",
    isRequired: true,
    fieldSettings: { answerVariants: [variant("car", "На машине"), variant("train", "На поезде")] },
  },
  { id: "train", fieldType: "text", question: "Номер поезда", isRequired: true },
  { id: "clock", fieldType: "timer", title: "", fieldSettings: { seconds: 2 } },
  { id: "quick", fieldType: "text", question: "Одно слово о поездке" },
  { id: "comment", fieldType: "textarea", question: "Что добавить?" },
].map((field, fieldOrder) => ({ ...field, fieldOrder }));

const RULES = [
  {
    id: "by-car",
    name: "By car",
    if: {
      kind: "group",
      combinator: "AND",
      conditions: [{ kind: "field", fieldId: "transport", operator: "equal", value: "car" }],
    },
    // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
    then: [{ type: "jump", targetFieldId: "quick" }],
  },
];

const heading = (page: Page, text: string) => page.getByRole("heading", { name: text, exact: true });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

async function fillForm(page: Page, width: number) {
  await heading(page, "Шаг 1 из 5").waitFor();
  const name = page.getByRole("textbox", { name: "Вопрос 1. Как вас зовут?" });
  // Next checks the step: the error under the question is singular, the summary plural.
  await page.getByRole("button", { name: "Далее" }).click();
  await page.getByText("Заполните это поле").waitFor();
  await page.getByText("Заполните обязательные поля").waitFor();
  expect(await name.evaluate((input) => input === document.activeElement)).toBe(true);
  await screenshot(page, `form-flow-${width}-required`);
  expect(await axeViolations(page)).toEqual([]);
  await name.fill("Анна");
  await name.press("Enter");
  await heading(page, "Шаг 2 из 5").waitFor();
  // The step's heading takes the focus once it is drawn, a moment after it shows.
  await expect.poll(() => focusedText(page)).toBe("Шаг 2 из 5");

  // By train first: the train step comes, is answered, then left by going back twice.
  const transport = page.getByRole("group", { name: "Вопрос 2. Как вы добирались?" });
  await transport.getByRole("radio", { name: "На поезде" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Enter");
  await heading(page, "Шаг 3 из 5").waitFor();
  await page.getByRole("textbox", { name: "Вопрос 3. Номер поезда" }).fill("742");
  await page.getByRole("button", { name: "Назад" }).click();
  await heading(page, "Шаг 2 из 5").waitFor();

  // By car the form jumps over the train question, to the timed step.
  await transport.getByRole("radio", { name: "На машине" }).check();
  await page.getByRole("button", { name: "Далее" }).click();
  await heading(page, "Шаг 4 из 5").waitFor();
  const timer = page.getByRole("timer", { name: "Осталось времени" });
  expect(await timer.textContent()).toMatch(/^00:0[12]$/);
  await screenshot(page, `form-flow-${width}-timer`);
  expect(await axeViolations(page, "form")).toEqual([]);
  // Nothing typed: at zero the step moves on by itself, and says so.
  await heading(page, "Шаг 5 из 5").waitFor({ timeout: 5000 });
  await page.getByText("Время вышло: переходим к следующему шагу").waitFor({ state: "attached" });

  await page.getByRole("textbox", { name: "Вопрос 5. Что добавить?" }).fill("Всё отлично");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await screenshot(page, `form-flow-${width}-last`);
  await page.getByRole("button", { name: "Отправить" }).click();
  await page.waitForURL(/thankyou/);
  await page.getByText("Спасибо, что заполнили форму!").waitFor();
}

beforeAll(async () => {
  call = await accountOwner(run.app.url, "flowowner", "flowowner123");
});

describe("a step-by-step form in Russian", () => {
  for (const width of [1280, 390]) {
    it(`numbers the steps, checks each, jumps, moves on at the timer's zero and stores what was entered at ${width} px`, async () => {
      const alias = `flow-${width}`;
      const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
        collectRealCharacters: false,
        title: "Опрос о поездке",
        formPathAlias: alias,
        language: "RU",
        display: "stepByStep",
        questionsNumbering: "custom",
        questionsNumberingTemplate: "Вопрос {n}.",
        conditionalRules: RULES,
        fields: FIELDS,
      });
      const context = await run.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/f/${alias}?a=flowowner`);
      await fillForm(page, width);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("ru");

      const stored = await storedAnswers(call, form.id);
      // The train number typed before the jump belongs to a skipped step: it is not sent.
      expect(stored).toEqual({ name: "Анна", transport: "car", comment: "Всё отлично" });
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("a form with a time limit", () => {
  it("shows the time left and sends what was entered when it runs out", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Quick poll",
      formPathAlias: "flow-timed",
      hasTimer: true,
      formTimer: { showTimer: "show", formTimer: 6, stepTimer: 0 },
      fields: [{ id: "word", fieldType: "text", question: "One word", fieldOrder: 0 }],
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/flow-timed?a=flowowner`);
    const timer = page.getByRole("timer", { name: "Time left for the form" });
    // Counting down once the page's script runs; a busy machine may take a second or two to get there.
    await expect.poll(() => timer.textContent()).toMatch(/^00:0[1-5]$/);
    await page.getByRole("textbox", { name: "One word" }).fill("swift");
    await screenshot(page, "form-flow-390-form-timer");
    await page.waitForURL(/thankyou/, { timeout: 20_000 });

    const results = await call<{
      answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }>;
    }>("GET", `/forms/${form.id}/answer/paginated/1/50`);
    expect(results.answerList[0]!.answers.map((a) => [a.fieldId, a.answer])).toEqual([["word", "swift"]]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a form on several pages", () => {
  it("groups fields, names its buttons, fills a value a rule assigns, and sends no answer of a field a rule hid", async () => {
    const share = (value: string) => ({
      kind: "group",
      combinator: "AND",
      conditions: [{ kind: "field", fieldId: "share", operator: "equal", value }],
    });
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Club sign-up",
      formPathAlias: "flow-pages",
      display: "severalPages",
      questionsNumbering: "numbers",
      conditionalRules: [
        {
          id: "private",
          name: "Private",
          if: share("no"),
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [
            { type: "hide", fieldIds: ["nick"] },
            { type: "assign", fieldId: "city", value: "London" },
          ],
        },
      ],
      fields: [
        { id: "contact", fieldType: "fieldGroup", title: "Contact" },
        {
          id: "mail",
          fieldType: "email",
          question: "E-mail",
          fieldSettings: { fieldGroup: "contact", fieldGroupOrder: 0 },
        },
        {
          id: "phone",
          fieldType: "phone",
          question: "Phone",
          fieldSettings: { fieldGroup: "contact", fieldGroupOrder: 1 },
        },
        {
          id: "share",
          fieldType: "radio",
          question: "Show a nickname?",
          fieldSettings: { answerVariants: [variant("yes", "Yes"), variant("no", "No")] },
        },
        { id: "nick", fieldType: "text", question: "Nickname" },
        {
          id: "buttons",
          fieldType: "pageButtons",
          fieldSettings: { nextLabel: "Onward", backLabel: "Return" },
        },
        { id: "break", fieldType: "pageBreak" },
        { id: "city", fieldType: "text", question: "City" },
      ].map((field, fieldOrder) => ({ ...field, fieldOrder })),
    });
    for (const width of [1280, 390]) {
      const context = await run.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/f/flow-pages?a=flowowner`);
      await heading(page, "Page 1 of 2").waitFor();
      const contact = page.getByRole("group", { name: "Contact" });
      await contact.getByRole("textbox", { name: "1. E-mail" }).fill("ada@example.com");
      await contact.getByRole("textbox", { name: "2. Phone" }).fill("+1 555 0100");
      await page.getByRole("radio", { name: "Yes" }).check();
      await page.getByRole("textbox", { name: "4. Nickname" }).fill("Countess");
      await screenshot(page, `form-flow-${width}-pages`);
      expect(await axeViolations(page)).toEqual([]);
      // Saying no hides the nickname: its answer stays behind.
      await page.getByRole("radio", { name: "No" }).check();
      await page.getByRole("textbox", { name: "Nickname" }).waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Onward" }).click();
      await heading(page, "Page 2 of 2").waitFor();
      // The same rule filled in the city, which is the rule's to keep while it holds: it cannot be
      // typed over only to be put back.
      const city = page.getByRole("textbox", { name: "4. City" });
      expect(await city.inputValue()).toBe("London");
      expect(await city.isEditable()).toBe(false);
      await page.getByRole("button", { name: "Send" }).click();
      await page.waitForURL(/thankyou/);
      expect(problems).toEqual([]);
      await context.close();
    }

    const results = await call<{
      answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }>;
    }>("GET", `/forms/${form.id}/answer/paginated/1/50`);
    expect(results.answerList).toHaveLength(2);
    for (const submission of results.answerList) {
      expect(Object.fromEntries(submission.answers.map((a) => [a.fieldId, a.answer]))).toEqual({
        mail: "ada@example.com",
        phone: "+1 555 0100",
        share: "no",
        city: "London",
      });
    }
  });
});

describe("a jump past a page already answered", () => {
  it("takes that page's answers out of the rules, on the page and when sent", async () => {
    const when = (fieldId: string, operator: string, value: string) => ({
      kind: "group",
      combinator: "AND",
      conditions: [{ kind: "field", fieldId, operator, value }],
    });
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Walking tour",
      formPathAlias: "flow-skipped",
      display: "severalPages",
      conditionalRules: [
        {
          id: "short-walk",
          name: "Short walk",
          if: when("route", "equal", "short"),
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "jump", targetFieldId: "group" }],
        },
        {
          id: "adults",
          name: "Adults",
          if: when("age", "greaterOrEqual", "18"),
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [
            { type: "assign", fieldId: "group", value: "Adults" },
            { type: "show", fieldIds: ["wine"] },
          ],
        },
      ],
      fields: [
        {
          id: "route",
          fieldType: "radio",
          question: "Which walk?",
          fieldSettings: { answerVariants: [variant("short", "Short"), variant("long", "Long")] },
        },
        { id: "break1", fieldType: "pageBreak" },
        { id: "age", fieldType: "number", question: "Your age" },
        { id: "break2", fieldType: "pageBreak" },
        { id: "group", fieldType: "text", question: "Group" },
        { id: "wine", fieldType: "text", question: "Wine or juice?", isHidden: true },
      ].map((field, fieldOrder) => ({ ...field, fieldOrder })),
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/flow-skipped?a=flowowner`);
    await page.getByRole("radio", { name: "Long" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await heading(page, "Page 2 of 3").waitFor();
    await page.getByRole("spinbutton", { name: "Your age" }).fill("30");
    await page.getByRole("button", { name: "Next" }).click();
    await heading(page, "Page 3 of 3").waitFor();
    const group = page.getByRole("textbox", { name: "Group" });
    expect(await group.inputValue()).toBe("Adults");
    await page.getByRole("textbox", { name: "Wine or juice?" }).waitFor();

    // Back to the start and the short walk, which passes the age page by: its 30 is taken back.
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Back" }).click();
    await heading(page, "Page 1 of 3").waitFor();
    await page.getByRole("radio", { name: "Short" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await heading(page, "Page 3 of 3").waitFor();
    expect(await group.inputValue()).toBe("");
    expect(await group.isEditable()).toBe(true);
    expect(await page.getByRole("textbox", { name: "Wine or juice?" }).count()).toBe(0);
    await screenshot(page, "form-flow-1280-skipped-page");
    await group.fill("Walkers");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    expect(problems).toEqual([]);
    await context.close();

    expect(await storedAnswers(call, form.id)).toEqual({ route: "short", group: "Walkers" });
  });
});
