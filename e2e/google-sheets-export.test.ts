import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type FakeGoogle, startFakeGoogle } from "../apps/server/test/fake-google.ts";
import { appAndBrowser, freePort, narrowToPhone, screenshot, signInAsDemo, watchErrors } from "./support.ts";

/** Exporting results to Google Sheets from the results page, against a local stand-in for Google. */
const port = String(await freePort());
const env: Record<string, string> = {
  SEED_DEMO: "true",
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  EXPORT_POLL_MS: "200",
};
let google: FakeGoogle;
// Google's addresses are known once the stand-in listens: before the app starts.
beforeAll(async () => {
  google = await startFakeGoogle();
  Object.assign(env, google.env);
  return () => google.close();
});
const run = appAndBrowser(env);

async function openExport(page: Page) {
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export results" });
  await dialog.waitFor();
  return dialog;
}

describe("exporting results to Google Sheets", () => {
  it("connects a Google account from the dialog, exports, and links to the spreadsheet", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);
    const token = await page.evaluate(() => localStorage.getItem("formloom.token"));
    const listed = await fetch(`${run.app.url}/api/forms/account`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { forms } = (await listed.json()) as { forms: Array<{ id: number; title: string }> };
    const formPath = `/forms/${forms.find((form) => form.title === "Event feedback")!.id}`;
    await page.goto(`${run.app.url}${formPath}/results`);
    await page.getByRole("table", { name: "Submissions" }).waitFor();

    let dialog = await openExport(page);
    await dialog.getByRole("radio", { name: "Google Sheets" }).check();
    await dialog.getByText("Google account not connected").waitFor();
    expect(await dialog.getByRole("button", { name: "Export", exact: true }).isDisabled()).toBe(true);
    await screenshot(page, "google-sheets-not-connected-1280");

    // Google's consent page consents at once and sends the browser back through the server.
    await dialog.getByRole("button", { name: "Connect Google account" }).click();
    await expect.poll(() => google.consents.length, { timeout: 30_000 }).toBe(1);
    dialog = page.getByRole("dialog", { name: "Export results" });
    await dialog
      .getByText("Google account connected. A new spreadsheet will be created.")
      .waitFor({ timeout: 30_000 });
    // Back on the results page, its address cleaned of the consent's outcome.
    expect(page.url()).toBe(`${run.app.url}${formPath}/results`);
    expect(await dialog.getByRole("radio", { name: "Google Sheets" }).isChecked()).toBe(true);

    await dialog.getByRole("textbox", { name: "Sheet and file name" }).fill("Meetup feedback");
    await dialog.getByRole("button", { name: "Export", exact: true }).click();
    const link = dialog.getByRole("link", { name: "Open Meetup feedback in Google Sheets" });
    await link.waitFor({ timeout: 30_000 });
    const href = await link.getAttribute("href");
    const sheet = google.sheets.get(/\/spreadsheets\/d\/([^/]+)\/edit$/.exec(href ?? "")?.[1] ?? "");
    expect(sheet?.title).toBe("Meetup feedback");
    expect(sheet?.rows.flat()).toContain("Ada");
    expect(await link.getAttribute("target")).toBe("_blank");
    await screenshot(page, "google-sheets-done-1280");

    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
    await narrowToPhone(page);
    dialog = await openExport(page);
    await dialog.getByRole("radio", { name: "Google Sheets" }).check();
    await dialog.getByText("Google account connected. A new spreadsheet will be created.").waitFor();
    await screenshot(page, "google-sheets-connected-390");
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await dialog.getByText("Google account not connected").waitFor();
    await screenshot(page, "google-sheets-not-connected-390");
    expect(problems).toEqual([]);
    await context.close();
  });
});
