import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accountOwner, appAndBrowser, signIn, watchErrors } from "./support.ts";

const run = appAndBrowser();
const SHOTS = "/tmp/shots";

/** A 1×1 red PNG. */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

describe("custom pages and the help menu", () => {
  it("writes a page with a picture, shows it signed out at /pages/:alias and in the help menu", async () => {
    mkdirSync(SHOTS, { recursive: true });
    await accountOwner(run.app.url, "editor", "editor123");
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchErrors(page);
    await signIn(page, run.app.url, "editor", "editor123");

    await page.goto(`${run.app.url}/account/pages/add`);
    await page.getByLabel("Title").fill("Visiting hours");
    await page.getByRole("switch", { name: /Public/ }).check();
    const text = page.locator(".ProseMirror");
    await text.click();
    await page.keyboard.type("The pool opens at nine.");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Add a picture" }).click();
    await (await chooser).setFiles({ name: "pixel.png", mimeType: "image/png", buffer: PIXEL });
    await text.locator("img").waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${run.app.url}/account/pages`);
    await page.getByRole("link", { name: "Visiting hours" }).waitFor();

    // The help menu links the page by its alias.
    await page.getByRole("button", { name: "Add a link" }).click();
    await page.getByLabel("Link text").fill("Opening times");
    await page.getByLabel("Alias").fill("visiting-hours");
    await page.getByRole("button", { name: "Save the help menu" }).click();
    await page.getByText("Saved").first().waitFor();
    await page.getByRole("banner").getByRole("button", { name: "Help" }).click();
    await page.getByRole("menuitem", { name: "Opening times" }).click();
    await page.waitForURL(`${run.app.url}/page/visiting-hours`);
    await page.getByRole("heading", { name: "Visiting hours" }).waitFor();

    const visitor = await run.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await visitor.goto(`${run.app.url}/pages/visiting-hours`);
    await visitor.getByRole("heading", { name: "Visiting hours" }).waitFor();
    await visitor.getByText("The pool opens at nine.").waitFor();
    const loaded = await visitor
      .locator("main img, img")
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(loaded).toBe(1);
    await visitor.screenshot({ path: `${SHOTS}/search-custom-page-en.png` });
    await visitor.goto(`${run.app.url}/pages/no-such-page`);
    await visitor.getByText("This page does not exist.").waitFor();
    await visitor.goto(`${run.app.url}/403`);
    await visitor.getByText("You have no access to this page.").waitFor();
    await visitor.close();
    expect(problems).toEqual([]);
    await page.close();
  });
});
