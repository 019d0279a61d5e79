import { describe, expect, it } from "vitest";
import { appAndBrowser, registerByApi, watchErrors } from "./support.ts";

const run = appAndBrowser({ SEED_DEMO: "true" });

async function demoTokens(): Promise<{ token: string; refresh_token: string }> {
  const response = await fetch(`${run.app.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "demo", password: "demo12345" }),
  });
  return (await response.json()) as { token: string; refresh_token: string };
}

describe("public account pages", () => {
  it("signs in through /autologin with tokens in the fragment, never following a foreign redirect", async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const problems = watchErrors(page);
    const tokens = await demoTokens();
    await page.goto(
      `${run.app.url}/autologin#token=${tokens.token}&refresh_token=${tokens.refresh_token}&redirect=/groups/all`,
    );
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${run.app.url}/groups/all`);
    await page.getByRole("heading", { name: "All groups" }).waitFor();
    // The tokens left the address bar.
    expect(page.url()).not.toContain("token=");

    await page.evaluate(() => localStorage.clear());
    const again = await demoTokens();
    await page.goto(
      `${run.app.url}/autologin#token=${again.token}&refresh_token=${again.refresh_token}&redirect=//evil.example.com/x`,
    );
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/autologin`);
    await page.getByText("This sign-in link is not complete").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a user without an account to the no-account page, and shows the session-ended choice", async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const tokens = await registerByApi(run.app.url, {
      username: "loner",
      email: "loner@example.com",
      password: "loner1234",
    });
    await page.goto(`${run.app.url}/login`);
    await page.evaluate((t) => {
      localStorage.setItem("formloom.token", t.token);
      localStorage.setItem("formloom.refresh_token", t.refresh_token);
    }, tokens);
    await page.goto(`${run.app.url}/forms/all`);
    await page.waitForURL(`${run.app.url}/no_account`);
    await page.getByRole("link", { name: "Create account" }).click();
    await page.waitForURL(`${run.app.url}/user/create_account`);

    // As the client leaves it when the sign-in has run out: no tokens, the page to return to.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${run.app.url}/session_ended?redirect=/forms/all`);
    await page.getByRole("heading", { name: "Your session has ended" }).waitFor();
    await page.getByRole("button", { name: "Stay here" }).click();
    await page.waitForURL(/\/login\?redirect=%2Fforms%2Fall/);
    await context.close();
  });
});
