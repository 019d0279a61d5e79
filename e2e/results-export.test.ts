import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bytesOf } from "./results-helpers.ts";
import { appAndBrowser, freePort, screenshot, signInAsDemo, watchErrors } from "./support.ts";

/** Exporting results from the results page: a small export downloads at once, a large one runs as a job. */
const port = String(await freePort());
// Three demo submissions download at once; a fourth puts the form over the threshold.
const run = appAndBrowser({
  SEED_DEMO: "true",
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  EXPORT_JOB_THRESHOLD: "3",
  EXPORT_POLL_MS: "200",
});

async function callApi<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem("formloom.token"));
  const response = await fetch(`${run.app.url}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as T;
}

async function openExport(page: Page) {
  await page.getByRole("button", { name: "Export", exact: true }).click();
  return page.getByRole("dialog", { name: "Export results" });
}

describe("exporting results", () => {
  it("downloads a small export at once and follows a large one to its download link", async () => {
    const context = await run.browser.newContext({
      viewport: { width: 1280, height: 860 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);
    const { forms } = await callApi<{ forms: Array<{ id: number; title: string }> }>(
      page,
      "GET",
      "/forms/account",
    );
    const form = forms.find((item) => item.title === "Event feedback")!;
    await page.goto(`${run.app.url}/forms/${form.id}/results`);
    await page.getByRole("table", { name: "Submissions" }).waitFor();

    let dialog = await openExport(page);
    await screenshot(page, "export-dialog-1280");
    // No data type chosen: the dialog says so and offers no export.
    for (const label of ["Answers", "Start, submit and time spent", "Score and result", "Read or unread"])
      await dialog.getByRole("checkbox", { name: label, exact: true }).uncheck();
    for (const label of ["Tags", "Comments", "Respondent", "Device", "Location"])
      await dialog.getByRole("checkbox", { name: label, exact: true }).uncheck();
    await dialog.getByText("Choose at least one data type to export").waitFor();
    expect(await dialog.getByRole("button", { name: "Export", exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole("checkbox", { name: "Answers", exact: true }).check();
    await dialog.getByRole("radio", { name: "CSV" }).check();
    await dialog.getByRole("textbox", { name: "Sheet and file name" }).fill("Meetup feedback");
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Export", exact: true }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe("Meetup_feedback.csv");
    const text = (await bytesOf(csv)).toString("utf8");
    expect(text).toContain("Ada");
    expect(text).toContain("Loved it");
    await page.getByText("The file was exported").waitFor();

    // Filtered to Grace, the export holds what the table shows; widened, everything.
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("textbox", { name: "Search in answers" }).fill("Grace");
    await expect
      .poll(() => page.getByRole("table", { name: "Submissions" }).locator("tbody tr").count())
      .toBe(1);
    dialog = await openExport(page);
    expect(
      await dialog
        .getByRole("radio", { name: "As the table shows them: its filters, sort and columns" })
        .isChecked(),
    ).toBe(true);
    const [shown] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Export", exact: true }).click(),
    ]);
    const shownText = (await bytesOf(shown)).toString("utf8");
    expect(shownText).toContain("Grace");
    expect(shownText).not.toContain("Ada");
    await dialog.waitFor({ state: "hidden" });
    dialog = await openExport(page);
    await dialog.getByRole("radio", { name: "All submissions and every question" }).check();
    const [everything] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Export", exact: true }).click(),
    ]);
    const everythingText = (await bytesOf(everything)).toString("utf8");
    for (const who of ["Ada", "Grace", "Linus"]) expect(everythingText).toContain(who);
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect
      .poll(() => page.getByRole("table", { name: "Submissions" }).locator("tbody tr").count())
      .toBe(3);

    // A fourth submission: the export now runs as a job.
    const sent = await fetch(`${run.app.url}/api/forms/answer`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        formId: form.id,
        answers: [
          { fieldId: "name", answer: "Margaret" },
          { fieldId: "rating", answer: "r2" },
        ],
      }),
    });
    expect(sent.status, await sent.text()).toBe(201);
    await page.reload();
    await page.getByRole("table", { name: "Submissions" }).waitFor();
    dialog = await openExport(page);
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const link = dialog.getByRole("link", { name: "Download Event_feedback.xlsx" });
    await link.waitFor({ timeout: 30_000 });
    await dialog.getByText(/The link works until/).waitFor();
    await screenshot(page, "export-job-done-1280");
    const [xlsx] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(xlsx.suggestedFilename()).toBe("Event_feedback.xlsx");
    // An XLSX file is a zip archive.
    expect((await bytesOf(xlsx)).subarray(0, 2).toString("latin1")).toBe("PK");

    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
    await page.setViewportSize({ width: 390, height: 844 });
    dialog = await openExport(page);
    await dialog.getByRole("radio", { name: "SPSS (SAV)" }).waitFor();
    await screenshot(page, "export-dialog-390");
    expect(problems).toEqual([]);
    await context.close();
  });
});
