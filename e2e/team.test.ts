import { afterAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../apps/server/test/smtp-receiver.ts";
import { appAndBrowser, freePort, screenshot, signInAsDemo, watchErrors } from "./support.ts";

const smtp = await startSmtpReceiver();
const port = String(await freePort());
const run = appAndBrowser({
  SEED_DEMO: "true",
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: "100",
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
});

afterAll(() => smtp.close());

const VISIBLE = "Ada from the front row";
const HIDDEN = "hidden-ada@example.com";
const INVITEE = "analyst@example.com";

/** Calls the API as whoever is signed in on the page. */
async function callApi<T>(page: import("playwright-core").Page, method: string, url: string, body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem("formloom.token"));
  const response = await fetch(`${run.app.url}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as T;
}

describe("a team: invitation, group, selected fields", () => {
  it("invites a member by mail, who registers through the link and then sees only the selected fields", async () => {
    const admin = await run.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await admin.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);

    // A form with an answer whose e-mail the member must never see.
    const forms = await callApi<{ forms: Array<{ id: number; title: string }> }>(
      page,
      "GET",
      "/forms/account",
    );
    const form = forms.forms[0]!;
    const submitted = await fetch(`${run.app.url}/api/forms/answer`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        formId: form.id,
        answers: [
          { fieldId: "name", answer: VISIBLE },
          { fieldId: "email", answer: HIDDEN },
          { fieldId: "rating", answer: "r1" },
        ],
      }),
    });
    expect(submitted.status).toBe(201);

    // The admin invites two people at once; one address is checked and refused first.
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Invitations" })
      .click();
    await page.getByRole("main").getByRole("link", { name: "Invite people" }).click();
    const addresses = page.getByRole("textbox", { name: "E-mail addresses" });
    await addresses.fill(`${INVITEE}, not-an-address`);
    await page.getByText("Not valid: not-an-address").waitFor();
    await page.getByRole("button", { name: "Send invitations" }).click();
    await page.getByText("Some e-mail addresses are not valid: not-an-address").waitFor();
    await addresses.fill(`${INVITEE}\nsecond@example.com`);
    await page.getByRole("button", { name: "Send invitations" }).click();
    await page.waitForURL("**/invitations/all");
    await page.getByRole("cell", { name: INVITEE, exact: true }).waitFor();
    await screenshot(page, "team-invitations");
    // Sending one again at once is refused with the spec-style message, not silently repeated.
    await page.getByRole("button", { name: "Send the invitation of second@example.com again" }).click();
    await page.getByText("This invitation was sent a moment ago. Try again in a few minutes.").waitFor();

    // The invitee follows the link from the mail and registers; the address is the invited one.
    const mail = (await smtp.waitFor(INVITEE)).text;
    const link = /http:\/\/127\.0\.0\.1:\d+\/registration\/join\?code=[\w-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    const memberContext = await run.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const member = await memberContext.newPage();
    const memberProblems = watchErrors(member);
    await member.goto(link!);
    await member.getByRole("heading", { name: /^Join / }).waitFor();
    expect(await member.getByRole("textbox", { name: "E-mail" }).inputValue()).toBe(INVITEE);
    await member.getByRole("textbox", { name: "Username" }).fill("analyst");
    await member.getByRole("textbox", { name: "Password", exact: true }).fill("analyst123");
    await member.getByRole("textbox", { name: "Confirm password" }).fill("analyst123");
    await member.getByLabel("I accept the terms and conditions").check();
    await member.getByLabel("I accept the privacy policy").check();
    await member.getByRole("button", { name: "Register" }).click();
    await member.waitForURL(`${run.app.url}/`);
    // A new member may do nothing yet: the menu offers no forms.
    await expect
      .poll(() =>
        member
          .getByRole("navigation", { name: "Main menu" })
          .getByRole("link", { name: "All forms" })
          .count(),
      )
      .toBe(0);

    // The admin sees the invitation accepted, makes a group with the member, and grants rights.
    await page.reload();
    await page
      .getByRole("row", { name: new RegExp(INVITEE) })
      .getByText("Accepted")
      .filter({ visible: true })
      .waitFor();
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Groups" }).click();
    await page.getByRole("main").getByRole("link", { name: "Add group" }).click();
    await page.getByRole("textbox", { name: "Group name" }).fill("Analysts");
    await page.getByRole("button", { name: "Add group" }).click();
    await page.waitForURL("**/groups/all");
    await page.getByRole("link", { name: "Analysts" }).click();
    await page.getByRole("combobox", { name: "Add a user" }).click();
    await page.getByRole("option", { name: /analyst/ }).click();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("cell", { name: INVITEE, exact: true }).waitFor();

    await page.getByRole("main").getByRole("link", { name: "Permissions", exact: true }).click();
    await page.getByLabel("View forms").check();
    await page.getByLabel("All permissions of Results").check();
    await expect.poll(() => page.getByLabel("Delete results").isChecked()).toBe(true);
    await page.getByLabel("Delete results").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Permissions saved").waitFor();
    await screenshot(page, "team-group-permissions");

    // Selected fields of one form: only the name.
    await page.goto(`${run.app.url}/forms/${form.id}/permissions`);
    await page.getByRole("link", { name: "Change the access of Analysts" }).click();
    await page.getByLabel("Selected fields").check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Choose at least one field, or choose another access level").waitFor();
    await page.getByLabel("What is your name?").check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`**/forms/${form.id}/permissions`);
    await page
      .getByRole("row", { name: /Analysts/ })
      .getByText("1 selected field")
      .filter({ visible: true })
      .waitFor();
    await screenshot(page, "team-form-permissions");

    // The member sees the name column and value, and nothing of the e-mail, in the table and the single result.
    await member.goto(`${run.app.url}/forms/${form.id}/results`);
    const table = member.getByRole("table", { name: "Submissions" });
    await table.getByText(VISIBLE).waitFor();
    expect(await table.getByRole("columnheader", { name: "What is your name?" }).count()).toBe(1);
    expect(await table.getByRole("columnheader", { name: "Your e-mail" }).count()).toBe(0);
    expect(await member.content()).not.toContain(HIDDEN);
    expect(await member.getByRole("button", { name: "Delete" }).count()).toBe(0);
    await screenshot(member, "team-member-results");

    await table.getByText(VISIBLE).click();
    const drawer = member.getByRole("dialog");
    await drawer.getByText(VISIBLE).waitFor();
    expect(await drawer.getByText("Your e-mail").count()).toBe(0);
    expect(await member.content()).not.toContain(HIDDEN);
    await screenshot(member, "team-member-single-result");

    // The admin still sees everything.
    await page.goto(`${run.app.url}/forms/${form.id}/results`);
    await page.getByRole("table", { name: "Submissions" }).getByText(HIDDEN).waitFor();

    expect(problems).toEqual([]);
    expect(memberProblems).toEqual([]);
    await memberContext.close();
    await admin.close();
  });

  it("shows the users, groups and permissions pages in Russian on a 390 px screen without anything cut off", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);
    const me = await callApi<{ id: number }>(page, "GET", "/user");
    await callApi(page, "PATCH", `/user/${me.id}/settings`, { locale: "ru" });
    const groups = await callApi<{ groups: Array<{ id: number }> }>(page, "GET", "/account/group/list");
    const forms = await callApi<{ forms: Array<{ id: number }> }>(page, "GET", "/forms/account");
    const groupId = groups.groups[0]!.id;
    const formId = forms.forms[0]!.id;
    const users = await callApi<{ users: Array<{ id: number; username: string }> }>(
      page,
      "GET",
      "/account/users",
    );
    const analyst = users.users.find((user) => user.username === "analyst")!;

    for (const [path, text] of [
      ["/users/all", "Пользователи"],
      [`/users/${analyst.id}/view`, "Последняя активность"],
      [`/users/${analyst.id}/edit`, "Отчество"],
      ["/user/view", "Редактировать профиль"],
      ["/groups/all", "Все группы"],
      [`/groups/${groupId}/view`, "Доступ к данным"],
      [`/groups/${groupId}/permissions_functional`, "Просмотр результатов"],
      ["/permissions/functional", "Функциональные права"],
      [`/permissions/data?by=group&id=${groupId}`, "Права на данные"],
      [`/forms/${formId}/permissions`, "Какие ответы видят"],
      [`/forms/${formId}/permissions/group/${groupId}`, "Поля, которые видит группа"],
      ["/invitations/all", "Все приглашения"],
      ["/invitations/new", "Адреса e-mail"],
      ["/external-apps/all", "Внешние приложения"],
      ["/external-apps/new", "Разрешённые IP-адреса"],
      ["/account", "Ресурсы"],
      ["/account/api_keys", "API-ключи"],
    ] as const) {
      await page.goto(`${run.app.url}${path}`);
      await page.getByText(text).filter({ visible: true }).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      // Nor hidden inside the page: no box (a table's scroll area, a card) holds more than it shows.
      const clipped = await page.evaluate(() =>
        Array.from(document.querySelectorAll("main *"))
          .filter((element) => !["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName))
          .filter((element) => getComputedStyle(element).overflowX !== "visible")
          // Controls such as a switch's track clip their own decoration; content boxes are wider.
          .filter((element) => element.clientWidth >= 100)
          .filter((element) => element.scrollWidth - element.clientWidth > 1)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80)),
      );
      expect(clipped, `${path} cuts content off`).toEqual([]);
      await screenshot(page, `ru-390${path.replace(/[/?&=]/g, "-")}`);
    }

    // When someone leaves the team, the admin takes them out of the account from their profile.
    await page.goto(`${run.app.url}/users/${analyst.id}/view`);
    await page.getByRole("button", { name: "Удалить из аккаунта" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Удалить", exact: true }).waitFor();
    await screenshot(page, "ru-390-remove-from-account");
    await page.getByRole("dialog").getByRole("button", { name: "Удалить", exact: true }).click();
    await page.waitForURL("**/users/all");
    await page.getByText(`${analyst.username} удалён(а) из аккаунта`).waitFor();
    await page.getByRole("link", { name: "demo", exact: true }).waitFor();
    expect(await page.getByRole("link", { name: analyst.username, exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
