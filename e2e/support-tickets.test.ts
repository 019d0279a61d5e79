import { afterAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../apps/server/test/smtp-receiver.ts";
import {
  accountOwner,
  appAndBrowser,
  freePort,
  registerByApi,
  screenshot,
  signIn,
  watchErrors,
} from "./support.ts";

/** platform.md §2, §4, §9: a ticket with a file, an operator's answer by e-mail, close and reopen. */

const OPERATOR = "helpdesk-e2e@example.com";
const smtp = await startSmtpReceiver();
const port = String(await freePort());
const run = appAndBrowser({
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: "100",
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SUPPORT_OPERATORS: OPERATOR,
});
afterAll(() => smtp.close());

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

describe("support tickets", () => {
  it("opens a ticket with a picture, an operator answers by e-mail, and it closes and reopens", async () => {
    await accountOwner(run.app.url, "ticketowner", "secret123");
    await accountOwner(run.app.url, "ticketstranger", "secret123");
    // The operator confirms their address through the link mailed to it.
    await registerByApi(run.app.url, { username: "helpdesk", email: OPERATOR, password: "secret123" });
    const code = /confirm_email\?code=([\w-]+)/.exec((await smtp.waitFor(OPERATOR, "Confirm")).text)?.[1];
    const confirmed = await fetch(`${run.app.url}/api/email-confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code }),
    });
    expect(confirmed.status).toBe(200);

    const customer = await run.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await customer.newPage();
    const problems = watchErrors(page);
    await signIn(page, run.app.url, "ticketowner", "secret123");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Support" }).click();
    await page.getByRole("heading", { name: "Support tickets" }).waitFor();
    await page.getByText("No tickets yet.").waitFor();
    await page.getByRole("link", { name: "New ticket" }).click();
    await page.getByRole("textbox", { name: "Title" }).fill("Export stops at 90%");
    await page.getByRole("combobox", { name: "Topic" }).click();
    await page.getByRole("option", { name: "Technical support" }).click();
    await page.getByRole("combobox", { name: "Priority" }).click();
    await page.getByRole("option", { name: "High" }).click();
    await page.getByRole("textbox", { name: "Message" }).fill("The CSV export never finishes.");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "screen.png", mimeType: "image/png", buffer: PNG });
    await screenshot(page, "support-new-1280");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/\/support\/ticket\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    await page.getByRole("heading", { name: `#${id} Export stops at 90%` }).waitFor();
    await page.getByRole("button", { name: "screen.png" }).waitFor();
    expect(await page.getByText("New", { exact: true }).count()).toBeGreaterThan(0);

    // The operator is told, opens the ticket from every account's list, reads the file and answers.
    expect((await smtp.waitFor(OPERATOR, `New support ticket #${id}`)).text).toContain(
      `/support/ticket/${id}`,
    );
    const desk = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const deskPage = await desk.newPage();
    const deskProblems = watchErrors(deskPage);
    await signIn(deskPage, run.app.url, "helpdesk", "secret123");
    await deskPage.goto(`${run.app.url}/support/all`);
    await deskPage.getByText("You answer the tickets of every account.").waitFor();
    await deskPage.getByText("Ticketowner", { exact: true }).waitFor();
    await screenshot(deskPage, "support-all-operator-390");
    await deskPage.getByRole("link", { name: `#${id} Export stops at 90%` }).click();
    const download = deskPage.waitForEvent("download");
    await deskPage.getByRole("button", { name: "screen.png" }).click();
    expect((await download).suggestedFilename()).toBe("screen.png");
    await deskPage.getByRole("textbox", { name: "Your answer" }).fill("Try the export again now.");
    await deskPage.getByRole("button", { name: "Send" }).click();
    await deskPage.getByText("Try the export again now.").waitFor();
    await deskPage.getByText("In progress", { exact: true }).waitFor();
    await screenshot(deskPage, "support-ticket-operator-390");

    const answer = await smtp.waitFor("ticketowner@example.com", `Your ticket #${id} has an answer`);
    expect(answer.text).toContain(`http://127.0.0.1:${port}/support/ticket/${id}`);

    // The customer reads the answer, closes the ticket and reopens it.
    await page.goto(`${run.app.url}/support/ticket/${id}`);
    await page.getByText("Try the export again now.").waitFor();
    await page.getByRole("button", { name: "Close ticket" }).click();
    await page.getByText("The ticket is closed. Reopen it to write again.").waitFor();
    await page.getByText("Closed", { exact: true }).waitFor();
    await screenshot(page, "support-ticket-closed-1280");
    await page.getByRole("button", { name: "Reopen" }).click();
    await page.getByText("Reopened", { exact: true }).waitFor();
    await page.getByRole("textbox", { name: "Your answer" }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "support-ticket-reopened-390");

    // Another account's owner does not get the ticket by its address.
    const stranger = await run.browser.newContext();
    const strangerPage = await stranger.newPage();
    await signIn(strangerPage, run.app.url, "ticketstranger", "secret123");
    await strangerPage.goto(`${run.app.url}/support/ticket/${id}`);
    await strangerPage.getByText("Ticket not found").waitFor();
    expect(await strangerPage.getByText("Export stops at 90%").count()).toBe(0);

    expect(problems).toEqual([]);
    expect(deskProblems.filter((problem) => !problem.includes("download"))).toEqual([]);
    await Promise.all([customer.close(), desk.close(), stranger.close()]);
  });
});
