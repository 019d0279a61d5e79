import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  appAndBrowser,
  freePort,
  pickUpByKeyboard,
  screenshot,
  signInAsDemo,
  watchErrors,
} from "./support.ts";

/** Everyday work in a team account: inviting into groups, a denied page, deleting, cloning, languages. */
// Links in mails point at PUBLIC_URL: the address the browser uses, so the sign-in stays in one origin.
const port = String(await freePort());
const run = appAndBrowser({ SEED_DEMO: "true", PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` });

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

/** Calls the API as whoever is signed in on the page. */
async function callApi<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem("formloom.token"));
  const response = await fetch(`${run.app.url}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as T;
}

type Forms = { forms: Array<{ id: number; title: string; isPublished: boolean; answerCount: number }> };

async function demoForm(page: Page) {
  const { forms } = await callApi<Forms>(page, "GET", "/forms/account");
  return forms.find((form) => form.title === "Event feedback")!;
}

describe("inviting into groups", () => {
  it("puts the invitee in the chosen groups; a page their group may not read shows only the denial and a way back", async () => {
    const admin = await run.browser.newContext({ viewport: DESKTOP });
    await admin.grantPermissions(["clipboard-read", "clipboard-write"], { origin: run.app.url });
    const page = await admin.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);
    const form = await demoForm(page);
    // Readers may open forms and results, but no form gives the group access to its answers.
    const group = await callApi<{ id: number }>(page, "POST", "/account/group/create", {
      groupName: "Readers",
    });
    await callApi(page, "POST", `/account/group/${group.id}/permissions/set`, {
      permissions: ["forms.view", "results.view", "results.mark"],
    });

    await page.goto(`${run.app.url}/invitations/new`);
    await page.getByRole("textbox", { name: "E-mail addresses" }).fill("reader@example.com");
    await page.getByLabel("Groups", { exact: true }).first().click();
    await page.getByRole("option", { name: "Readers" }).click();
    await page.keyboard.press("Escape");
    await screenshot(page, "polish-invite-with-groups");
    await page.getByRole("button", { name: "Send invitations" }).click();
    await page.waitForURL("**/invitations/all");
    await page
      .getByRole("row", { name: /reader@example\.com/ })
      .getByText("Readers")
      .waitFor();

    // Without a mail server the link waits in the outbox, with a button to copy it.
    await page.goto(`${run.app.url}/invitations/outbox`);
    await page.getByRole("button", { name: "Copy the invitation link of reader@example.com" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/registration\/join\?code=[\w-]+$/);
    await screenshot(page, "polish-outbox-copied");

    const memberContext = await run.browser.newContext({ viewport: PHONE });
    const member = await memberContext.newPage();
    const memberProblems = watchErrors(member);
    await member.goto(link);
    await member.getByRole("textbox", { name: "Username" }).fill("reader");
    await member.getByRole("textbox", { name: "Password", exact: true }).fill("reader123");
    await member.getByRole("textbox", { name: "Confirm password" }).fill("reader123");
    await member.getByLabel("I accept the terms and conditions").check();
    await member.getByLabel("I accept the privacy policy").check();
    await member.getByRole("button", { name: "Register" }).click();
    await member.getByRole("heading", { name: "Welcome, reader!" }).waitFor();

    // The group's rights came with the invitation: the Results tab is there, its page is denied.
    await member.goto(`${run.app.url}/forms/${form.id}/results`);
    await member.getByRole("tab", { name: "Results" }).waitFor();
    await member.getByRole("alert").getByText("Permissions denied").waitFor();
    for (const name of ["Mark as read", "Mark as unread", "Delete", "Rows per page"]) {
      expect(await member.getByRole("button", { name }).count(), name).toBe(0);
    }
    expect(await member.getByRole("table").count()).toBe(0);
    await screenshot(member, "polish-results-denied-390");
    await member.getByRole("link", { name: "Back to the form" }).click();
    await member.waitForURL(`**/forms/${form.id}/overview`);

    expect(problems).toEqual([]);
    expect(memberProblems.filter((problem) => !problem.includes("HTTP 403"))).toEqual([]);
    await memberContext.close();
    await admin.close();
  });
});

describe("forms list", () => {
  it("clones a form unpublished, and says before deleting that a form with submissions must be unpublished instead", async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);
    const form = await demoForm(page);
    expect(form.isPublished).toBe(true);
    await page.goto(`${run.app.url}/forms/all`);

    await page.getByRole("button", { name: "Actions for Event feedback" }).click();
    await page.getByRole("menuitem", { name: "Clone" }).click();
    const copyToast = page.getByText(/^Created “(.+)”$/);
    await copyToast.waitFor();
    const copyTitle = /^Created “(.+)”$/.exec((await copyToast.textContent()) ?? "")![1]!;
    const copyRow = page.getByRole("row").filter({ hasText: copyTitle }).filter({ hasNotText: "Created" });
    await copyRow.getByText("Unpublished").filter({ visible: true }).waitFor();

    // The form with submissions: the dialog says so first and offers to unpublish it.
    await page.getByRole("button", { name: "Actions for Event feedback", exact: true }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "This form cannot be deleted yet" });
    await dialog
      .getByText(`“Event feedback” has ${form.answerCount} submissions.`, { exact: false })
      .waitFor();
    expect(await dialog.getByText("will be deleted for good").count()).toBe(0);
    await dialog.getByRole("link", { name: "Open the results" }).waitFor();
    await screenshot(page, "polish-delete-with-submissions");
    await dialog.getByRole("button", { name: "Unpublish" }).click();
    await page.getByText("The form was unpublished").waitFor();
    await expect.poll(async () => (await demoForm(page)).isPublished).toBe(false);
    const original = page
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: "Event feedback", exact: true }) });
    await original.getByText("Unpublished").filter({ visible: true }).waitFor();

    // The clone has none: it is deleted for good after the usual question.
    await page.getByRole("button", { name: `Actions for ${copyTitle}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByText(`“${copyTitle}” will be deleted for good.`).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("The form was deleted").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the builder", () => {
  it("announces a dragged field by its title and place, not by its id", async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);
    const form = await demoForm(page);
    await page.goto(`${run.app.url}/forms/${form.id}/edit`);
    const live = page.locator("[aria-live]").filter({ hasText: /./ });
    const handle = page.getByRole("button", { name: "Drag to reorder" }).first();
    await handle.focus();
    await pickUpByKeyboard(page);
    await expect
      .poll(() => live.allTextContents())
      // Picking up is followed at once by where it hovers: the region holds the newest line.
      .toContainEqual(expect.stringMatching(/“What is your name\?”.* position 1 of 4\./));
    await page.keyboard.press("ArrowDown");
    await expect
      .poll(() => live.allTextContents())
      .toContainEqual(expect.stringContaining("“What is your name?” is over position 2 of 4."));
    await page.keyboard.press("Escape");
    await expect
      .poll(() => live.allTextContents())
      .toContainEqual(expect.stringContaining("Moving “What is your name?” was cancelled"));
    expect((await live.allTextContents()).join(" ")).not.toMatch(/draggable item/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("switching the language", () => {
  it("says Saved in the new language and writes durations and dates the new language's way at once", async () => {
    const context = await run.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);
    const form = await demoForm(page);

    await page.goto(`${run.app.url}/forms/${form.id}/results`);
    const table = page.getByRole("table", { name: "Submissions" });
    await table
      .getByText(/^\d+s$/)
      .first()
      .waitFor();

    await page.goto(`${run.app.url}/user/settings`);
    // The saved zone is shown, UTC too, which the browser's own list of zones leaves out.
    await expect.poll(() => page.getByRole("combobox", { name: "Time zone" }).inputValue()).toBe("UTC");
    await page.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "Русский" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Сохранено", { exact: true }).waitFor();
    expect(await page.getByText("Saved", { exact: true }).count()).toBe(0);
    await page.getByRole("heading", { name: "Настройки" }).waitFor();

    await page
      .getByRole("navigation", { name: "Главное меню" })
      .getByRole("link", { name: "Все формы" })
      .click();
    await page.getByRole("main").getByRole("link", { name: "Event feedback", exact: true }).first().click();
    await page.getByRole("tab", { name: "Результаты" }).click();
    const ruTable = page.getByRole("table", { name: "Ответы" });
    // 40 seconds and more: "40 с", "57 с", "1 мин 14 с"; the submitted moment as DD.MM.YYYY HH:mm.
    await ruTable
      .getByText(/^(\d+ мин )?\d+ с$/)
      .first()
      .waitFor();
    expect(await ruTable.getByText(/^\d+s$/).count()).toBe(0);
    await ruTable
      .getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)
      .first()
      .waitFor();
    await screenshot(page, "polish-results-ru-1280");
    expect(problems).toEqual([]);
    await context.close();
  });
});
