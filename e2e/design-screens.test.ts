// The welcome screen and the thank-you page in the form's theme: page background, font, colours
// and button, on the page the server draws (no JavaScript) and once the browser's script runs.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

const THEME = {
  formStyling: {
    background: "#fbf8f1",
    pageBackground: "#efe9dd",
    color: "#2a2320",
    titleColor: "#6d1a2a",
    fontFamily: "EB Garamond",
    buttonColor: "#8c1d35",
    buttonRadius: 20,
    borderStyle: "dashed",
    borderWidth: 3,
    borderColor: "#6d1a2a",
    width: "60%",
    position: "left",
  },
};

beforeAll(async () => {
  call = await accountOwner(run.app.url, "screens", "screens123");
  await createdForm(call, {
    title: "Alumni evening",
    formPathAlias: "alumni",
    collectRealCharacters: false,
    collectBehaviorData: false,
    ...THEME,
    welcomeScreen: {
      show: true,
      title: "Welcome back, class of 2016",
      text: "Two minutes to tell us whether you come.",
      buttonLabel: "Let's go",
    },
    fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0, isRequired: true }],
  });
});

/** What the theme should have put on the page's own surfaces. */
async function themed(page: Page, card: string) {
  return page.evaluate((selector) => {
    const theme = document.querySelector(".fill-theme");
    const surface = document.querySelector(selector);
    const button = surface?.querySelector(".fill-button");
    const heading = surface?.querySelector("h1");
    if (!theme || !surface || !button || !heading) return null;
    return {
      page: getComputedStyle(theme).backgroundColor,
      card: getComputedStyle(surface).backgroundColor,
      font: getComputedStyle(surface).fontFamily,
      title: getComputedStyle(heading).color,
      button: getComputedStyle(button).backgroundColor,
      radius: getComputedStyle(button).borderRadius,
      border: getComputedStyle(surface).borderTop,
      // Where the card sits and how wide it is, in whole pixels.
      box: `${Math.round(surface.getBoundingClientRect().left)} ${Math.round(surface.getBoundingClientRect().width)}`,
    };
  }, card);
}

const EXPECTED = {
  page: "rgb(239, 233, 221)",
  card: "rgb(251, 248, 241)",
  font: '"EB Garamond", serif',
  title: "rgb(109, 26, 42)",
  button: "rgb(140, 29, 53)",
  radius: "20px",
  border: "3px dashed rgb(109, 26, 42)",
};

describe("the welcome screen and thank-you page", () => {
  it("show in the theme with the script: welcome, start, send, thank you", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/alumni?a=screens`);
    await page.getByRole("heading", { name: "Welcome back, class of 2016" }).waitFor();
    expect(await themed(page, ".fill-welcome")).toMatchObject(EXPECTED);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await screenshot(page, "design-welcome-1280");
    const welcome = await themed(page, ".fill-welcome");
    await page.getByRole("link", { name: "Let's go" }).click();
    await page.getByLabel("Your name").fill("Ada");
    // The screens before and after the questions sit where the form does, as wide, on the left.
    const formBox = await page.locator(".fl-form").evaluate((node) => {
      const { left, width } = node.getBoundingClientRect();
      return `${Math.round(left)} ${Math.round(width)}`;
    });
    expect(welcome?.box).toBe(formBox);
    expect(await page.locator(".fill-theme").evaluate((n) => getComputedStyle(n).backgroundColor)).toBe(
      EXPECTED.page,
    );
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    await page.locator(".fill-thanks h1").waitFor();
    expect(await themed(page, ".fill-thanks")).toEqual({ ...EXPECTED, box: formBox });
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await screenshot(page, "design-thank-you-1280");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("are as wide as the form where the author set no width", async () => {
    await createdForm(call, {
      title: "Plain evening",
      formPathAlias: "plain-evening",
      collectRealCharacters: false,
      collectBehaviorData: false,
      welcomeScreen: { show: true, title: "Good evening", text: "", buttonLabel: "Begin" },
      fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 }],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${run.app.url}/f/plain-evening?a=screens`);
    await page.getByRole("heading", { name: "Good evening" }).waitFor();
    const box = (selector: string) =>
      page.locator(selector).evaluate((node) => {
        const { left, width } = node.getBoundingClientRect();
        return `${Math.round(left)} ${Math.round(width)}`;
      });
    const welcome = await box(".fill-welcome");
    await page.getByRole("link", { name: "Begin" }).click();
    expect(await box(".fl-form")).toBe(welcome);
    await context.close();
  });

  it("work without JavaScript: the server draws the themed welcome and its button opens the form", async () => {
    const context = await run.browser.newContext({
      viewport: { width: 390, height: 800 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${run.app.url}/f/alumni?a=screens`);
    await page.getByRole("heading", { name: "Welcome back, class of 2016" }).waitFor();
    expect(await themed(page, ".fill-welcome")).toMatchObject(EXPECTED);
    await screenshot(page, "design-welcome-390");
    await page.getByRole("link", { name: "Let's go" }).click();
    await page.getByLabel("Your name").fill("Grace");
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator(".fill-thanks h1").waitFor();
    expect(await themed(page, ".fill-thanks")).toMatchObject(EXPECTED);
    await context.close();
  });
});
