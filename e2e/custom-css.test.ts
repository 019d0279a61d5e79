// A form's own style sheet (advanced): written in the builder's Theming tab, refused there with the
// reason when it reaches outside the form, drawn in the builder's live preview as it is typed, and on
// the public page, drawn by the server and kept by the browser's script, styling what is inside the
// form's root and nothing outside it.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  signIn,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
const OWNER = { username: "cssauthor", password: "cssauthor123" };
let call: ApiCall;
let formId: number;

/** Reaches for everything a page has: scoped under the form's root, it must only touch the form. */
const SHEET = [
  "* { outline: 3px solid rgb(1, 2, 3) }",
  ".fl-form .fl-title { color: rgb(160, 20, 40) }",
  "> * { background-color: rgb(250, 240, 200) }",
].join("\n");

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
  formId = (
    await createdForm(call, {
      title: "Hand-styled",
      formPathAlias: "hand-styled",
      collectRealCharacters: false,
      collectBehaviorData: false,
      fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 }],
    })
  ).id;
});

/** Where the builder's own controls are drawn: none of it may take the form's style sheet. */
function builderUi(page: Page) {
  return page.evaluate(() => {
    const of = (node: Element | null) => {
      if (!node) return null;
      const style = getComputedStyle(node);
      return { outline: style.outlineStyle, background: style.backgroundColor, colour: style.color };
    };
    const sheet = document.querySelector("textarea");
    return {
      sheet: of(sheet),
      saveButton: of(document.querySelector("button")),
      heading: of(document.querySelector("header") ?? document.querySelector("h1, h2")),
      previewPane: of(document.querySelector('[aria-label="Live preview"]')),
      frame: of(document.querySelector('[data-testid="preview-frame"]')),
    };
  });
}

/**
 * Computed styles inside the form's root and outside it: the page's html and body, and a heading
 * put beside the root, as another part of a page (a header, an embedding site's text) would be.
 */
function inAndOut(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector(".fill-theme");
    // The same classes as the form's title, beside the root: the same selector, outside.
    const beside = document.createElement("div");
    beside.className = "fl-form";
    const outside = document.createElement("h1");
    outside.className = "fl-title";
    outside.textContent = "Outside the form";
    beside.append(outside);
    root?.parentElement?.insertBefore(beside, root);
    const inside = root?.querySelector(".fl-form .fl-title");
    const of = (node: Element | null | undefined) => {
      if (!node) return null;
      const style = getComputedStyle(node);
      return { colour: style.color, outline: style.outlineStyle, background: style.backgroundColor };
    };
    const result = {
      inside: of(inside),
      firstChild: of(root?.firstElementChild),
      outside: of(outside),
      body: of(document.body),
      html: of(document.documentElement),
      root: of(root),
    };
    beside.remove();
    return result;
  });
}

async function expectConfined(page: Page) {
  const seen = await expectNothingOutside(page);
  expect(seen.firstChild?.background).toBe("rgb(250, 240, 200)");
}

/** The form's title took the sheet, and nothing outside the form's root took any of it. */
async function expectNothingOutside(page: Page) {
  const seen = await inAndOut(page);
  expect(seen.inside).toMatchObject({ colour: "rgb(160, 20, 40)", outline: "solid" });
  // Nothing outside the root took any of it.
  expect(seen.outside?.colour).not.toBe("rgb(160, 20, 40)");
  for (const node of [seen.outside, seen.body, seen.html, seen.root]) {
    expect(node?.outline).toBe("none");
    expect(node?.background).not.toBe("rgb(250, 240, 200)");
  }
  return seen;
}

describe("a form's custom CSS", () => {
  it("is refused in the builder when it reaches outside the form, and saved when it stays inside", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill(OWNER.username);
    await page.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/forms/${formId}/edit`);
    await page.getByRole("tab", { name: "Theming" }).click();
    const sheet = page.getByRole("textbox", { name: "Style sheet" });
    await sheet.fill("body { background: red }");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByTestId("save-refusal").waitFor();
    await sheet.scrollIntoViewIfNeeded();
    await screenshot(page, "custom-css-refused-1280");
    // The reason shows under the input itself, not only in the banner above the builder.
    await expect.poll(() => sheet.getAttribute("aria-invalid")).toBe("true");
    const described = (await sheet.getAttribute("aria-describedby")) ?? "";
    const errorId = described.split(" ").find((id) => id.endsWith("-error"));
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(
      "Custom CSS styles only the form: html, body, :root and & are not allowed",
    );
    expect((await call<{ form: { customCss: string } }>("GET", `/forms/${formId}`)).form.customCss).toBe("");

    await sheet.fill(SHEET);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();
    expect((await call<{ form: { customCss: string } }>("GET", `/forms/${formId}`)).form.customCss).toBe(
      SHEET,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await sheet.scrollIntoViewIfNeeded();
    await screenshot(page, "custom-css-editor-390");
    await context.close();
  });

  it("styles only what is inside the form's root, on the page the server draws and once the script runs", async () => {
    const plain = await run.browser.newContext({
      viewport: { width: 390, height: 800 },
      javaScriptEnabled: false,
    });
    const drawn = await plain.newPage();
    await drawn.goto(`${run.app.url}/f/hand-styled?a=${OWNER.username}`);
    await drawn.getByLabel("Your name").waitFor();
    await expectConfined(drawn);
    await plain.close();

    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/hand-styled?a=${OWNER.username}`);
    await page.getByLabel("Your name").fill("Ada");
    await expectConfined(page);
    await screenshot(page, "custom-css-public-1280");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("is drawn in the builder's live preview as it is typed, inside the preview's form root only", async () => {
    const previewed = await createdForm(call, {
      title: "Previewed by hand",
      formPathAlias: "previewed-by-hand",
      fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 }],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page, run.app.url, OWNER.username, OWNER.password);
    await page.goto(`${run.app.url}/forms/${previewed.id}/edit`);
    await page.getByRole("tab", { name: "Theming" }).click();
    const title = page.getByTestId("preview-frame").locator(".fl-title");
    await title.waitFor();
    const titleColour = () => title.evaluate((node) => getComputedStyle(node).color);
    const before = await titleColour();

    // Typed, not saved: the preview follows the text.
    await page.getByRole("textbox", { name: "Style sheet" }).fill(SHEET);
    await expect.poll(titleColour).toBe("rgb(160, 20, 40)");
    await expectNothingOutside(page);
    for (const part of Object.values(await builderUi(page))) {
      expect(part).not.toBeNull();
      expect(part?.outline).not.toBe("solid");
      expect(part?.background).not.toBe("rgb(250, 240, 200)");
      expect(part?.colour).not.toBe("rgb(160, 20, 40)");
    }
    await screenshot(page, "custom-css-preview-1280");

    // A sheet the server would refuse is drawn by neither: the preview shows the form unstyled.
    await page.getByRole("textbox", { name: "Style sheet" }).fill(`${SHEET}\nbody { background: red }`);
    await expect.poll(titleColour).toBe(before);
    await page.getByRole("textbox", { name: "Style sheet" }).fill("");
    await expect.poll(titleColour).toBe(before);
    expect(problems).toEqual([]);
    await context.close();
  });
});
