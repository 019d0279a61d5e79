import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let token: string;

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${run.app.url}/api${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}

const variant = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  value: id,
  ...extra,
});

/** One field of each structured type, with the settings its component reads. */
const FIELDS = [
  {
    id: "grid",
    fieldType: "matrix",
    question: "How was the trip?",
    isRequired: true,
    fieldSettings: {
      answerVariants: [variant("good", "Good"), variant("ok", "Fine"), variant("bad", "Poor")],
      questions: [
        { id: "speed", question: "Speed", multiple: false },
        { id: "extras", question: "Extras", multiple: true },
      ],
    },
  },
];

/** What a respondent fills by keyboard, field by field, and what the server must store for it. */
const EXPECTED = {
  grid: { speed: "ok", extras: ["good", "bad"] },
};

async function fillByKeyboard(page: Page) {
  // Matrix: Space ticks the first column, an arrow moves the row's radio; Tab walks the checkboxes.
  const trip = page.getByRole("group", { name: "How was the trip?" });
  await trip.getByRole("group", { name: "Speed" }).getByRole("radio", { name: "Good" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
}

beforeAll(async () => {
  ({ token } = await call<{ token: string }>("POST", "/register", {
    username: "structured",
    email: "structured@example.com",
    password: "structured123",
    passwordConfirmation: "structured123",
    acceptTermsAndConditionsAgreement: true,
    acceptPrivacyPolicyAgreement: true,
  }));
  await call("POST", "/account/create", { name: "Structured", subdomain: "structured", acceptDpa: true });
});

describe("structured answers on the public page", () => {
  for (const width of [1280, 390]) {
    it(`fills a matrix by keyboard at ${width} px and the server stores exactly that`, async () => {
      const alias = `structured-${width}`;
      const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
        title: "Trip survey",
        formPathAlias: alias,
        fields: FIELDS,
      });
      const context = await run.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/f/${alias}?a=structured`);
      await fillByKeyboard(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `structured-fields-${width}`);
      await page.getByRole("button", { name: "Send" }).press("Enter");
      await page.waitForURL(/thankyou/);

      const results = await call<{
        answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }>;
      }>("GET", `/forms/${form.id}/answer/paginated/1/50`);
      const stored = Object.fromEntries(results.answerList[0]!.answers.map((a) => [a.fieldId, a.answer]));
      expect(stored).toEqual(EXPECTED);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
