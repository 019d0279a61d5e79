import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

/**
 * The submit rate, performing questions and fields analysis, after real visits in a browser: the
 * numbers the pages show are the ones computed here from what the visitors did.
 */
const run = appAndBrowser();
const OWNER = "funnelowner";
const PASSWORD = "funnel-pass-1";
let call: ApiCall;
let formId: number;
let emptyFormId: number;

const FIELDS = [
  { id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 },
  { id: "city", fieldType: "text", question: "Your city", fieldOrder: 1 },
  { id: "note", fieldType: "text", question: "Anything else", fieldOrder: 2 },
] as const;
type FieldId = (typeof FIELDS)[number]["id"];

/** What each visitor does: the questions typed into, in order, and whether they send the form. */
const VISITS: Array<{ typed: Array<[FieldId, string]>; sends: boolean }> = [
  {
    typed: [
      ["name", "Ann"],
      ["city", "Rome"],
    ],
    sends: true,
  },
  { typed: [["name", "Bo"]], sends: true },
  {
    typed: [
      ["name", "Cy"],
      ["city", "Oslo"],
    ],
    sends: false,
  },
  { typed: [["name", "Di"]], sends: false },
  // Opens the form and leaves without touching it.
  { typed: [], sends: false },
];

const pct = (part: number, whole: number) => `${Math.round((part / whole) * 1000) / 10}%`;
const titleOf = (id: FieldId) => FIELDS.find((f) => f.id === id)!.question;

/** Figures from the visits alone. */
const views = VISITS.length;
const begun = VISITS.filter((v) => v.typed.length > 0);
const sent = VISITS.filter((v) => v.sends);
const answered = (id: FieldId) => sent.filter((v) => v.typed.some(([f]) => f === id)).length;
const reached = (id: FieldId) => begun.filter((v) => v.typed.some(([f]) => f === id)).length;
const stoppedAt = (id: FieldId) => begun.filter((v) => !v.sends && v.typed.at(-1)?.[0] === id).length;

async function visit(browser: Browser, alias: string, plan: (typeof VISITS)[number]): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  // The behaviour recorder loads after the page; a visit quicker than that would record nothing.
  const recorder = page.waitForResponse(/\/behavior-[^/]*\.js$/);
  await page.goto(`${run.app.url}/f/${alias}?a=${OWNER}`);
  await page.getByRole("textbox", { name: "Your name" }).waitFor();
  await recorder;
  for (const [field, text] of plan.typed) {
    await page.getByRole("textbox", { name: titleOf(field) }).click();
    await page.keyboard.type(text, { delay: 40 });
  }
  if (plan.sends) {
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(/thankyou/);
  } else if (plan.typed.length > 0) {
    // Leaving the page sends what its behaviour recorder holds. Closing the browser context at
    // once could cut that last batch off, which closing a tab in a browser that goes on does not:
    // the server has it when this filling no longer counts as left before any question.
    await page.goto("about:blank");
    const left = VISITS.slice(0, VISITS.indexOf(plan) + 1).filter((v) => v.typed.length > 0 && !v.sends);
    await expect
      .poll(
        () =>
          call<{ unfinished: number; stoppedBeforeAnyQuestion: number }>(
            "GET",
            `/forms/${formId}/fields-analysis`,
          ).then((r) => [r.unfinished, r.stoppedBeforeAnyQuestion]),
        { timeout: 20_000 },
      )
      .toEqual([left.length, 0]);
  }
  expect(problems).toEqual([]);
  await context.close();
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill(OWNER);
  await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
}

/** Runs the check signed in, in a fresh page at the desktop and then the phone width, with no page errors. */
async function atEachWidth(check: (page: Page, width: number) => Promise<void>): Promise<void> {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    const context = await run.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);
    await check(page, width);
    expect(problems).toEqual([]);
    await context.close();
  }
}

const cells = (page: Page, field: string) =>
  page
    .locator(`tr[data-field="${field}"] td`)
    .allTextContents()
    .then((texts) => texts.map((text) => text.trim()));

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, PASSWORD);
  const created = await call<{ form: { id: number } }>("POST", "/forms", {
    collectRealCharacters: false,
    title: "Trip survey",
    formPathAlias: "trip",
    fields: FIELDS,
  });
  formId = created.form.id;
  emptyFormId = (
    await call<{ form: { id: number } }>("POST", "/forms", { title: "Quiet survey", fields: FIELDS })
  ).form.id;
});

describe("the form's funnel", () => {
  it("counts what the visitors' browsers did", async () => {
    for (const plan of VISITS) await visit(run.browser, "trip", plan);
    // The unfinished visits' behaviour arrives as their pages are left.
    await expect
      .poll(
        () =>
          call<{ unfinished: number }>("GET", `/forms/${formId}/fields-analysis`).then((r) => r.unfinished),
        {
          timeout: 30_000,
        },
      )
      .toBe(begun.length - sent.length);
    const rate = await call<Record<string, number>>("GET", `/forms/${formId}/answers/submit-rate`);
    expect(rate).toMatchObject({ views, starts: begun.length, submissions: sent.length });
  });

  it("shows views, starts and submissions on the overview as the visits made them", async () => {
    await atEachWidth(async (page, width) => {
      await page.goto(`${run.app.url}/forms/${formId}/overview`);
      const card = page.getByTestId("submit-rate");
      await expect
        .poll(() => page.getByTestId("funnel-views").textContent(), { timeout: 20_000 })
        .toContain(String(views));
      expect(await page.getByTestId("funnel-starts").textContent()).toContain(String(begun.length));
      expect(await page.getByTestId("funnel-submissions").textContent()).toContain(String(sent.length));
      expect(await page.getByTestId("submit-rate-value").textContent()).toBe(pct(sent.length, views));
      expect(await card.getByTestId("completion-rate").textContent()).toContain(
        pct(sent.length, begun.length),
      );
      await screenshot(page, `form-funnel-overview-${width}`);
    });
  });

  it("ranks the questions in the statistics by the figure chosen", async () => {
    await atEachWidth(async (page, width) => {
      await page.goto(`${run.app.url}/forms/${formId}/results`);
      await page.getByText("Statistics", { exact: true }).click();
      const table = page.getByRole("table", { name: "Performing questions" });
      await table.waitFor({ timeout: 20_000 });
      for (const field of FIELDS) {
        const given = answered(field.id);
        await expect
          .poll(() => cells(page, field.id).then((row) => row.slice(0, 4)))
          .toEqual([
            field.question,
            String(given),
            pct(given, sent.length),
            pct(sent.length - given, sent.length),
          ]);
      }
      await table.getByRole("button", { name: "Sort by Skip rate" }).click();
      const bySkips = [...FIELDS]
        .sort((a, b) => answered(a.id) - answered(b.id) || a.fieldOrder - b.fieldOrder)
        .map((f) => f.question);
      await expect.poll(() => table.locator("tbody tr td:first-child").allTextContents()).toEqual(bySkips);
      await screenshot(page, `form-funnel-statistics-${width}`);
    });
  });

  it("shows where unfinished fillings stopped on the fields-analysis tab, and a clear empty state", async () => {
    await atEachWidth(async (page, width) => {
      await page.goto(`${run.app.url}/forms/${formId}/overview`);
      await page.getByRole("tab", { name: "Fields analysis" }).click();
      await page.waitForURL(`${run.app.url}/forms/${formId}/fields-analysis`);
      await expect
        .poll(() => page.getByTestId("analysis-fillings").textContent(), { timeout: 20_000 })
        .toBe(String(begun.length));
      expect(await page.getByTestId("analysis-submitted").textContent()).toBe(String(sent.length));
      expect(await page.getByTestId("analysis-unfinished").textContent()).toBe(
        String(begun.length - sent.length),
      );
      expect(await page.getByTestId("analysis-before-any").textContent()).toBe("0");
      for (const field of FIELDS) {
        expect((await cells(page, field.id)).slice(0, 4)).toEqual([
          field.question,
          String(reached(field.id)),
          String(answered(field.id)),
          String(stoppedAt(field.id)),
        ]);
      }
      await expect.poll(() => page.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(0);
      await screenshot(page, `form-funnel-fields-analysis-${width}`);

      await page.goto(`${run.app.url}/forms/${emptyFormId}/fields-analysis`);
      await expect.poll(() => page.getByTestId("analysis-empty").textContent()).toContain("No fillings yet");
      await screenshot(page, `form-funnel-fields-analysis-empty-${width}`);
    });
  });
});
