import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../apps/server/test/smtp-receiver.ts";
import { type ApiCall, accountOwner, appAndBrowser, freePort, screenshot, watchErrors } from "./support.ts";

const smtp = await startSmtpReceiver();
const port = String(await freePort());
const run = appAndBrowser({
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: "100",
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
});
afterAll(() => smtp.close());

const READ_ONLY_NOTE = "You can view this form but not change it. Ask an account admin for edit rights.";
let owner: ApiCall;
let formId: number;

/** A member of the owner's account, joined through an invitation, in a group with these rights. */
async function memberIn(username: string, group: string, permissions: string[]): Promise<void> {
  const email = `${username}@example.com`;
  await owner("POST", "/account/invitations/send", { emails: email });
  const code = /\/registration\/join\?code=([\w-]+)/.exec((await smtp.waitFor(email)).text)?.[1];
  expect(code).toBeDefined();
  const joined = await fetch(`${run.app.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username,
      email,
      password: "member123",
      passwordConfirmation: "member123",
      inviteCode: code,
      acceptTermsAndConditionsAgreement: true,
      acceptPrivacyPolicyAgreement: true,
    }),
  });
  const { token } = (await joined.json()) as { token: string };
  const me = (await (
    await fetch(`${run.app.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number };
  const made = await owner<{ id: number }>("POST", "/account/group/create", { groupName: group });
  await owner("POST", `/account/group/${made.id}/users/add`, { userIds: [me.id] });
  await owner("POST", `/account/group/${made.id}/permissions/set`, { permissions });
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill(username);
  await page.getByRole("textbox", { name: "Password" }).fill("member123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
}

beforeAll(async () => {
  owner = await accountOwner(run.app.url, "teamlead", "secret123");
  const made = await owner<{ form: { id: number } }>("POST", "/forms", {
    title: "Visit survey",
    fields: [
      { id: "name", fieldType: "text", question: "Your name", isRequired: true },
      { id: "more", fieldType: "textarea", question: "Anything else?" },
    ],
    conditionalRules: [
      {
        id: "ask-more",
        name: "Ask for more",
        if: {
          kind: "group",
          combinator: "AND",
          conditions: [{ kind: "field", fieldId: "name", operator: "notEmpty" }],
        },
        // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
        then: [{ type: "show", fieldIds: ["more"] }],
      },
    ],
  });
  formId = made.form.id;
  await memberIn("viewer", "Readers", ["forms.view"]);
  await memberIn("intern", "Interns", []);
});

describe("the builder of a member who may only view the form", () => {
  for (const width of [1280, 390]) {
    it(`says so at the top, takes no typing and offers no Save (${width} px)`, async () => {
      const context = await run.browser.newContext({ viewport: { width, height: 860 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await signIn(page, "viewer");
      await page.goto(`${run.app.url}/forms/${formId}/edit`);
      await page.getByText(READ_ONLY_NOTE).waitFor();

      // Everything stays readable: the questions are listed and a field's settings open.
      await page.getByTestId("field-row-0").click();
      await page.getByRole("tab", { name: "Field" }).click();
      const title = page.getByRole("textbox", { name: "Question" });
      expect(await title.inputValue()).toBe("Your name");
      expect(await title.isEditable()).toBe(false);
      // Sections that fold stay open, as a turned-off fold could not be opened to read it.
      expect(await page.getByRole("button", { name: "Place and name" }).getAttribute("aria-expanded")).toBe(
        "true",
      );
      expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Drag to reorder" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Delete field" }).count()).toBe(0);
      await screenshot(page, `builder-read-only-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("lets a keyboard user reach every question of the list and open its settings", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await signIn(page, "viewer");
    await page.goto(`${run.app.url}/forms/${formId}/edit`);
    await page.getByText(READ_ONLY_NOTE).waitFor();
    const second = page.getByTestId("field-row-1");
    await second.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("tab", { name: "Field" }).click();
    expect(await page.getByRole("textbox", { name: "Question" }).inputValue()).toBe("Anything else?");
    await context.close();
  });
});

describe("the tab bar of a member who may only view the form", () => {
  it("marks the builder's tab, named for viewing, as the page shown", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await signIn(page, "viewer");
    await page.goto(`${run.app.url}/forms/${formId}/edit`);
    await page.getByText(READ_ONLY_NOTE).waitFor();
    const view = page.getByRole("tab", { name: "View", exact: true });
    expect(await view.getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected")).toBe("false");
    expect(await page.getByRole("tab", { name: "Edit", exact: true }).count()).toBe(0);
    // From another page the tab leads back to the read-only builder.
    await page.getByRole("tab", { name: "Overview" }).click();
    await page.waitForURL(`${run.app.url}/forms/${formId}/overview`);
    await view.click();
    await page.getByText(READ_ONLY_NOTE).waitFor();
    expect(page.url()).toBe(`${run.app.url}/forms/${formId}/edit`);
    await context.close();
  });
});

describe("the rule pages of a member who may only view the form", () => {
  it("offer no editor for a new rule, only the note", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page, "viewer");
    await page.goto(`${run.app.url}/forms/${formId}/rules/add`);
    await page.getByText(READ_ONLY_NOTE).waitFor();
    expect(await page.getByRole("textbox", { name: "Rule name" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Save rule" }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`show a rule without letting it be changed or saved (${width} px)`, async () => {
      const context = await run.browser.newContext({ viewport: { width, height: 860 } });
      const page = await context.newPage();
      const problems = watchErrors(page);
      await signIn(page, "viewer");
      await page.goto(`${run.app.url}/forms/${formId}/rules/ask-more/edit`);
      await page.getByText(READ_ONLY_NOTE).waitFor();
      const name = page.getByRole("textbox", { name: "Rule name" });
      expect(await name.inputValue()).toBe("Ask for more");
      expect(await name.isEditable()).toBe(false);
      expect(await page.getByRole("switch", { name: "Enabled" }).isEnabled()).toBe(false);
      expect(await page.getByRole("radio", { name: "When the form is sent" }).isEnabled()).toBe(false);
      expect(await page.getByRole("button", { name: "Save rule" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Delete/ }).count()).toBe(0);
      // The tab bar shows the rules as the page the member is on.
      expect(await page.getByRole("tab", { name: "Rules" }).getAttribute("aria-selected")).toBe("true");
      await screenshot(page, `rule-read-only-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("a member whose group gives no rights", () => {
  it("is told which group it is and which right is missing", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 860 } });
    const page = await context.newPage();
    await signIn(page, "intern");
    await page
      .getByText(
        "Your group Interns gives no rights on forms. Ask an account admin for the right to view forms.",
      )
      .waitFor();
    expect(await page.getByText("add you to a group").count()).toBe(0);
    await screenshot(page, "member-group-without-rights-390");
    await context.close();
  });
});
