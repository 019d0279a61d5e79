import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { accountOwner, appAndBrowser, screenshot, signIn, watchErrors } from "./support.ts";

const run = appAndBrowser();

describe("marketplace", () => {
  it("lists the data sets beside the services and downloads one", async () => {
    await accountOwner(run.app.url, "datasetbuyer", "secret123");
    const context = await run.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page, run.app.url, "datasetbuyer", "secret123");
    await page.goto(`${run.app.url}/marketplace/services`);
    await page.getByRole("heading", { name: "More responses" }).waitFor();
    await page.getByRole("heading", { name: "Data sets" }).waitFor();
    await page.getByRole("heading", { name: "European capitals with coordinates" }).waitFor();
    await screenshot(page, "biz-marketplace-datasets-1280");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download: European capitals with coordinates" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("european-capitals.csv");
    const saved = path.join(tmpdir(), `european-capitals-${process.pid}.csv`);
    await download.saveAs(saved);
    const csv = readFileSync(saved, "utf8");
    expect(csv.split("\r\n")[0]).toBe("city,country,latitude,longitude");
    expect(csv).toContain("Kyiv,Ukraine,50.4501,30.5234");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("heading", { name: "Data sets" }).scrollIntoViewIfNeeded();
    await screenshot(page, "biz-marketplace-datasets-390");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("only logs a failed load of the marketplace: no error toast or message, the failure in the console", async () => {
    await accountOwner(run.app.url, "marketoffline", "secret123");
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await signIn(page, run.app.url, "marketoffline", "secret123");
    for (const url of ["**/api/account/service", "**/api/marketplace/datasets", "**/api/account/service/add"])
      await page.route(url, (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ code: "server.error", message: "Something went wrong" }),
        }),
      );
    await page.goto(`${run.app.url}/marketplace/services`);
    await expect.poll(() => logged.some((text) => text.includes("services could not be loaded"))).toBe(true);
    await expect.poll(() => logged.some((text) => text.includes("data sets could not be loaded"))).toBe(true);
    await page.getByRole("heading", { name: "Marketplace" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    await screenshot(page, "biz-marketplace-failed-load-1280");
    // A refused Add is only logged as well.
    await page.unroute("**/api/account/service");
    await page.reload();
    await page.getByRole("button", { name: "Add: More responses" }).click();
    await expect.poll(() => logged.some((text) => text.includes("could not be added"))).toBe(true);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    await context.close();
  });
});
