import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appAndBrowser, registerByApi } from "./support.ts";

/** Log out ends the sign-in on the server; registering with a known address says only "check your inbox". */

const run = appAndBrowser();
const USER = { username: "leaving", email: "leaving@example.com", password: "leave1234" };

const refreshStatus = (refresh_token: string) =>
  fetch(`${run.app.url}/api/refresh`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ refresh_token }),
  }).then((r) => r.status);

async function signIn(page: Page, username = USER.username) {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill(username);
  await page.getByRole("textbox", { name: "Password" }).fill(USER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

describe("signing out and registering again", () => {
  it("ends the sign-in on the server when the user logs out: its refresh token stops working", async () => {
    await registerByApi(run.app.url, USER);
    const context = await run.browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    const refresh = await page.evaluate(() => localStorage.getItem("formloom.refresh_token"));
    expect(refresh).toBeTruthy();

    // The page reloads only after the server has answered the log out.
    const loggedOut = context.waitForEvent("response", {
      predicate: (response) => response.url().endsWith("/api/logout"),
      timeout: 10_000,
    });
    const signInPage = page.waitForURL(/\/login/);
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await signInPage;
    expect((await loggedOut).status()).toBe(204);
    expect(await page.evaluate(() => localStorage.getItem("formloom.refresh_token"))).toBeNull();
    // One try only: a refresh that worked would spend the token, and a second try fail anyway.
    expect(await refreshStatus(refresh!)).toBe(401);
    await context.close();
  });

  it("signs out on every device at once: another browser's sign-in ends, its access token too", async () => {
    const username = "roaming";
    await registerByApi(run.app.url, { username, email: "roaming@example.com", password: USER.password });
    const laptop = await run.browser.newContext();
    const phone = await run.browser.newContext();
    const here = await laptop.newPage();
    const there = await phone.newPage();
    await signIn(here, username);
    await signIn(there, username);
    const otherToken = await there.evaluate(() => localStorage.getItem("formloom.token"));

    const signInPage = here.waitForURL(/\/login/);
    await here.getByRole("button", { name: "User menu" }).click();
    await here.getByRole("menuitem", { name: "Sign out everywhere" }).click();
    await signInPage;
    // The other browser's access token is refused at once, not when it expires.
    const refused = await fetch(`${run.app.url}/api/user`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(refused.status).toBe(401);
    // The page there may already be on its way to /login by itself (a call of its own was refused,
    // and a reload then finds no page to reload); otherwise a reload takes it there.
    if (!/\/login/.test(there.url())) await there.reload().catch(() => undefined);
    await there.waitForURL(/\/login/);
    await laptop.close();
    await phone.close();
  });

  it("answers a registration with an address that has an account with 'check your inbox', signing nobody in", async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${run.app.url}/registration/create`);
    await page.getByLabel("Username").fill("another");
    await page.getByLabel("E-mail").fill(USER.email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("other1234");
    await page.getByRole("textbox", { name: "Confirm password" }).fill("other1234");
    await page.getByLabel("I accept the terms and conditions").check();
    await page.getByLabel("I accept the privacy policy").check();
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    await page.getByText(`We sent a message to ${USER.email}.`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("formloom.token"))).toBeNull();
    await context.close();
  });
});
