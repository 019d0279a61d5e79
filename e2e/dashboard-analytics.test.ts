// The dashboard's calendar of submissions and account analytics, and the top bar's submissions
// pop-over, as a signed-in owner sees them. The submissions are sent through the API, then spread
// over days with SQL on the stopped server's embedded database: the API stamps each with "now".
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { appWithDatabase } from "./seeded-app.ts";
import { accountOwner, createdForm, screenshot, signIn as signInAs, watchErrors } from "./support.ts";

const USER = "dashowner";
const PASSWORD = "dash-secret-1";

const run = appWithDatabase("dash");
const formIds: Record<"a" | "b" | "c" | "nps", number> = { a: 0, b: 0, c: 0, nps: 0 };
/** The NPS form's scores, sent two months back so the calendar's months hold none of them. */
const NPS_SCORES = Array.from({ length: 25 }, (_, i) => i % 11);

/** Today and the previous month in UTC, the zone the owner's days are counted in. */
const today = new Date().toISOString().slice(0, 10);
const lastMonth = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
})();
const daysOfLastMonth = (() => {
  const [y, m] = lastMonth.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
})();
const twoMonthsBack = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15)).toISOString().slice(0, 10);
})();
const dayOf = (n: number) => `${lastMonth}-${String(n).padStart(2, "0")}`;

/** What is seeded: per form, the days of last month (and today) its submissions are moved to. */
const SEEDED: Array<{ form: "a" | "b" | "c"; day: string }> = [
  ...Array.from({ length: 3 }, () => ({ form: "a" as const, day: dayOf(3) })),
  ...Array.from({ length: 2 }, () => ({ form: "b" as const, day: dayOf(3) })),
  { form: "a", day: dayOf(10) },
  ...Array.from({ length: 4 }, () => ({ form: "c" as const, day: dayOf(17) })),
  ...Array.from({ length: 2 }, () => ({ form: "a" as const, day: today })),
];

/** The forms' titles, in the order they are made (their ids' order, which breaks ties in the top forms). */
const TITLES = { a: "Event feedback", b: "Course survey", c: "Job application" } as const;

/**
 * What the account's analytics show of SEEDED: the last 30 days are counted by date, today
 * included, so early in a month they also hold days of the previous month that the calendar shows.
 */
const lastThirtyDays = (() => {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const inWindow = SEEDED.filter((s) => s.day >= from && s.day <= today);
  const counts = (["a", "b", "c"] as const)
    .map((form) => ({ form, count: inWindow.filter((s) => s.form === form).length }))
    .filter(({ count }) => count > 0)
    .sort((x, y) => y.count - x.count);
  return { total: inWindow.length, top: counts.map(({ form, count }) => `${TITLES[form]} ${count}`) };
})();

const submit = (formId: number, name: string, nps?: number) =>
  fetch(`${run.app.url}/api/forms/answer`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      formId,
      answers: [
        { fieldId: "name", answer: name },
        ...(nps === undefined ? [] : [{ fieldId: "nps", answer: nps }]),
      ],
    }),
  }).then(async (response) => {
    if (response.status !== 201) throw new Error(`submission failed: ${await response.text()}`);
    return ((await response.json()) as { id: number }).id;
  });

beforeAll(async () => {
  const call = await accountOwner(run.app.url, USER, PASSWORD);
  const fields = [{ id: "name", fieldType: "text", question: "Your name" }];
  formIds.a = (await createdForm(call, { title: TITLES.a, fields })).id;
  formIds.b = (await createdForm(call, { title: TITLES.b, fields })).id;
  formIds.c = (await createdForm(call, { title: TITLES.c, fields })).id;
  formIds.nps = (
    await createdForm(call, {
      title: "Store NPS",
      fields: [...fields, { id: "nps", fieldType: "nps", question: "Would you recommend us?" }],
    })
  ).id;
  const ids = await Promise.all(SEEDED.map((s, i) => submit(formIds[s.form], `seed ${i}`)));
  const npsIds = await Promise.all(NPS_SCORES.map((score, i) => submit(formIds.nps, `nps ${i}`, score)));
  await run.withDatabase(async (db) => {
    for (const [i, id] of ids.entries()) {
      await db.query("update form_answers set submit_time = $1::timestamptz where id = $2", [
        `${SEEDED[i]!.day}T${SEEDED[i]!.day === today ? "00:00:01" : "12:00:00"}Z`,
        id,
      ]);
    }
    for (const [i, id] of npsIds.entries()) {
      await db.query(
        "update form_answers set submit_time = $1::timestamptz + $2 * interval '1 minute' where id = $3",
        [`${twoMonthsBack}T08:00:00Z`, i, id],
      );
    }
  });
}, 120_000);

const signIn = (page: Page) => signInAs(page, run.app.url, USER, PASSWORD);

/** Each day cell's count, read from its name (also its tooltip), in the calendar's order (1st first). */
async function cellCounts(page: Page): Promise<number[]> {
  const table = page.getByRole("table", { name: /^Submissions in / });
  const labels = await table
    .getByRole("button")
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("title") ?? ""));
  return labels.map((label) => Number(/: (\d+) submissions?$/.exec(label)?.[1] ?? Number.NaN));
}

/** The results page filtered to a day: its filter panel open, exactly `count` seeded rows. */
async function expectRows(page: Page, count: number) {
  await page.getByRole("button", { name: "Clear filters" }).waitFor();
  const rows = page.getByRole("row").filter({ hasText: /seed \d+/ });
  await rows.nth(count - 1).waitFor();
  await page.getByText(`${count} submissions`, { exact: true }).waitFor();
  expect(await rows.count()).toBe(count);
}

describe("the dashboard", () => {
  it("draws a month's cells with the seeded counts, moves by keyboard, and opens a day's submissions", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);
    await page.getByRole("heading", { name: "Submissions calendar" }).waitFor();
    await page.getByText("2 submissions this month").waitFor();
    const now = await cellCounts(page);
    expect(now[Number(today.slice(8)) - 1]).toBe(2);
    expect(now.reduce((sum, count) => sum + count, 0)).toBe(2);

    await page.getByRole("button", { name: "Previous month" }).click();
    await page.getByText("10 submissions this month").waitFor();
    const expected = Array.from(
      { length: daysOfLastMonth },
      (_, i) => SEEDED.filter((s) => s.day === dayOf(i + 1)).length,
    );
    expect(await cellCounts(page)).toEqual(expected);
    // A screen reader hears the day and its count as the cell's name.
    await page
      .getByRole("button", { name: `${dayOf(3).split("-").reverse().join(".")}: 5 submissions` })
      .waitFor();
    // The legend names the levels up to the busiest day's 5.
    await page.getByRole("group", { name: "Legend" }).getByText("5", { exact: true }).waitFor();

    // Keyboard: the 3rd, then right to the 4th, then Enter there shows that nobody answered.
    const cells = page.getByRole("table", { name: /^Submissions in / }).getByRole("button");
    await cells.nth(2).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("title"))).toMatch(
      /: 0 submissions$/,
    );
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    // Two forms were answered on the 3rd: the day lists both, each with its count.
    const day = page.getByText(/^Submissions on /).locator("..");
    await day.getByRole("link", { name: "Event feedback" }).waitFor();
    await day.getByRole("link", { name: "Course survey" }).waitFor();
    await day.getByRole("link", { name: "Event feedback" }).click();
    await page.waitForURL(`**/forms/${formIds.a}/results?day=${dayOf(3)}`);
    await expectRows(page, 3);

    // One form on the 17th: its cell opens that form's submissions of the day straight away.
    await page.goto(`${run.app.url}/`);
    await page.getByRole("button", { name: "Previous month" }).click();
    await page.getByText("10 submissions this month").waitFor();
    await cells.nth(16).click();
    await page.waitForURL(`**/forms/${formIds.c}/results?day=${dayOf(17)}`);
    await expectRows(page, 4);

    // The account's analytics, fetched once scrolled to: the last 30 days' top forms.
    await page.goto(`${run.app.url}/`);
    await page.getByRole("heading", { name: "Submissions calendar" }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const top = page.getByRole("list").filter({ has: page.getByRole("link", { name: "Event feedback" }) });
    await top.waitFor();
    const items = await top.getByRole("listitem").allInnerTexts();
    expect(items.map((text) => text.replace(/\s+/g, " "))).toEqual(lastThirtyDays.top);
    await page.getByText(`Last 30 days: ${lastThirtyDays.total} submissions`).waitFor();
    // The calendar's cells, their colours and names, and the analytics (the page's own parts).
    expect(await axeViolations(page, "main table")).toEqual([]);
    expect(await axeViolations(page, "main ol")).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a submission sent meanwhile in the pop-over at the next poll, and asks on a 401", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.clock.install();
    await signIn(page);
    const total = SEEDED.length + NPS_SCORES.length;
    await page.getByRole("button", { name: `New submissions: ${total}` }).waitFor();
    await page.getByRole("button", { name: `New submissions: ${total}` }).click();
    const dropdown = page.getByRole("dialog").filter({ hasText: "New submissions" });
    await dropdown.getByText("2 unread").waitFor();

    await submit(formIds.b, "sent meanwhile");
    await page.clock.fastForward(20_000);
    await page.getByRole("button", { name: `New submissions: ${total + 1}` }).waitFor();
    await dropdown.getByText("3 unread").waitFor();
    // Each listed form tells what came in since the owner last opened its results: never, here.
    await dropdown.getByText("3 new, results not opened yet").waitFor();

    // The session ends elsewhere: the next poll's 401 asks what to do.
    await page.evaluate(() => {
      localStorage.setItem("formloom.token", "ended-elsewhere");
      localStorage.setItem("formloom.refresh_token", "ended-elsewhere");
    });
    await page.clock.fastForward(20_000);
    const conflict = page.getByRole("dialog", { name: "Your session has ended" });
    await conflict.waitFor();
    await conflict.getByRole("button", { name: "Log out" }).waitFor();
    await conflict.getByRole("button", { name: "Stay here" }).waitFor();
    await context.close();
  });

  it("filters the results by NPS group and pages the NPS timeline, with the no-data state on a 500", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${run.app.url}/forms/${formIds.nps}/results`);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("button", { name: "Add a condition on a field" }).click();
    await page.getByRole("combobox", { name: "Field" }).click();
    await page.getByRole("option", { name: "Would you recommend us?" }).click();
    const group = page.getByRole("combobox", { name: "NPS group of Would you recommend us?" });
    await expect.poll(() => group.inputValue()).toBe("Promoters (9–10)");
    const rows = page.getByRole("row").filter({ hasText: /nps \d+/ });
    const promoters = NPS_SCORES.filter((score) => score >= 9).length;
    await page.getByText(`${promoters} submissions`, { exact: true }).waitFor();
    expect(await rows.count()).toBe(promoters);
    await group.click();
    await page.getByRole("option", { name: "Detractors (0–6)" }).click();
    const detractors = NPS_SCORES.filter((score) => score <= 6).length;
    await page.getByText(`${detractors} submissions`, { exact: true }).waitFor();
    expect(await rows.count()).toBe(detractors);

    // The NPS view: the answers newest first, 20 a page, then 10 a page.
    await page.getByText("NPS", { exact: true }).click();
    const timeline = page.getByRole("table", { name: "NPS answers" });
    await page.getByText(`${NPS_SCORES.length} answers`).waitFor();
    expect(await timeline.getByRole("row").count()).toBe(1 + 20);
    await page.getByRole("button", { name: "2", exact: true }).click();
    await expect.poll(() => timeline.getByRole("row").count()).toBe(1 + 5);
    await page.getByRole("combobox", { name: "Answers per page" }).click();
    await page.getByRole("option", { name: "10", exact: true }).click();
    await expect.poll(() => timeline.getByRole("row").count()).toBe(1 + 10);
    await page.getByRole("button", { name: "3", exact: true }).waitFor();
    // The newest answer first: the last one sent, its score and group.
    const newest = NPS_SCORES[NPS_SCORES.length - 1]!;
    expect(await timeline.getByRole("row").nth(1).getByRole("cell").nth(1).textContent()).toBe(
      String(newest),
    );

    // A 500 (and so a 400) clears the list into the no-data state.
    await page.route("**/answer/nps/timeline**", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"code":"server.error","message":""}',
      }),
    );
    await page.getByRole("button", { name: "2", exact: true }).click();
    await page.getByTestId("nps-no-data").waitFor();
    expect(await timeline.count()).toBe(0);
    await screenshot(page, "dash-nps-500", { fullPage: false });
    await context.close();
  });

  it("looks right at 1280 and 390 px in English and Russian", async () => {
    for (const language of ["en", "ru"] as const) {
      for (const width of [1280, 390]) {
        const context = await run.browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await signIn(page);
        if (language === "ru") {
          const me = await page.evaluate(async () => {
            const token = localStorage.getItem("formloom.token");
            const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
            const user = (await (await fetch("/api/user", { headers })).json()) as { id: number };
            await fetch(`/api/user/${user.id}/settings`, {
              method: "PATCH",
              headers,
              body: JSON.stringify({ locale: "ru" }),
            });
            return user.id;
          });
          expect(me).toBeGreaterThan(0);
          await page.reload();
        }
        const heading = language === "ru" ? "Календарь ответов" : "Submissions calendar";
        await page.getByRole("heading", { name: heading }).waitFor();
        // The chart's library comes once the chart is on screen.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const chart = page.getByRole("img", { name: /30/ });
        await chart.locator(".recharts-surface").first().waitFor();
        // Last month, the one with busy days, to show the levels.
        await page
          .getByRole("button", { name: language === "ru" ? "Предыдущий месяц" : "Previous month" })
          .click();
        await page
          .getByText(language === "ru" ? "10 ответов за месяц" : "10 submissions this month")
          .waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${language} ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
        await page.mouse.move(0, 0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `dash-${language}-${width}`);
        if (language === "ru") {
          await page.evaluate(async () => {
            const token = localStorage.getItem("formloom.token");
            const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
            const user = (await (await fetch("/api/user", { headers })).json()) as { id: number };
            await fetch(`/api/user/${user.id}/settings`, {
              method: "PATCH",
              headers,
              body: JSON.stringify({ locale: "en" }),
            });
          });
        }
        await context.close();
      }
    }
  });
});
