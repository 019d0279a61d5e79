import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../apps/server/test/smtp-receiver.ts";
import { connectBrowser, freePort, type RunningApp, startApp, watchErrors } from "./support.ts";

let app: RunningApp;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const port = String(await freePort());
  [app, browser] = await Promise.all([
    startApp({
      SEED_DEMO: "true",
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: "100",
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }),
    connectBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await smtp?.close();
});

describe("forgotten password", () => {
  it("sends a link by mail, sets a new password through it, and signs in with that", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${app.url}/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/reset_password");
    // The box whose name starts "E-mail": until the page's code arrives, the sign-in page's "Username or e-mail" is still shown.
    await page.getByRole("textbox", { name: /^E-mail/ }).fill("demo@formloom.local");
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByText("If an account uses this e-mail").waitFor();

    const mail = (await smtp.waitFor("demo@formloom.local")).text;
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset_password\/confirm\?code=[\w-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();

    await page.goto(link!);
    await page.getByRole("textbox", { name: "New password" }).fill("fresh-pass-9");
    await page.getByRole("textbox", { name: "Confirm password" }).fill("fresh-pass-8");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await page.getByText("Passwords are not equal").waitFor();
    await page.getByRole("textbox", { name: "Confirm password" }).fill("fresh-pass-9");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await page.waitForURL(/\/login\?reset=done/);
    await page.getByText("Your password was changed. Sign in with the new one.").waitFor();

    await page.getByLabel("Username or e-mail").fill("demo");
    await page.getByRole("textbox", { name: "Password" }).fill("fresh-pass-9");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${app.url}/`);
    expect(problems).toEqual([]);
    await context.close();
  });
});
