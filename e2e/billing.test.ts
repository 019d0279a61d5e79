import { describe, expect, it } from "vitest";
import { appAndBrowser, screenshot, signInAsDemo, watchErrors } from "./support.ts";

const run = appAndBrowser({ SEED_DEMO: "true", OFFLINE_PAYMENTS: "true" });

describe("billing", () => {
  it("adds a paid service from the marketplace, pays offline, and sees the balance and history", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Marketplace" })
      .click();
    await page.getByRole("button", { name: "Add: More responses" }).click();
    await page.getByRole("button", { name: "Remove: More responses" }).waitFor();
    await screenshot(page, "biz-marketplace-1280");

    await page.goto(`${run.app.url}/account/billing`);
    await page.getByText("Due: waiting for a payment").waitFor();
    await page.getByRole("tab", { name: "Payment" }).click();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByText("Enter the amount to pay").waitFor();
    await page.getByRole("textbox", { name: "Amount" }).fill("20");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByRole("heading", { name: "Offline payment" }).waitFor();
    await page.getByRole("button", { name: "Confirm payment" }).click();
    await page.getByRole("heading", { name: "Thank you! Your payment went through." }).waitFor();
    await page.getByRole("link", { name: "Back to billing" }).click();
    await expect.poll(() => page.getByTestId("balance").textContent()).toBe("$11.00");
    await screenshot(page, "biz-billing-status-1280");
    // The user's time zone is one whose date is not UTC's at this hour (the browser's is UTC), an
    // hour or more from its midnight: "Today" is their today, and shows what they just paid.
    const zone = new Date().getUTCHours() >= 11 ? "Pacific/Kiritimati" : "Etc/GMT+12";
    const set = await page.evaluate(async (timezone) => {
      const headers = {
        authorization: `Bearer ${localStorage.getItem("formloom.token")}`,
        "content-type": "application/json",
      };
      const me = (await (await fetch("/api/user", { headers })).json()) as { id: number };
      const response = await fetch(`/api/user/${me.id}/settings`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ timezone }),
      });
      return response.status;
    }, zone);
    expect(set).toBe(200);
    await page.reload();
    await page.getByRole("tab", { name: "History" }).click();
    await page.getByRole("cell", { name: "More responses", exact: false }).waitFor();
    await page.getByText("Charging").waitFor();
    await page.getByRole("button", { name: "Today" }).click();
    await page.getByText("Withdrawal").waitFor();
    await page.getByText("Charging").waitFor();
    await screenshot(page, "biz-billing-history-1280");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("takes a donation signed out on a phone, and sends a declined one to the fail page", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/projects/support/payment`);
    await page.getByRole("heading", { name: "Support Formloom" }).waitFor();
    await page.getByText("25", { exact: true }).click();
    await expect.poll(() => page.getByRole("radio", { name: "25" }).isChecked()).toBe(true);
    await page
      .getByRole("textbox", { name: /^Currency/ })
      .or(page.getByRole("combobox", { name: /^Currency/ }))
      .click();
    await page.getByRole("option", { name: "EUR" }).click();
    await screenshot(page, "biz-donation-390");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByRole("button", { name: "Confirm payment" }).click();
    await page.waitForURL("**/projects/support/payment/success?payment=*");
    await page.getByRole("heading", { name: "Thank you! Your payment went through." }).waitFor();
    await page.getByText("€25.00").waitFor();

    await page.goto(`${run.app.url}/projects/freedom/payment`);
    await page.getByRole("textbox", { name: "Custom amount" }).fill("3");
    await page
      .getByRole("textbox", { name: /^Currency/ })
      .or(page.getByRole("combobox", { name: /^Currency/ }))
      .click();
    await page.getByRole("option", { name: "USD" }).click();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByRole("button", { name: "Decline" }).click();
    await page.waitForURL("**/projects/freedom/payment/fail?payment=*");
    await page.getByRole("alert").filter({ hasText: "There were problems with your payment!" }).waitFor();
    await screenshot(page, "biz-payment-fail-390");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
