import { describe, expect, it } from "vitest";
import { accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

/** The statistics tab of the results: its numbers are those computed here from what was sent. */
const run = appAndBrowser();

const NPS_VALUES = [10, 9, 9, 8, 7, 6, 3, 10, 0, 9, 5, 8];
const COLOURS = ["red", "blue", "red", "red", "blue", "red", "blue", "red", "red", "blue", "red", "red"];
const AGES = [21, 34, 45, 29, 61, 38, 19, 50, 27, 33, 42, 36];

describe("the statistics tab", () => {
  it("shows the NPS, choice counts and number figures the submissions give", async () => {
    const call = await accountOwner(run.app.url, "statsowner", "stats-pass-1");
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Visitor survey",
      fields: [
        { id: "name", fieldType: "text", question: "Your name" },
        {
          id: "colour",
          fieldType: "radio",
          question: "Favourite colour",
          fieldSettings: {
            answerVariants: [
              { id: "red", title: "Red", value: "1" },
              { id: "blue", title: "Blue", value: "2" },
            ],
          },
        },
        { id: "age", fieldType: "number", question: "Age" },
        { id: "nps", fieldType: "nps", question: "Would you recommend us?" },
        { id: "story", fieldType: "textarea", question: "Anything else?" },
        {
          id: "rank",
          fieldType: "sortable",
          question: "Rank the rooms",
          fieldSettings: {
            answerVariants: [
              { id: "hall", title: "Hall", value: "1" },
              { id: "attic", title: "Attic", value: "2" },
            ],
          },
        },
      ],
    });
    await call("PATCH", `/forms/${form.id}`, { isPublished: true });
    for (const [index, nps] of NPS_VALUES.entries()) {
      await call("POST", "/forms/answer", {
        formId: form.id,
        answers: [
          { fieldId: "name", answer: `Visitor ${index + 1}` },
          { fieldId: "colour", answer: COLOURS[index] },
          { fieldId: "age", answer: AGES[index] },
          { fieldId: "nps", answer: nps },
          // One answer without a space in it, far wider than a phone.
          ...(index === 0 ? [{ fieldId: "story", answer: "a".repeat(3000) }] : []),
          // The attic first in three of the twelve: the hall is placed 1.25 on average.
          { fieldId: "rank", answer: index < 3 ? ["attic", "hall"] : ["hall", "attic"] },
        ],
      });
    }
    const promoters = NPS_VALUES.filter((v) => v >= 9).length;
    const detractors = NPS_VALUES.filter((v) => v <= 6).length;
    const score = Math.round(((promoters - detractors) / NPS_VALUES.length) * 1000) / 10;
    const sorted = [...AGES].sort((a, b) => a - b);
    const median = (sorted[5]! + sorted[6]!) / 2;

    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const context = await run.browser.newContext({ viewport: { width, height }, reducedMotion: "reduce" });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${run.app.url}/login`);
      await page.getByLabel("Username or e-mail").fill("statsowner");
      await page.getByRole("textbox", { name: "Password" }).fill("stats-pass-1");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${run.app.url}/`);
      await page.goto(`${run.app.url}/forms/${form.id}/results`);
      await page.getByText("Statistics", { exact: true }).click();
      // Each view of the results has its address (forms.md: results summary, nps), kept on reload.
      await page.waitForURL(`${run.app.url}/forms/${form.id}/results/summary`);
      await page.reload();
      await expect.poll(() => page.getByTestId("chart-nps-headline").textContent()).toBe(`NPS ${score}`);
      const nps = page.getByTestId("chart-nps");
      await expect
        .poll(() => nps.textContent())
        .toContain(`${promoters} (${Math.round((promoters / NPS_VALUES.length) * 1000) / 10}%)`);
      await expect.poll(() => page.getByTestId("chart-daily-headline").textContent()).toBe("12 submissions");
      await expect.poll(() => page.getByText(String(median), { exact: true }).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText("Visitor 12").count()).toBe(1);
      // Written answers wrap within their card: the page never scrolls sideways.
      await page.getByText("aaaaaaaaaa", { exact: false }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // A ranking question's items by their average place, the best placed first.
      const ranking = page.locator(".chart-card").filter({ hasText: "Rank the rooms" });
      await ranking.getByRole("button", { name: "Show table" }).click();
      await expect
        .poll(() => ranking.locator("tbody tr").allTextContents())
        .toEqual(["Hall1.2593", "Attic1.7539"]);
      await screenshot(page, `results-statistics-${width}`);
      const view = (name: string) => page.locator("label").filter({ hasText: new RegExp(`^${name}$`) });
      await view("NPS").click();
      await page.waitForURL(`${run.app.url}/forms/${form.id}/results/nps`);
      await page.goto(`${run.app.url}/forms/${form.id}/results/nps`);
      await expect.poll(() => page.getByRole("radio", { name: "NPS", exact: true }).isChecked()).toBe(true);
      await view("Responses").click();
      await page.waitForURL(`${run.app.url}/forms/${form.id}/results`);
      // The responses' page size is kept while the other views are looked at. Picked once the
      // table has its rows: a list opened while the rows arrive is drawn again closed.
      await page.getByText("12 submissions", { exact: true }).waitFor();
      const rowsPerPage = page.getByRole("combobox", { name: "Rows per page" });
      const ten = page.getByRole("option", { name: "10", exact: true });
      await expect
        .poll(async () => {
          // Opened again only when it is not open: a second click would close it.
          if ((await rowsPerPage.getAttribute("aria-expanded")) !== "true") await rowsPerPage.click();
          return ten.isVisible();
        })
        .toBe(true);
      await ten.click();
      await view("Statistics").click();
      await page.waitForURL(`${run.app.url}/forms/${form.id}/results/summary`);
      await view("Responses").click();
      await page.waitForURL(`${run.app.url}/forms/${form.id}/results`);
      await expect.poll(() => page.getByRole("combobox", { name: "Rows per page" }).inputValue()).toBe("10");
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe("an upload question's card on the statistics tab", () => {
  it("lists the latest files, each one downloadable, not their addresses as text", async () => {
    const call = await accountOwner(run.app.url, "statsfiles", "stats-pass-2");
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Receipts",
      fields: [{ id: "receipt", fieldType: "file", question: "Your receipt" }],
    });
    await call("PATCH", `/forms/${form.id}`, { isPublished: true });
    for (const name of ["march.txt", "april.txt"]) {
      const key = `stats-file-${name}`;
      const body = new FormData();
      body.append("formId", String(form.id));
      body.append("fieldId", "receipt");
      body.append("key", key);
      body.append("file", new Blob([`paid in ${name}`], { type: "text/plain" }), name);
      const upload = await fetch(`${run.app.url}/api/forms/upload_file`, { method: "POST", body });
      expect(upload.status).toBe(201);
      const { id } = (await upload.json()) as { id: string };
      const sent = await fetch(`${run.app.url}/api/forms/answer`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify({ formId: form.id, answers: [{ fieldId: "receipt", answer: [{ id }] }] }),
      });
      expect(sent.status).toBe(201);
    }
    const context = await run.browser.newContext({
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill("statsfiles");
    await page.getByRole("textbox", { name: "Password" }).fill("stats-pass-2");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/forms/${form.id}/results/summary`);
    const download = page.getByRole("button", { name: "Download april.txt" });
    await download.waitFor();
    expect(await page.getByText("/api/forms/").count()).toBe(0);
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toBe("april.txt");
    await page.getByRole("button", { name: "Download march.txt" }).waitFor();
    await screenshot(page, "results-statistics-files-390");
    expect(problems).toEqual([]);
    await context.close();
  });
});
