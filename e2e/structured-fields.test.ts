import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addFieldFromMenu } from "./builder-helpers.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  SCREENSHOTS,
  screenshot,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

const variant = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  value: id,
  ...extra,
});

const LAKE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#74c0fc"/><rect y="2" width="4" height="1" fill="#1971c2"/></svg>',
)}`;

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
  {
    id: "views",
    fieldType: "imageChoice",
    question: "Which views did you enjoy?",
    fieldSettings: {
      multiple: true,
      answerVariants: [
        variant("lake", "Lake", { image: LAKE }),
        // One picture does not load and one has none: both show their title on a plain tile.
        variant("hills", "Hills", { image: "/missing-picture.png" }),
        variant("city", "City"),
      ],
    },
  },
  {
    id: "favourite",
    fieldType: "imageChoice",
    question: "Your favourite view?",
    fieldSettings: {
      multiple: false,
      answerVariants: [
        variant("lake", "Lake", { image: LAKE }),
        variant("hills", "Hills"),
        variant("city", "City"),
      ],
    },
  },
  {
    id: "rank",
    fieldType: "sortable",
    question: "Rank the stops",
    fieldSettings: {
      answerVariants: [
        variant("a", "Alpha"),
        variant("b", "Bravo"),
        variant("c", "Charlie"),
        variant("d", "Delta"),
      ],
    },
  },
  {
    id: "gaps",
    fieldType: "gapText",
    question: "Complete the sentence",
    fieldSettings: { gapText: "I drink [[tea]] in the [[morning]]." },
  },
  {
    id: "pairs",
    fieldType: "correspondence",
    question: "Match the capitals",
    isRequired: true,
    fieldSettings: {
      answerVariants: [variant("fr", "France"), variant("jp", "Japan")],
      matches: [
        { id: "tokyo", title: "Tokyo" },
        { id: "paris", title: "Paris" },
      ],
    },
  },
];

/** What a respondent fills by keyboard, field by field, and what the server must store for it. */
const EXPECTED = {
  grid: { speed: "ok", extras: ["good", "bad"] },
  views: ["lake", "city"],
  favourite: "hills",
  gaps: ["coffee", "evening"],
  pairs: { fr: "paris", jp: "tokyo" },
};
const STOPS: Record<string, string> = { Alpha: "a", Bravo: "b", Charlie: "c", Delta: "d" };

async function fillByKeyboard(page: Page) {
  // Matrix: Space ticks the first column, an arrow moves the row's radio; Tab walks the checkboxes.
  const trip = page.getByRole("group", { name: "How was the trip?" });
  await trip.getByRole("group", { name: "Speed" }).getByRole("radio", { name: "Good" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  // The matrix is required: with a row left, sending is refused and the focus goes back to it.
  await page.getByRole("button", { name: "Send" }).press("Enter");
  await page.getByText("Please answer every row").waitFor();
  // The focus moves once the errors are drawn, a moment after they show.
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement as HTMLInputElement | null;
      const describedBy = active?.getAttribute("aria-describedby") ?? "";
      const texts = describedBy.split(" ").map((id) => document.getElementById(id)?.textContent);
      return { name: active?.name, value: active?.value, texts };
    });
  await expect.poll(async () => (await focused()).name).toMatch(/\[speed\]$/);
  expect((await focused()).texts).toContain("Please answer every row");
  await trip.getByRole("group", { name: "Extras" }).getByRole("checkbox", { name: "Good" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");

  // Image choice: checkboxes under the tiles when several may be chosen, radios otherwise.
  const views = page.getByRole("group", { name: "Which views did you enjoy?" });
  await views.getByRole("checkbox", { name: "Lake" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  const favourite = page.getByRole("group", { name: "Your favourite view?" });
  await favourite.getByRole("radio", { name: "Lake" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");

  // Sorting: the last stop shown is moved to the top with its Move up button, and that is announced.
  const rank = page.getByRole("group", { name: "Rank the stops" });
  const shown = await rank.locator(".fl-sortable-title").allTextContents();
  const last = shown.at(-1) ?? "";
  await rank.getByRole("button", { name: `Move ${last} up` }).focus();
  for (let i = 1; i < shown.length; i++) await page.keyboard.press("Enter");
  await expect.poll(() => rank.locator("[aria-live]").textContent()).toBe(`${last}: position 1 of 4`);
  // At the top Move up is disabled, so the focus stays on the item, on its Move down button.
  // The focus moves after the list is drawn again, which may come after the announcement.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
    .toBe(`Move ${last} down`);
  const ranked = [last, ...shown.slice(0, -1)].map((title) => STOPS[title]);

  // Gaps: type into each, Tab to the next.
  await page.getByRole("textbox", { name: "Gap 1" }).focus();
  await page.keyboard.type("coffee");
  await page.keyboard.press("Tab");
  await page.keyboard.type("evening");

  // Matching pairs are required too: sending without them brings the focus to the first drop-down.
  await page.getByRole("button", { name: "Send" }).press("Enter");
  await page.getByText("Please fill in the required fields").waitFor();
  // The focus moves in an effect after the message is drawn.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("SELECT");
  // Type-ahead picks the option in each drop-down.
  await page.keyboard.type("P");
  await page.keyboard.press("Tab");
  await page.keyboard.type("T");
  return ranked;
}

beforeAll(async () => {
  call = await accountOwner(run.app.url, "structured", "structured123");
});

describe("structured answers on the public page", () => {
  for (const width of [1280, 390]) {
    it(`fills a matrix, pictures, a ranking, gaps and pairs by keyboard at ${width} px and the server stores exactly that`, async () => {
      const alias = `structured-${width}`;
      const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
        collectRealCharacters: false,
        title: "Trip survey",
        formPathAlias: alias,
        fields: FIELDS,
      });
      const context = await run.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/f/${alias}?a=structured`);
      const ranked = await fillByKeyboard(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `structured-fields-${width}`);
      await page.getByRole("button", { name: "Send" }).press("Enter");
      await page.waitForURL(/thankyou/);

      const results = await call<{
        answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }>;
      }>("GET", `/forms/${form.id}/answer/paginated/1/50`);
      const stored = Object.fromEntries(results.answerList[0]!.answers.map((a) => [a.fieldId, a.answer]));
      expect(stored).toEqual({ ...EXPECTED, rank: ranked });
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("structured answers in the builder", () => {
  it("offers the five types in the add-field menu and previews each with its default settings", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", { title: "Palette check" });
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill("structured");
    await page.getByRole("textbox", { name: "Password" }).fill("structured123");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/forms/${form.id}/edit`);
    for (const [type, question] of [
      ["Matrix", "Grid"],
      ["Image choice", "Pictures"],
      ["Sorting", "Order"],
      ["Fill the gaps", "Sentence"],
      ["Matching pairs", "Pairs"],
    ] as const) {
      await addFieldFromMenu(page, type);
      await page.getByRole("textbox", { name: "Question", exact: true }).fill(question);
    }
    const preview = page.getByLabel("Live preview");
    await preview.getByRole("group", { name: "Grid" }).getByRole("group", { name: "Question 2" }).waitFor();
    expect(await preview.getByRole("group", { name: "Grid" }).getByRole("radio").count()).toBe(6);
    // No pictures yet: each option is its title on a plain tile, with its own radio.
    expect(await preview.getByRole("group", { name: "Pictures" }).getByRole("radio").count()).toBe(3);
    expect(await preview.getByRole("group", { name: "Order" }).getByRole("listitem").count()).toBe(3);
    expect(await preview.getByRole("textbox", { name: "Gap 1" }).count()).toBe(1);
    expect(await preview.getByRole("group", { name: "Pairs" }).getByRole("combobox").count()).toBe(3);
    await screenshot(page, "structured-fields-builder");
    // The matrix lays itself out by its own width: a grid with a header where 480 px fit, the
    // rows stacked as on a phone where they do not, and never wider than the preview.
    await preview.screenshot({ path: path.join(SCREENSHOTS, "structured-fields-preview.png") });
    const matrix = preview.locator(".fl-matrix");
    const width = await matrix.evaluate((element) => element.clientWidth);
    expect(await preview.locator(".fl-matrix-head").isVisible()).toBe(width > 480);
    expect(await matrix.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
