import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { submitPublic } from "./results-helpers.ts";
import { accountOwner, appAndBrowser, createdForm, screenshot, signIn, watchErrors } from "./support.ts";

/** Two fillings' recorded behaviour drawn as spider charts: one submission's, then both compared. */
const run = appAndBrowser();

const agreed = ["default-behavioral"];

/** One minute of filling whose attributes core's tests know (docs/behaviour.md). */
const minute = [
  { type: "focus", at: 0, field: "name" },
  { type: "input", at: 1000, field: "name", count: 10 },
  { type: "input", at: 2000, field: "name", count: -2 },
  { type: "blur", at: 10_000, field: "name" },
  { type: "focus", at: 10_000, field: "mail" },
  { type: "blur", at: 20_000, field: "mail" },
  { type: "hide", at: 20_000 },
  { type: "show", at: 35_000 },
  { type: "focus", at: 35_000, field: "name" },
  { type: "blur", at: 40_000, field: "name" },
  { type: "click", at: 41_000, x: 100, y: 100 },
  { type: "click", at: 41_300, x: 105, y: 100 },
  { type: "click", at: 41_600, x: 100, y: 110 },
  { type: "click", at: 50_000, x: 500, y: 500 },
  { type: "move", at: 60_000, x: 1, y: 1 },
];
const calm = [
  { type: "focus", at: 0, field: "name" },
  { type: "input", at: 2000, field: "name", count: 4 },
  { type: "blur", at: 25_000, field: "name" },
  { type: "focus", at: 25_000, field: "mail" },
  { type: "blur", at: 30_000, field: "mail" },
];

async function log(baseUrl: string, formId: number, key: string, events: unknown[]) {
  const sent = await fetch(`${baseUrl}/api/forms/logger`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ formId, key, seq: 0, behavioralConfirmOptions: agreed, events }),
  });
  expect(sent.status).toBe(204);
}

/** The spider chart's axis labels that reach past the chart's edges, where the picture cuts them. */
async function cutLabels(page: Page): Promise<string[]> {
  return page
    .locator(".recharts-surface")
    .first()
    .evaluate((surface) => {
      const edge = surface.getBoundingClientRect();
      return [...surface.querySelectorAll(".recharts-polar-angle-axis-tick text")]
        .filter((label) => {
          const box = label.getBoundingClientRect();
          return (
            box.left < edge.left || box.right > edge.right || box.top < edge.top || box.bottom > edge.bottom
          );
        })
        .map((label) => label.textContent ?? "");
    });
}

const rowText = (page: Page, table: string, attribute: RegExp) =>
  page.getByRole("table", { name: table }).getByRole("row", { name: attribute }).textContent();

describe("behaviour patterns", () => {
  it("draws a submission's six attributes and compares two submissions on one spider chart", async () => {
    const owner = { username: "spiderowner", password: "spider-pass-1" };
    const call = await accountOwner(run.app.url, owner.username, owner.password);
    const form = await createdForm(call, {
      title: "Checkout survey",
      isPublished: true,
      fields: [
        { id: "name", fieldType: "text", question: "Your name", userBehaviorSettings: { minTime: 20 } },
        { id: "mail", fieldType: "text", question: "Your e-mail", userBehaviorSettings: { maxTime: 30 } },
      ],
    });
    await log(run.app.url, form.id, "rushed-filling", minute);
    await submitPublic(run.app.url, form.id, [{ fieldId: "name", answer: "Ann" }], "rushed-filling");
    await log(run.app.url, form.id, "calm-filling", calm);
    await submitPublic(run.app.url, form.id, [{ fieldId: "name", answer: "Bob" }], "calm-filling");

    for (const width of [1280, 390]) {
      const context = await run.browser.newContext({
        viewport: { width, height: 900 },
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await signIn(page, run.app.url, owner.username, owner.password);
      await page.goto(`${run.app.url}/forms/${form.id}/results/1?tab=behavior-pattern`);
      await expect.poll(() => rowText(page, "Behavioural attributes", /^Rage/)).toMatch(/75$/);
      expect(await rowText(page, "Behavioural attributes", /^Distraction/)).toMatch(/25$/);
      expect(await rowText(page, "Time per question", /^Your name/)).toMatch(/15s.*2.*Shorter/);
      await page.locator(".recharts-polar-angle-axis-tick").first().waitFor();
      expect(await cutLabels(page)).toEqual([]);
      await screenshot(page, `behavior-pattern-${width}`);

      await page.goto(`${run.app.url}/forms/${form.id}/results/behavior-patterns`);
      const table = "Behavioural attributes of the submissions";
      const first = page
        .getByRole("table", { name: table })
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name: "#1", exact: true }) });
      await expect.poll(() => first.textContent()).toMatch(/8\s*50\s*35\s*25\s*44\s*75$/);
      await page.getByRole("checkbox", { name: "Compare #1" }).check();
      await page.getByRole("checkbox", { name: "Compare #2" }).check();
      await expect.poll(() => page.locator(".recharts-radar").count()).toBe(3);
      expect(await cutLabels(page)).toEqual([]);
      await screenshot(page, `behavior-spider-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    }

    // The two visits are listed on the form's page interactions; one is deleted.
    const context = await run.browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page, run.app.url, owner.username, owner.password);
    await page.goto(`${run.app.url}/forms/${form.id}/page-interactions`);
    const visits = page.getByRole("table", { name: "Page interactions" });
    await expect.poll(() => visits.getByRole("row").count()).toBe(3);
    expect(await visits.getByRole("row", { name: /rushed-filling/ }).textContent()).toMatch(/1m.*#1/);
    await screenshot(page, "page-interactions-1280");
    await page.getByRole("button", { name: "Delete the page interaction rushed-filling" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => visits.getByRole("row").count()).toBe(2);
    expect(await visits.getByRole("row", { name: /calm-filling/ }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
