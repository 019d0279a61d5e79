import { catalogueText } from "@formloom/core/templates/catalogue-language";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { scrollsSideways, storedAnswers } from "./fill-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const ctx = appAndBrowser();
const OWNER = { username: "templater", password: "templater123" };
let call: ApiCall;

type Form = {
  form: {
    id: number;
    title: string;
    formPathAlias: string;
    formStyling: Record<string, unknown>;
  };
  fields: Array<{ id: string; question: string; fieldType: string }>;
};

beforeAll(async () => {
  call = await accountOwner(ctx.app.url, OWNER.username, OWNER.password);
});

async function signedIn(width: number, user = OWNER): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${ctx.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill(user.username);
  await page.getByRole("textbox", { name: "Password" }).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${ctx.app.url}/`);
  return page;
}

const editedId = (page: Page) => Number(/\/forms\/(\d+)\/edit/.exec(page.url())?.[1]);

describe("form templates", () => {
  it("are offered by set from the create-form page, shown in an example pop-up, and make a form to edit and fill", async () => {
    const page = await signedIn(1280);
    const problems = watchErrors(page);
    await page.getByRole("link", { name: "Form templates" }).click();
    await page.getByRole("heading", { name: "Form templates" }).waitFor();
    await page.getByRole("link", { name: "Create form" }).click();
    await page.getByRole("link", { name: "Marketing" }).click();
    await page.waitForURL(/\/templates\/forms\?set=marketing/);
    // Only the marketing set is shown.
    await page.getByRole("heading", { name: "Net Promoter Score survey" }).waitFor();
    expect(await page.getByRole("heading", { name: "Job application" }).count()).toBe(0);
    await screenshot(page, "templates-marketing-1280");

    await page.getByRole("button", { name: "Preview Net Promoter Score survey" }).click();
    const example = page.getByRole("dialog", { name: "Example: Net Promoter Score survey" });
    await example.getByText("How likely are you to recommend us to a friend or colleague?").waitFor();
    await screenshot(page, "templates-example-1280");
    await example.getByRole("button", { name: "Close" }).click();
    await example.waitFor({ state: "detached" });

    await page.locator("label[for='template-set-events']").click();
    await page.waitForURL(/set=events/);
    await page.getByRole("button", { name: "Use Event registration" }).click();
    await page.waitForURL(/\/forms\/\d+\/edit$/);
    await page.getByText("Which sessions will you attend?").first().waitFor();
    const formId = editedId(page);
    await screenshot(page, "templates-used-in-editor-1280");

    const created = await call<Form>("GET", `/forms/${formId}`);
    expect(created.form.title).toBe("Register for the event");
    expect(created.fields.map((f) => f.id)).toContain("sessions");
    await call("PATCH", `/forms/${formId}`, { isPublished: true });

    const fill = await ctx.browser.newPage({ viewport: { width: 390, height: 800 } });
    const fillProblems = watchErrors(fill);
    await fill.goto(`${ctx.app.url}/f/${created.form.formPathAlias}?a=${OWNER.username}`);
    // A form made from a template keeps what is typed, so it asks first; this respondent declines.
    const consent = fill.getByRole("dialog", { name: "Behavioral data collection confirmation" });
    await consent.getByRole("button", { name: "Cancel" }).click();
    await consent.waitFor({ state: "detached" });
    await fill.getByLabel("Full name").fill("Ada Lovelace");
    await fill.getByLabel("E-mail").fill("ada@example.com");
    await fill.getByRole("checkbox", { name: "Workshop A" }).check();
    await fill.getByRole("radio", { name: "Vegetarian" }).check();
    await fill.getByRole("button", { name: "Register" }).click();
    await fill.getByText("You are registered!").waitFor();
    await fill.close();
    expect(await storedAnswers(call, formId)).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      sessions: ["v2"],
      diet: "v2",
    });
    expect(problems).toEqual([]);
    expect(fillProblems).toEqual([]);
    await page.context().close();
  });

  it("fits a phone: the templates pages and the example pop-up at 390 px", async () => {
    const page = await signedIn(390);
    const problems = watchErrors(page);
    await page.goto(`${ctx.app.url}/templates/forms?set=education`);
    await page.getByRole("heading", { name: "Knowledge quiz with gradations" }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "templates-education-390");
    await page.getByRole("button", { name: "Preview Knowledge quiz with gradations" }).click();
    await page.getByRole("dialog").getByText("What does HTML stand for?").waitFor();
    await screenshot(page, "templates-example-390");
    await page.keyboard.press("Escape");
    await page.goto(`${ctx.app.url}/templates/themes`);
    await page.getByRole("heading", { name: "Night", exact: true }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "theme-templates-390");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the catalogues in the reader's language", () => {
  it("show form and theme templates, services and data sets in Spanish, and make the form in Spanish", async () => {
    const reader = { username: "plantillas", password: "plantillas123" };
    const as = await accountOwner(ctx.app.url, reader.username, reader.password);
    const { id } = await as<{ id: number }>("GET", "/user");
    await as("PATCH", `/user/${id}/settings`, { locale: "es" });
    const es = (text: string) => catalogueText(text, "es");
    const page = await signedIn(390, reader);
    const problems = watchErrors(page);

    await page.goto(`${ctx.app.url}/templates/forms?set=marketing`);
    await page.getByRole("heading", { name: es("Net Promoter Score survey") }).waitFor();
    expect(await page.getByText(es("Customer feedback"), { exact: true }).count()).toBe(1);
    expect(await page.getByText("Net Promoter Score survey", { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: `Vista previa de «${es("Net Promoter Score survey")}»` }).click();
    const example = page.getByRole("dialog");
    await example.getByText(es("How likely are you to recommend us to a friend or colleague?")).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "templates-example-es-390");
    await page.keyboard.press("Escape");
    await example.waitFor({ state: "detached" });
    await page.getByRole("button", { name: `Usar «${es("Net Promoter Score survey")}»` }).click();
    await page.waitForURL(/\/forms\/\d+\/edit$/);
    await page.getByText(es("What is the main reason for your score?")).first().waitFor();
    const made = await as<Form & { form: { language: string } }>("GET", `/forms/${editedId(page)}`);
    expect(made.form).toMatchObject({ title: es("How likely are you to recommend us?"), language: "es" });

    await page.goto(`${ctx.app.url}/templates/themes`);
    await page.getByRole("heading", { name: es("Midnight neon"), exact: true }).waitFor();
    await page.getByText(es("Near-black with a bright lime button, for events and launches.")).waitFor();
    await screenshot(page, "theme-templates-es-390");

    await page.goto(`${ctx.app.url}/marketplace/services`);
    await page.getByRole("heading", { name: es("Your own brand") }).waitFor();
    await page.getByText(es("No Formloom branding"), { exact: true }).waitFor();
    await page.getByRole("heading", { name: es("European capitals with coordinates") }).waitFor();
    expect(await page.getByText("Your own brand", { exact: true }).count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "marketplace-es-390");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("theme templates", () => {
  it("apply a theme to a chosen form and keep one among the user's themes", async () => {
    const target = await call<Form>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Evening poll",
      isPublished: false,
      fields: [{ id: "mood", fieldType: "text", question: "How was your day?" }],
    });
    const page = await signedIn(1280);
    const problems = watchErrors(page);
    await page.getByRole("link", { name: "Theme templates" }).click();
    await page.getByRole("heading", { name: "Night", exact: true }).waitFor();
    await screenshot(page, "theme-templates-1280");
    await page.getByRole("button", { name: "Save Warm sand to my themes" }).click();
    await page.getByText("Saved to your themes").waitFor();
    const me = await call<{ id: number }>("GET", "/user");
    const own = await call<{ themes: Array<{ name: string }> }>("GET", `/form-themes/account/${me.id}`);
    expect(own.themes.map((t) => t.name)).toEqual(["Warm sand"]);

    await page.getByRole("button", { name: "Apply Night to a form" }).click();
    const dialog = page.getByRole("dialog", { name: "Apply Night to a form" });
    await dialog.getByRole("combobox", { name: "Form" }).click();
    await page.getByRole("option", { name: "Evening poll" }).click();
    await dialog.getByRole("button", { name: "Apply and open the builder" }).click();
    await page.waitForURL(`${ctx.app.url}/forms/${target.form.id}/edit`);
    const styled = await call<Form>("GET", `/forms/${target.form.id}`);
    expect(styled.form.formStyling).toMatchObject({ background: "#1a1b1e", buttonColor: "#4dabf7" });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the questions database", () => {
  it("saves a form's question into a category and inserts it into another form", async () => {
    const source = await call<Form>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Intake survey",
      isPublished: false,
      fields: [
        { id: "name", fieldType: "text", question: "Your name" },
        {
          id: "age",
          fieldType: "radio",
          question: "Your age group",
          fieldSettings: {
            answerVariants: [
              { id: "young", title: "Under 30" },
              { id: "older", title: "30 or more" },
            ],
          },
        },
      ],
    });
    const target = await call<Form>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Exit survey",
      isPublished: false,
      fields: [{ id: "reason", fieldType: "textarea", question: "Why are you leaving?" }],
    });

    const page = await signedIn(1280);
    const problems = watchErrors(page);
    await page.goto(`${ctx.app.url}/forms/${source.form.id}/edit`);
    await page.getByRole("tab", { name: "Questions database" }).click();
    await page.getByText("No saved questions yet").waitFor();
    await page.getByRole("combobox", { name: "Field" }).click();
    await page.getByRole("option", { name: "Your age group" }).click();
    await page.getByRole("combobox", { name: "Category" }).fill("Demographics");
    await page.getByRole("button", { name: "Save to the database" }).click();
    await page.getByText("Saved to the questions database in “Demographics”").waitFor();
    const group = page.getByRole("group", { name: "Demographics" });
    await group.getByText("Your age group").waitFor();
    await screenshot(page, "questions-database-1280");

    await page.goto(`${ctx.app.url}/forms/${target.form.id}/edit`);
    await page.getByRole("tab", { name: "Questions database" }).click();
    await page.getByRole("button", { name: "Insert “Your age group”" }).click();
    await page.getByText("Under 30").first().waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();
    const saved = await call<Form>("GET", `/forms/${target.form.id}`);
    expect(saved.fields.map((f) => f.question)).toEqual(["Why are you leaving?", "Your age group"]);
    const inserted = saved.fields[1]!;
    expect(inserted.fieldType).toBe("radio");
    expect(inserted.id).not.toBe("age");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("fits a phone at 390 px", async () => {
    const forms = await call<{ forms: Array<{ id: number; title: string }> }>("GET", "/forms/account");
    const exit = forms.forms.find((f) => f.title === "Exit survey")!;
    const page = await signedIn(390);
    await page.goto(`${ctx.app.url}/forms/${exit.id}/edit`);
    await page.getByRole("tab", { name: "Questions database" }).click();
    await page.getByRole("group", { name: "Demographics" }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "questions-database-390");
    await page.context().close();
  });
});
