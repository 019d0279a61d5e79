import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { connectBrowser, type RunningApp, registerByApi, screenshot, startApp } from "./support.ts";

let app: RunningApp;
let browser: Browser;
const USER = { username: "layoutuser", password: "layout123" };

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), connectBrowser()]);
  const post = (url: string, body: unknown, token?: string) =>
    fetch(`${app.url}/api${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ token: string }>);
  const { token } = await registerByApi(app.url, { ...USER, email: "layout@example.com" });
  await post("/account/create", { name: "Layout Ltd", subdomain: "layout-ltd", acceptDpa: true }, token);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Whether the sidebar is on screen (a collapsed one is moved off to the left, not removed). */
async function sidebarOnScreen(page: Page): Promise<boolean> {
  const box = await page.getByRole("navigation", { name: "Main menu" }).boundingBox();
  return box !== null && box.x + box.width > 0;
}

async function signIn(page: Page) {
  await page.getByLabel("Username or e-mail").fill(USER.username);
  await page.getByRole("textbox", { name: "Password" }).fill(USER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("route guard", () => {
  it("sends a visitor without a token to /login?redirect=…, and back there after signing in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/forms/all`);
    await page.waitForURL(`${app.url}/login?redirect=%2Fforms%2Fall`);
    await signIn(page);
    await page.waitForURL(`${app.url}/forms/all`);

    // With a token, /login goes to the app.
    await page.goto(`${app.url}/login`);
    await page.waitForURL(`${app.url}/`);
    await page.getByRole("heading", { name: `Welcome, ${USER.username}!` }).waitFor();
    await context.close();
  });

  it("shows a wrong password as the spec's message and stays on /login", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel("Username or e-mail").fill(USER.username);
    await page.getByRole("textbox", { name: "Password" }).fill("wrong-password1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").getByText("Incorrect login or password").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});

describe("layout", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(() => context.close());

  it("remembers the collapsed sidebar as sidebarStatus across reloads, with breadcrumb and footer", async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await signIn(page);
    await page.waitForURL(`${app.url}/`);
    const navLink = page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "All forms" });
    await navLink.waitFor();
    expect(await page.getByText(`© 2018–${new Date().getFullYear()} Formloom`).count()).toBe(1);

    await navLink.click();
    await page.waitForURL("**/forms/all");
    // The page's code arrives after the address changes: the breadcrumb follows it.
    await expect
      .poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).textContent())
      .toBe("Home/All forms");

    await page.getByRole("button", { name: "Close the menu" }).click();
    await expect.poll(() => sidebarOnScreen(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("sidebarStatus"))).toBe('"closed"');
    await page.reload();
    await page.getByRole("button", { name: "Open the menu" }).waitFor();
    expect(await sidebarOnScreen(page)).toBe(false);
    await page.getByRole("button", { name: "Open the menu" }).click();
    await expect.poll(() => sidebarOnScreen(page)).toBe(true);
    await page.close();
  });

  it("closes the sidebar by itself on a phone", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(`${app.url}/login`);
    await signIn(page);
    await page.waitForURL(`${app.url}/`);
    await page.getByRole("button", { name: "Open the menu" }).waitFor();
    expect(await sidebarOnScreen(page)).toBe(false);
    await page.getByRole("button", { name: "Open the menu" }).click();
    await expect.poll(() => sidebarOnScreen(page)).toBe(true);
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "All forms" })
      .click();
    await page.waitForURL("**/forms/all");
    await expect.poll(() => sidebarOnScreen(page)).toBe(false);
    await screenshot(page, "forms-list-phone");
    await phone.close();
  });

  it("narrows a desktop window with the menu open to a phone's width without laying the menu over the page, and widens it back open", async () => {
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await desktop.newPage();
    await page.goto(`${app.url}/login`);
    await signIn(page);
    await page.getByRole("heading", { name: "Submissions calendar" }).waitFor();
    expect(await sidebarOnScreen(page)).toBe(true);

    // Left alone, the menu has no slide to make: whatever order the browser takes the new width
    // and its events in, the menu cannot be carried across the page.
    const slide = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('[data-tour="menu"]')!).transitionDuration);
    expect(await slide()).toBe("0s");

    // Every frame the browser draws while the window is narrower than a desktop's is recorded,
    // with whether the menu was on screen in it: one such frame is a menu flashing over the page.
    await page.evaluate(() => {
      const seen: boolean[] = [];
      Object.assign(window, { menuOverPage: seen });
      const frame = () => {
        if (innerWidth < 1024) {
          const menu = document.querySelector('nav[aria-label="Main menu"]');
          seen.push(menu !== null && menu.getBoundingClientRect().right > 0);
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole("button", { name: "Open the menu" }).waitFor();
    const frames = () => page.evaluate(() => (window as unknown as { menuOverPage: boolean[] }).menuOverPage);
    await expect.poll(async () => (await frames()).length).toBeGreaterThan(10);
    expect((await frames()).filter(Boolean)).toEqual([]);

    // The phone's menu is its own: closing it did not close the desktop's.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Close the menu" }).waitFor();
    await expect.poll(() => sidebarOnScreen(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("sidebarStatus"))).toBe('"open"');

    // And the phone's menu, opened, does not open the desktop's once it was closed there.
    await page.getByRole("button", { name: "Close the menu" }).click();
    await expect.poll(() => sidebarOnScreen(page)).toBe(false);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole("button", { name: "Open the menu" }).click();
    await expect.poll(() => sidebarOnScreen(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Open the menu" }).waitFor();
    await expect.poll(() => sidebarOnScreen(page)).toBe(false);
    await desktop.close();
  });

  it("logs out from the user menu: the token is gone and the app asks to sign in", async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem("formloom.token"))).toBeNull();
    await page.close();
  });

  it("has a top bar and menu that pass axe's WCAG 2.1 A and AA checks, at 1280 and 390 px", async () => {
    for (const width of [1280, 390]) {
      const frame = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await frame.newPage();
      await page.goto(`${app.url}/login`);
      await signIn(page);
      await page.getByRole("heading", { name: "Submissions calendar" }).waitFor();
      expect(await axeViolations(page, "header"), `top bar at ${width} px`).toEqual([]);
      if (width === 390) await page.getByRole("button", { name: "Open the menu" }).click();
      await expect.poll(() => sidebarOnScreen(page)).toBe(true);
      expect(await axeViolations(page, "nav"), `menu at ${width} px`).toEqual([]);
      await frame.close();
    }
  });

  it("shows a not-found page for an unknown path", async () => {
    const page = await context.newPage();
    await page.goto(`${app.url}/no/such/page`);
    await page.getByText("This page does not exist.").waitFor();
    await page.close();
  });
});
