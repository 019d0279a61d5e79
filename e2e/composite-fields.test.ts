import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { sentSubmissions } from "./submissions.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "parts", "parts1234");
});

const FIELDS = [
  {
    id: "budget",
    fieldType: "currency",
    question: "Your budget",
    isRequired: true,
    fieldSettings: { chosenCurrencies: ["EUR", "USD", "GBP"] },
  },
  {
    id: "name",
    fieldType: "initials",
    question: "Your name",
    isRequired: true,
    fieldSettings: { showPatronymic: true },
  },
  { id: "colours", fieldType: "multipleInput", question: "Favourite colours" },
  { id: "weight", fieldType: "number", question: "Weight in kg", fieldSettings: { numberFormat: "comma" } },
];

async function createForm(alias: string): Promise<number> {
  const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
    collectRealCharacters: false,
    title: "Order details",
    formPathAlias: alias,
    fields: FIELDS,
  });
  return form.id;
}

async function storedAnswers(formId: number): Promise<Record<string, unknown>> {
  const results = await call<{
    answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }>;
  }>("GET", `/forms/${formId}/answer/paginated/1/50`);
  return Object.fromEntries(results.answerList[0]!.answers.map((a) => [a.fieldId, a.answer]));
}

/** Fills every field from the keyboard alone, as a person without a mouse would. */
async function fillByKeyboard(page: Page): Promise<void> {
  const money = page.getByRole("group", { name: "Your budget" });
  await money.getByLabel("Amount").focus();
  await page.keyboard.type("1250.5");
  await page.keyboard.press("Tab");
  expect(await money.getByLabel("Currency").evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Anna");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Petrovna");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Ivanova");
  await page.keyboard.press("Tab");
  await page.keyboard.type("red");
  await page.keyboard.press("Tab");
  // The only answer has no remove button: focus is on "Add answer", which moves it to the new input.
  await page.keyboard.press("Enter");
  await page.keyboard.type("green");
  // Past "Remove answer 2" to "Add answer".
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.keyboard.type("blue");
  // Take the second one away again with its numbered button.
  await page.getByRole("button", { name: "Remove answer 2" }).focus();
  await page.keyboard.press("Enter");
  await page.getByLabel("Weight in kg").focus();
  await page.keyboard.type("72,5");
}

describe("inputs made of parts on the public page", () => {
  for (const width of [1280, 390]) {
    it(`fills money, a name, a list and a comma number by keyboard at ${width} px`, async () => {
      const alias = `order-${width}`;
      const formId = await createForm(alias);
      const context = await run.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/f/${alias}?a=parts`);

      const currency = page.getByRole("group", { name: "Your budget" }).getByLabel("Currency");
      await currency.waitFor();
      expect(await currency.locator("option").allTextContents()).toEqual(["EUR", "USD", "GBP"]);
      expect(await page.getByLabel("First name").getAttribute("autocomplete")).toBe("given-name");
      expect(await page.getByLabel("Patronymic").getAttribute("autocomplete")).toBe("additional-name");
      expect(await page.getByLabel("Last name").getAttribute("autocomplete")).toBe("family-name");

      await fillByKeyboard(page);
      expect(await page.getByLabel("Weight in kg").inputValue()).toBe("72,5");
      expect(await page.getByLabel(/^Answer \d$/).evaluateAll((inputs) => inputs.length)).toBe(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `composite-fields-${width}`);

      await page.getByRole("button", { name: "Send" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/thankyou/);

      expect(await storedAnswers(formId)).toEqual({
        budget: { amount: 1250.5, currency: "USD" },
        name: { firstName: "Anna", patronymic: "Petrovna", lastName: "Ivanova" },
        colours: ["red", "blue"],
        weight: 72.5,
      });
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("a number with a decimal point", () => {
  it("keeps a typed comma out, which the browser would drop silently, and says to use a point", async () => {
    await call("POST", "/forms", {
      collectRealCharacters: false,
      title: "Trip",
      formPathAlias: "trip-km",
      fields: [{ id: "km", fieldType: "number", question: "Distance in km" }],
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const sent = sentSubmissions(page);
    await page.goto(`${run.app.url}/f/trip-km?a=parts`);
    const distance = page.getByRole("spinbutton", { name: "Distance in km" });
    await distance.pressSequentially("2,5");
    // What the box shows is what is sent: 25, not a "2,5" the browser reads as 25.
    const hint = page.getByRole("status").filter({ hasText: "Use a point for decimals, as in 2.5" });
    await hint.waitFor();
    expect(await distance.inputValue()).toBe("25");
    expect(await distance.getAttribute("aria-describedby")).toContain(await hint.getAttribute("id"));
    await screenshot(page, "number-comma-hint-390");
    await distance.fill("");
    await distance.pressSequentially("2.5");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    expect(sent.map((body) => body.answers)).toEqual([
      [expect.objectContaining({ fieldId: "km", answer: 2.5 })],
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** A text block that tries every way of running script it can; none may survive. */
const HOSTILE_MARKUP = [
  '<h3>Before you start</h3><p>Read <a href="https://example.com/terms">the terms</a>.</p>',
  '<img src="x" onerror="window.pwned = 1">',
  "<script>window.pwned = 2</script>",
  '<a href="javascript:window.pwned = 3">a trap</a>',
  '<p onclick="window.pwned = 4">Plain words</p>',
].join("");

const PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400"><rect width="1600" height="400" fill="#228be6"/></svg>',
)}`;

describe("text, pictures and computed values on the public page", () => {
  for (const width of [1280, 390]) {
    it(`shows them at ${width} px, computes the formula live and stores the shown formula's value with the answers`, async () => {
      const alias = `quote-${width}`;
      const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
        collectRealCharacters: false,
        title: "Quote",
        formPathAlias: alias,
        fields: [
          { id: "intro", fieldType: "markup", fieldSettings: { content: HOSTILE_MARKUP } },
          {
            id: "banner",
            fieldType: "imagePromo",
            fieldSettings: { images: [{ id: "i1", url: PICTURE, caption: "Our workshop" }] },
          },
          { id: "qty", fieldType: "number", question: "How many?", formulaName: "qty" },
          { id: "price", fieldType: "number", question: "Price each", formulaName: "price" },
          {
            id: "total",
            fieldType: "formula",
            question: "Total",
            formulaName: "amount",
            fieldSettings: { formula: "qty * price" },
          },
          {
            id: "margin",
            fieldType: "formula",
            question: "Our margin",
            formulaName: "margin",
            isHidden: true,
            fieldSettings: { formula: "amount * 0.3" },
          },
        ],
      });
      const context = await run.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/f/${alias}?a=parts`);

      const total = page.getByRole("status", { name: "Total" });
      await total
        .filter({ hasText: "—" })
        .or(total.filter({ hasText: "0" }))
        .waitFor();
      await page.getByLabel("How many?").focus();
      await page.keyboard.type("3");
      await page.keyboard.press("Tab");
      await page.keyboard.type("2.5");
      await total.filter({ hasText: "7.5" }).waitFor();
      await expect(page.getByText("Our margin").count()).resolves.toBe(0);

      // The text block: its content is there, nothing that could run is.
      const markup = page.locator(".fl-markup");
      await expect(markup.getByRole("heading", { name: "Before you start" }).count()).resolves.toBe(1);
      const leftovers = await markup.evaluate((block) => ({
        scripts: block.querySelectorAll("script").length,
        handlers: Array.from(block.querySelectorAll("*")).flatMap((el) =>
          el.getAttributeNames().filter((name: string) => name.startsWith("on")),
        ),
        scriptLinks: Array.from(block.querySelectorAll("a")).filter((a) => /^\s*javascript:/i.test(a.href))
          .length,
      }));
      expect(leftovers).toEqual({ scripts: 0, handlers: [], scriptLinks: 0 });
      const link = markup.getByRole("link", { name: "the terms" });
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(await link.getAttribute("target")).toBe("_blank");
      await markup.getByText("Plain words").click();
      expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

      // The picture: described, lazy, never wider than the form.
      const picture = page.getByRole("img", { name: "Our workshop" });
      expect(await picture.getAttribute("loading")).toBe("lazy");
      await picture.scrollIntoViewIfNeeded();
      const box = await picture.boundingBox();
      expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(width);
      expect(box?.width ?? 0).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `display-elements-${width}`);

      await page.getByRole("button", { name: "Send" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/thankyou/);
      // Text and pictures take no answer; the server stores the shown formula as it computed it,
      // 3 * 2.5, and nothing of the hidden one.
      expect(await storedAnswers(form.id)).toEqual({ qty: 3, price: 2.5, total: 7.5 });
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("a formula of the score on the public page", () => {
  it("says it is calculated when the form is sent, not 0, and the server stores its value", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      type: "calculation",
      title: "Quick quiz",
      formPathAlias: "score-formula",
      fields: [
        {
          id: "capital",
          fieldType: "radio",
          question: "Capital of France?",
          calcSettings: { calcType: "check_values", notEmptyScore: 0, points: 1 },
          fieldSettings: {
            answerVariants: [
              { id: "paris", title: "Paris", value: "", checkValue: true },
              { id: "lyon", title: "Lyon", value: "", checkValue: false },
            ],
          },
        },
        {
          id: "points",
          fieldType: "formula",
          question: "Your points so far",
          formulaName: "points",
          fieldSettings: { formula: "score" },
        },
      ],
    });
    const context = await run.browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/score-formula?a=parts`);
    const points = page.getByRole("status", { name: "Your points so far" });
    await points.filter({ hasText: "Calculated when you send the form" }).waitFor();
    // The right answer chosen: the page cannot know it is right, and says so rather than 0.
    await page.getByRole("radio", { name: "Paris" }).check();
    expect(await points.textContent()).toBe("Calculated when you send the form");
    await screenshot(page, "score-formula-390");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    expect(await storedAnswers(form.id)).toEqual({ capital: "paris", points: 1 });
    expect(problems).toEqual([]);
    await context.close();
  });
});
