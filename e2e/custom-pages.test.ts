import { describe, expect, it } from "vitest";
import { accountOwner, appAndBrowser, createdForm, screenshot, signIn, watchErrors } from "./support.ts";

const run = appAndBrowser();

/** A 1×1 red PNG. */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

describe("custom pages and the help menu", () => {
  it("writes a page with a picture, shows it signed out at /pages/:alias and in the help menu", async () => {
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
    await screenshot(visitor, "custom-page-signed-out-en", { fullPage: false });
    await visitor.goto(`${run.app.url}/pages/no-such-page`);
    await visitor.getByText("This page does not exist.").waitFor();
    await visitor.goto(`${run.app.url}/403`);
    await visitor.getByText("You have no access to this page.").waitFor();
    await visitor.close();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens an account page at the bare /{alias} inside the layout, in English and Russian, without shadowing other pages", async () => {
    const call = await accountOwner(run.app.url, "bare", "bare12345");
    await call("POST", "/pages", {
      title: "Parking rules",
      alias: "parking-rules",
      body: "<p>Visitors park on level two.</p>",
      isPublished: true,
    });
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const page = await run.browser.newPage({ viewport: { width, height } });
      const problems = watchErrors(page);
      await signIn(page, run.app.url, "bare", "bare12345");
      await page.goto(`${run.app.url}/parking-rules`);
      await page.getByRole("heading", { name: "Parking rules" }).waitFor();
      await page.getByText("Visitors park on level two.").waitFor();
      // Inside the layout: the top bar is there.
      await page.getByRole("banner").waitFor();
      await screenshot(page, `custom-page-bare-en-${width}`);
      // The app's own one-segment pages still win over an alias; an alias no page has is not found.
      await page.goto(`${run.app.url}/search/all?q=parking`);
      await page
        .getByRole("link", { name: /Parking rules/ })
        .first()
        .waitFor();
      await page.goto(`${run.app.url}/no-such-alias`);
      await page.getByText("This page does not exist.").waitFor();
      expect(problems).toEqual([]);
      await page.close();
    }
    const me = await call<{ id: number }>("GET", "/user");
    await call("PATCH", `/user/${me.id}/settings`, { locale: "ru" });
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const page = await run.browser.newPage({ viewport: { width, height } });
      await signIn(page, run.app.url, "bare", "bare12345");
      await page.goto(`${run.app.url}/parking-rules`);
      await page.getByRole("heading", { name: "Parking rules" }).waitFor();
      await page.getByRole("banner").getByRole("button", { name: "Помощь" }).waitFor();
      await screenshot(page, `custom-page-bare-ru-${width}`);
      await page.goto(`${run.app.url}/no-such-alias`);
      await page.getByRole("heading", { name: "404" }).waitFor();
      await page.close();
    }
  });

  it("sends a page whose first load the server refuses (403) to /403, and keeps pages that explain a refusal", async () => {
    const call = await accountOwner(run.app.url, "refused", "refused123");
    const form = await createdForm(call, { title: "Locked form", fields: [] });
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, run.app.url, "refused", "refused123");
    // The policy's refusal as the server words it, for the form this page loads first.
    await page.route(`**/api/forms/${form.id}`, (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ code: "not_allowed", message: "Permissions denied", validationErrors: [] }),
      }),
    );
    await page.goto(`${run.app.url}/forms/${form.id}/overview`);
    await page.waitForURL(`${run.app.url}/403`);
    await page.getByText("You have no access to this page.").waitFor();
    await page.unroute(`**/api/forms/${form.id}`);

    // The results page tells a reader without access to the answers itself, in place.
    await page.route(`**/api/forms/${form.id}/answer/**`, (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ code: "not_allowed", message: "Permissions denied", validationErrors: [] }),
      }),
    );
    await page.goto(`${run.app.url}/forms/${form.id}/results`);
    await page.getByRole("alert").getByText("Permissions denied").waitFor();
    expect(page.url()).toBe(`${run.app.url}/forms/${form.id}/results`);
    await page.close();
  });
});
