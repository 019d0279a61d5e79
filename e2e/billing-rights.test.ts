import { afterAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../apps/server/test/smtp-receiver.ts";
import { accountOwner, appAndBrowser, freePort, screenshot, watchErrors } from "./support.ts";

const smtp = await startSmtpReceiver();
const port = String(await freePort());
const run = appAndBrowser({
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: "100",
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  OFFLINE_PAYMENTS: "true",
});
afterAll(() => smtp.close());

describe("billing rights", () => {
  it("tells a member without the billing permission they haven't access right on the payment page", async () => {
    const owner = await accountOwner(run.app.url, "payowner", "secret123");
    const email = "nobilling@example.com";
    await owner("POST", "/account/invitations/send", { emails: email });
    const code = /\/registration\/join\?code=([\w-]+)/.exec((await smtp.waitFor(email)).text)?.[1];
    expect(code).toBeDefined();
    const joined = await fetch(`${run.app.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username: "nobilling",
        email,
        password: "member123",
        passwordConfirmation: "member123",
        inviteCode: code,
        acceptTermsAndConditionsAgreement: true,
        acceptPrivacyPolicyAgreement: true,
      }),
    });
    expect(joined.status).toBeLessThan(300);

    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill("nobilling");
    await page.getByRole("textbox", { name: "Password" }).fill("member123");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/account/billing/payment`);
    await page.getByRole("alert").filter({ hasText: "You haven't access right" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Pay" }).count()).toBe(0);
    await screenshot(page, "biz-no-billing-right-390");
    // The status the server refuses says the same.
    await page.getByRole("tab", { name: "Status" }).click();
    await page.getByText("You haven't access right").waitFor();
    // Refused calls are the point of this page; only they may show in the console.
    expect(problems.filter((problem) => !problem.includes("403"))).toEqual([]);
    await context.close();
  });
});
