import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appAndBrowser, registerByApi, screenshot, signInAsDemo, watchErrors } from "./support.ts";

const ctx = appAndBrowser({ SEED_DEMO: "true" });

/** Another person's sign-in, made over the API: what an attacker would put into a link. */
async function registerOther(baseUrl: string, username: string) {
  return registerByApi(baseUrl, { username, email: `${username}@example.com`, password: "other-pass-1" });
}

/** Who this browser's stored sign-in belongs to, asked the way the app asks. */
const signedInAs = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch("/api/user", {
      headers: { authorization: `Bearer ${localStorage.getItem("formloom.token")}` },
    });
    return ((await response.json()) as { username: string }).username;
  });

describe("automatic sign-in", () => {
  it("asks a signed-in person before switching to the link's user, and can stay", async () => {
    const other = await registerOther(ctx.app.url, "mallory");
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, ctx.app.url);
    const link = `${ctx.app.url}/autologin#token=${other.token}&refresh_token=${other.refresh_token}&redirect=/user/view`;

    await page.goto(link);
    await page.getByText("You are signed in as demo.").waitFor();
    await page.getByText("Sign in as mallory instead?").waitFor();
    expect(page.url()).not.toContain("token=");
    await page.getByRole("button", { name: "Stay as demo" }).click();
    await page.waitForURL(`${ctx.app.url}/`);
    expect(await signedInAs(page)).toBe("demo");

    await page.goto(link);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${ctx.app.url}/user/view`);
    expect(await signedInAs(page)).toBe("mallory");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks nothing when the link is for the person already signed in", async () => {
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    await signInAsDemo(page, ctx.app.url);
    const fresh = await fetch(`${ctx.app.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "demo12345" }),
    });
    const tokens = (await fresh.json()) as { token: string; refresh_token: string };
    await page.goto(
      `${ctx.app.url}/autologin#token=${tokens.token}&refresh_token=${tokens.refresh_token}&redirect=/user/view`,
    );
    await page.waitForURL(`${ctx.app.url}/user/view`);
    expect(await page.evaluate(() => localStorage.getItem("formloom.token"))).toBe(tokens.token);
    await context.close();
  });

  it("asks someone not signed in before signing them in as the link's user, and can decline", async () => {
    const other = await registerOther(ctx.app.url, "newcomer");
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    const problems = watchErrors(page);
    const link = `${ctx.app.url}/autologin#token=${other.token}&refresh_token=${other.refresh_token}&redirect=/user/view`;

    await page.goto(link);
    await page.getByText("Sign in as newcomer?").waitFor();
    expect(page.url()).not.toContain("token=");
    expect(await page.evaluate(() => localStorage.getItem("formloom.token"))).toBeNull();
    await screenshot(page, "autologin-ask-signed-out");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${ctx.app.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem("formloom.token"))).toBeNull();

    await page.goto(link);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${ctx.app.url}/user/view`);
    expect(await signedInAs(page)).toBe("newcomer");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("changing the password in the settings", () => {
  it("says a wrong current password under its input, then changes it and stays signed in", async () => {
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const context = await ctx.browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await signInAsDemo(page, ctx.app.url);
      await page.goto(`${ctx.app.url}/user/settings?tab=password`);
      await page.getByRole("textbox", { name: "Current password" }).waitFor();
      await screenshot(page, `settings-password-${width}`);
      await context.close();
    }

    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, ctx.app.url);
    await page.goto(`${ctx.app.url}/user/settings`);
    await page.getByRole("tab", { name: "Password" }).click();
    await page.getByRole("textbox", { name: "Current password" }).fill("not-the-password-1");
    await page.getByRole("textbox", { name: "New password" }).fill("brand-new-pass-2");
    await page.getByRole("textbox", { name: "Confirm password" }).fill("brand-new-pass-2");
    await page.getByRole("button", { name: "Change password" }).click();
    const wrong = page.getByText("The current password is not correct");
    await wrong.waitFor();
    // The message belongs to the current-password input, not to a toast.
    const describedBy = await page
      .getByRole("textbox", { name: "Current password" })
      .getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    expect(await wrong.getAttribute("id")).toBe(describedBy!.split(" ").find((id) => id.includes("error")));
    await screenshot(page, "settings-password-wrong");

    await page.getByRole("textbox", { name: "Current password" }).fill("demo12345");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password was changed. Other devices were signed out.").waitFor();
    await page.reload();
    await page.getByRole("tab", { name: "Password" }).waitFor();
    expect(await signedInAs(page)).toBe("demo");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("changing the e-mail in the profile", () => {
  it("asks for the current password only when the e-mail changes", async () => {
    await registerOther(ctx.app.url, "mover");
    const context = await ctx.browser.newContext();
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${ctx.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill("mover");
    await page.getByRole("textbox", { name: "Password" }).fill("other-pass-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto(`${ctx.app.url}/user/edit`);
    const email = page.getByRole("textbox", { name: "E-mail" });
    await email.waitFor();
    const current = page.getByLabel("Your current password");
    expect(await current.count()).toBe(0);

    await email.fill("mover-moved@example.org");
    await current.fill("not-the-password-1");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("The current password is not correct").waitFor();

    await current.fill("other-pass-1");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${ctx.app.url}/user/view`);
    await page.getByText("mover-moved@example.org").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
