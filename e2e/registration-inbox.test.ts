import { afterAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../apps/server/test/smtp-receiver.ts";
import { appAndBrowser, freePort, registerByApi, screenshot, watchErrors } from "./support.ts";

/** Registering says "check your inbox" to everyone; the link mailed to a new address signs its owner in. */

const smtp = await startSmtpReceiver();
const port = String(await freePort());
const run = appAndBrowser({
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: "100",
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
});
afterAll(() => smtp.close());

describe("registering with a new address", () => {
  it("asks to check the inbox, and the link there confirms the address and signs in", async () => {
    for (const [size, viewport] of [
      ["390", { width: 390, height: 844 }],
      ["1280", { width: 1280, height: 860 }],
    ] as const) {
      const context = await run.browser.newContext({ viewport });
      const page = await context.newPage();
      const problems = watchErrors(page);
      const email = `arrival${size}@example.com`;
      await page.goto(`${run.app.url}/registration/create`);
      await page.getByLabel("Username").fill(`arrival${size}`);
      await page.getByLabel("E-mail").fill(email);
      await page.getByRole("textbox", { name: "Password", exact: true }).fill("arrive123");
      await page.getByRole("textbox", { name: "Confirm password" }).fill("arrive123");
      await page.getByRole("checkbox", { name: "I accept the terms and conditions" }).check();
      await page.getByRole("checkbox", { name: "I accept the privacy policy" }).check();
      await page.getByRole("button", { name: "Register" }).click();
      await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
      await page.getByText(`We sent a message to ${email}.`).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("formloom.token"))).toBeNull();
      await screenshot(page, `registration-inbox-${size}`);

      const mail = await smtp.waitFor(email, "Confirm");
      const link = /http:\/\/127\.0\.0\.1:\d+\/confirm_email\?code=[\w-]+/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      await page.goto(link!);
      await page.getByText("Thank you, your e-mail address is confirmed.").waitFor();
      await screenshot(page, `registration-confirmed-${size}`);
      await page.getByRole("link", { name: "Go to Formloom" }).click();
      // Signed in, the new user is welcomed by name and offered their first account.
      await page.waitForURL(`${run.app.url}/`);
      await page.getByRole("heading", { name: `Welcome, arrival${size}!` }).waitFor();
      await page.getByRole("main").getByRole("link", { name: "Create account" }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("formloom.token"))).toBeTruthy();
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("leaves a browser already signed in as it was, so a link someone else sent cannot switch it", async () => {
    const mine = await registerByApi(run.app.url, {
      username: "holder",
      email: "holder@example.com",
      password: "hold1234",
    });
    await registerByApi(run.app.url, {
      username: "sender",
      email: "sender@example.com",
      password: "send1234",
    });
    const link = /http:\/\/127\.0\.0\.1:\d+\/confirm_email\?code=[\w-]+/.exec(
      (await smtp.waitFor("sender@example.com", "Confirm")).text,
    )?.[0];
    const context = await run.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${run.app.url}/login`);
    await page.evaluate((tokens) => {
      localStorage.setItem("formloom.token", tokens.token);
      localStorage.setItem("formloom.refresh_token", tokens.refresh_token);
    }, mine);
    await page.goto(link!);
    await page.getByText("Thank you, your e-mail address is confirmed.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("formloom.token"))).toBe(mine.token);
    await context.close();
  });
});
