// The form's charts on its overview, the results' statistics and the visualization page, and a
// shared report opened signed out. 500 submissions over 60 days from several devices and countries
// are written with SQL on the stopped server's embedded database, as dashboard-analytics does.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { appWithDatabase } from "./seeded-app.ts";
import {
  type ApiCall,
  accountOwner,
  createdForm,
  screenshot,
  signIn as signInAs,
  watchErrors,
} from "./support.ts";

const USER = "chartowner";
const PASSWORD = "chart-secret-1";
const DEVICES = [
  "desktop",
  "desktop",
  "desktop",
  "mobile",
  "mobile",
  "tablet",
  "desktop",
  "mobile",
  "desktop",
  "unknown",
];
const COUNTRIES = ["DE", "FR", "US", "BR", "JP", null, "DE", "US"] as const;
const COLOURS = ["red", "blue", "green", "red", "blue"];

/** One seeded submission: how many days before today (UTC) it came, and what it says. */
interface Seeded {
  back: number;
  device: string;
  country: string | null;
  seconds: number;
  colour: string;
  nps: number;
}
const SEEDED: Seeded[] = Array.from({ length: 500 }, (_, i) => ({
  back: (i * 7) % 60,
  device: DEVICES[i % DEVICES.length]!,
  country: COUNTRIES[i % COUNTRIES.length]!,
  seconds: 20 + ((i * 37) % 900),
  colour: COLOURS[i % COLOURS.length]!,
  nps: (i * 3) % 11,
}));
/** Stored as the server stores them: the browser's device and the address's place. */
const deviceOf = (type: string) => ({
  type,
  os: "Linux",
  browser: "Chrome",
  language: "en",
  platform: "web",
});
const geoOf = (country: string) => ({
  country,
  region: null,
  city: null,
  zipcode: null,
  timeZone: null,
  latitude: null,
  longitude: null,
});
const within = (days: number) => SEEDED.filter((s) => s.back < days);

const run = appWithDatabase("charts");
let formId = 0;
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, USER, PASSWORD);
  const me = await call<{ id: number }>("GET", "/user");
  await call("PATCH", `/user/${me.id}/settings`, { timezone: "UTC" });
  formId = (
    await createdForm(call, {
      title: "Charts survey",
      fields: [
        { id: "name", fieldType: "text", question: "Your name" },
        {
          id: "colour",
          fieldType: "radio",
          question: "Favourite colour",
          fieldSettings: {
            answerVariants: COLOURS.slice(0, 3).map((id) => ({
              id,
              title: id[0]!.toUpperCase() + id.slice(1),
              value: id,
            })),
          },
        },
        { id: "nps", fieldType: "nps", question: "Would you recommend us?" },
      ],
    })
  ).id;
  // The same address after, so the owner's calls made above still reach it.
  await run.withDatabase(async (db) => {
    const { rows } = await db.query<{ account_id: number }>("select account_id from forms where id = $1", [
      formId,
    ]);
    const accountId = rows[0]!.account_id;
    const values = SEEDED.map((s, i) => {
      const answers = JSON.stringify([
        { fieldId: "name", answer: `Person ${i}`, formulaName: "" },
        { fieldId: "colour", answer: s.colour, formulaName: "" },
        { fieldId: "nps", answer: s.nps, formulaName: "" },
      ]);
      return `(${accountId}, ${formId}, ((current_date - ${s.back}) + time '12:00') at time zone 'UTC', '${answers}'::jsonb, '${JSON.stringify(deviceOf(s.device))}'::jsonb, ${s.country ? `'${JSON.stringify(geoOf(s.country))}'::jsonb` : "null"}, ${s.seconds})`;
    });
    await db.exec(
      `insert into form_answers (account_id, form_id, submit_time, answers, device, geo, form_passing_time) values ${values.join(",")}`,
    );
    await db.exec(
      `insert into form_view_hours (account_id, form_id, hour, views)
     select ${accountId}, ${formId}, ((current_date - d) + time '12:00') at time zone 'UTC', 10 + d from generate_series(0, 59) d`,
    );
  });
}, 120_000);

const signIn = (page: Page) => signInAs(page, run.app.url, USER, PASSWORD);

const CHARTS = ["chart-daily", "chart-time", "chart-devices", "chart-countries", "chart-submit-rate"];

/** Every general chart's text (its hidden table included), once all have drawn. */
async function chartTexts(page: Page): Promise<string[]> {
  for (const id of CHARTS) await page.getByTestId(id).locator("table").first().waitFor({ state: "attached" });
  return Promise.all(CHARTS.map(async (id) => (await page.getByTestId(id).textContent()) ?? ""));
}

/** Waits until every chart of the page is drawn: none is still a placeholder. */
async function chartsDrawn(page: Page) {
  await chartTexts(page);
  await page.waitForFunction(
    () => !document.querySelector("[data-testid=charts-panel] .mantine-Skeleton-root"),
  );
}

const count = (rows: Seeded[], pick: (s: Seeded) => boolean) => rows.filter(pick).length;

describe("the form's charts", () => {
  it("draw the seeded submissions, follow the date range, and share a report signed out", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);

    // The overview: the last 30 days by default.
    await page.goto(`${run.app.url}/forms/${formId}/overview`);
    const month = within(30);
    await expect
      .poll(() => page.getByTestId("chart-daily-headline").textContent())
      .toBe(`${month.length} submissions`);
    const devices = page.getByTestId("chart-devices");
    await expect
      .poll(() => devices.getByRole("row", { name: /^Mobile / }).textContent())
      .toContain(String(count(month, (s) => s.device === "mobile")));
    const countries = page.getByTestId("chart-countries");
    await expect
      .poll(() => countries.getByRole("row", { name: /^Germany/ }).textContent())
      .toContain(String(count(month, (s) => s.country === "DE")));
    // The submit rate counts the range's submissions too, not the form's whole life.
    const funnelSubmissions = page.getByTestId("funnel-submissions");
    await expect.poll(() => funnelSubmissions.textContent()).toBe(`Submissions${month.length}`);
    const before = await chartTexts(page);

    // The last 7 days: every chart changes.
    await page.getByText("Last 7 days", { exact: true }).click();
    const week = within(7);
    await expect
      .poll(() => page.getByTestId("chart-daily-headline").textContent())
      .toBe(`${week.length} submissions`);
    await expect.poll(() => funnelSubmissions.textContent()).toBe(`Submissions${week.length}`);
    await expect
      .poll(() => devices.getByRole("row", { name: /^Mobile / }).textContent())
      .toContain(String(count(week, (s) => s.device === "mobile")));
    await expect
      .poll(async () => (await chartTexts(page)).filter((text, i) => text !== before[i]).length)
      .toBe(CHARTS.length);

    // A range of one's own: the whole 60 days.
    await page.getByText("Custom", { exact: true }).click();
    const today = new Date().toISOString().slice(0, 10);
    const first = new Date(Date.now() - 59 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("From", { exact: true }).fill(first);
    await page.getByLabel("To", { exact: true }).fill(today);
    await expect.poll(() => page.getByTestId("chart-daily-headline").textContent()).toBe("500 submissions");

    // The results' statistics: each question's chart and the NPS over the range.
    await page.goto(`${run.app.url}/forms/${formId}/results`);
    await page.getByText("Statistics", { exact: true }).click();
    const colours = page.getByTestId("question-colour");
    await expect
      .poll(() => colours.getByRole("row", { name: /^Red / }).textContent())
      .toContain(String(count(month, (s) => s.colour === "red")));
    const promoters = count(month, (s) => s.nps >= 9);
    await expect.poll(() => page.getByTestId("chart-nps").textContent()).toContain(`Promoters${promoters}`);
    // How each question performs: answered over the range's submissions.
    const colourAnswered = page.locator('[data-field="colour"] td').nth(1);
    await expect.poll(() => colourAnswered.textContent()).toBe(String(month.length));
    await page.getByText("Last 7 days", { exact: true }).click();
    await expect
      .poll(() => colours.getByRole("row", { name: /^Red / }).textContent())
      .toContain(String(count(week, (s) => s.colour === "red")));
    await expect.poll(() => colourAnswered.textContent()).toBe(String(week.length));
    await expect.poll(() => funnelSubmissions.textContent()).toBe(`Submissions${week.length}`);

    // The visualization page makes a read-only link; signed out, it shows figures only.
    await page.goto(`${run.app.url}/forms/${formId}/visualization`);
    await page.getByRole("button", { name: "Share a read-only link" }).click();
    const link = (await page.getByTestId("shared-report-link").textContent())!.trim();
    expect(link).toMatch(/\/report\/[\w-]+$/);
    await page.getByRole("button", { name: "Done" }).click();
    await page.getByTestId("shared-reports").waitFor();

    const guest = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const reader = await guest.newPage();
    const readerProblems = watchErrors(reader);
    await reader.goto(link);
    await expect.poll(() => reader.getByTestId("report-title").textContent()).toBe("Charts survey");
    await expect
      .poll(() => reader.getByTestId("chart-daily-headline").textContent())
      .toBe(`${month.length} submissions`);
    await expect.poll(() => reader.getByTestId("question-colour").textContent()).toContain("Red");
    expect(await reader.content()).not.toContain("Person ");
    await chartsDrawn(reader);
    await screenshot(reader, "charts-report-390");

    // Revoked, the link opens nothing.
    await page.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await page.getByTestId("shared-reports").waitFor({ state: "detached" });
    await reader.reload();
    await reader.getByText("This link does not open a report").waitFor();
    expect(problems).toEqual([]);
    expect(readerProblems).toEqual([]);
    await guest.close();
    await context.close();
  });

  it("look right at 1280 and 390 px in English and Russian", async () => {
    const me = await call<{ id: number }>("GET", "/user");
    for (const locale of ["en", "ru"] as const) {
      await call("PATCH", `/user/${me.id}/settings`, { locale });
      const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await signIn(page);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${run.app.url}/forms/${formId}/overview`);
        await chartsDrawn(page);
        await screenshot(page, `charts-overview-${locale}-${width}`);
        await page.goto(`${run.app.url}/forms/${formId}/results`);
        await page.getByText(locale === "ru" ? "Статистика" : "Statistics", { exact: true }).click();
        await page.getByTestId("question-colour").waitFor();
        await chartsDrawn(page);
        await screenshot(page, `charts-results-${locale}-${width}`);
      }
      if (locale === "en") {
        // Printed, the visualization page is its charts alone: no menu, tabs or buttons.
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`${run.app.url}/forms/${formId}/visualization`);
        await page.getByTestId("question-colour").waitFor();
        await chartsDrawn(page);
        await page.emulateMedia({ media: "print" });
        expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
        await screenshot(page, "charts-visualization-print");
      }
      await context.close();
    }
  });
});
