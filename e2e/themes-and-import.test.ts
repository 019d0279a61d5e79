import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const ctx = appAndBrowser();
const OWNER = { username: "stylist", password: "stylist123" };
let call: ApiCall;
let styled: number;
let plain: number;

type Form = {
  form: { id: number; title: string; formStyling: Record<string, unknown>; themeId: string | null };
  fields: unknown[];
};

beforeAll(async () => {
  call = await accountOwner(ctx.app.url, OWNER.username, OWNER.password);
  styled = (
    await call<Form>("POST", "/forms", {
      title: "Sunrise survey",
      isPublished: false,
      formStyling: { background: "#fff4e6", buttonColor: "#d9480f" },
      fields: [{ id: "city", fieldType: "text", question: "Your city" }],
    })
  ).form.id;
  plain = (
    await call<Form>("POST", "/forms", {
      title: "Plain survey",
      isPublished: false,
      fields: [{ id: "age", fieldType: "number", question: "Your age" }],
    })
  ).form.id;
  const me = await call<{ id: number }>("GET", "/user");
  await call("POST", `/form-themes/account/${me.id}`, { name: "Blank", styling: {} });
});

async function signedIn(width: number): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${ctx.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill(OWNER.username);
  await page.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${ctx.app.url}/`);
  return page;
}

async function openTheming(page: Page, formId: number) {
  await page.goto(`${ctx.app.url}/forms/${formId}/edit`);
  await page.getByRole("tab", { name: "Theming" }).click();
}

describe("themes in the builder", () => {
  it("saves a form's styling as a theme, refuses an empty or used name, and applies it to another form", async () => {
    const page = await signedIn(1280);
    const problems = watchErrors(page);
    await openTheming(page, styled);
    await page.getByRole("button", { name: "Save the styling as a theme" }).click();
    const dialog = page.getByRole("dialog", { name: "Save the styling as a theme" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Please input the theme's name").waitFor();
    await dialog.getByRole("textbox", { name: "Theme name" }).fill("Sunrise");
    await dialog.getByRole("textbox", { name: "Description" }).fill("Warm orange");
    await screenshot(page, "theme-popup-1280");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("The theme was created").waitFor();
    await dialog.waitFor({ state: "detached" });
    const mine = page.getByRole("region", { name: "My themes" });
    await mine.getByText("Sunrise").waitFor();

    // The same name again: the name-already-used message, and the pop-up stays open.
    await page.getByRole("button", { name: "Save the styling as a theme" }).click();
    await dialog.getByRole("textbox", { name: "Theme name" }).fill("sunrise");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("A theme with this name already exists").waitFor();
    await dialog.getByText("This name is already used").waitFor();
    await screenshot(page, "theme-popup-name-used-1280");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // A theme without styles applies nothing, and says so.
    await openTheming(page, plain);
    await page.getByRole("button", { name: "Apply the theme “Blank”" }).click();
    await page.getByText("This theme has no styles: nothing was applied").waitFor();
    await expect(page.getByRole("button", { name: "Save", exact: true }).isDisabled()).resolves.toBe(true);

    await page.getByRole("button", { name: "Apply the theme “Sunrise”" }).click();
    await page.getByText("The theme “Sunrise” was applied").waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();
    await screenshot(page, "theme-applied-1280");
    const saved = await call<Form>("GET", `/forms/${plain}`);
    expect(saved.form.formStyling).toMatchObject({ background: "#fff4e6", buttonColor: "#d9480f" });
    expect(saved.form.themeId).toMatch(/^[0-9a-z]{9}$/);

    // Clearing all styling, through core, empties the form's level again.
    await page.getByRole("button", { name: "Clear all styling" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();
    expect((await call<Form>("GET", `/forms/${plain}`)).form).toMatchObject({
      formStyling: {},
      themeId: null,
    });
    // Rolling back puts the built-in defaults of forms.md §9 back.
    await page.getByRole("button", { name: "Roll back to the default styling" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();
    expect((await call<Form>("GET", `/forms/${plain}`)).form.formStyling).toMatchObject({
      width: "90%",
      background: "#ffffff",
      radius: 4,
    });
    // A theme's styling can be replaced with the form's as it is now.
    await page.getByRole("button", { name: "Actions for Sunrise" }).click();
    await page.getByRole("menuitem", { name: "Replace its styling with this form's" }).click();
    await page.getByText("The theme was saved").waitFor();
    const me = await call<{ id: number }>("GET", "/user");
    const { themes } = await call<{ themes: Array<{ name: string; styling: { formStyling: object } }> }>(
      "GET",
      `/form-themes/account/${me.id}`,
    );
    expect(themes.find((theme) => theme.name === "Sunrise")?.styling.formStyling).toMatchObject({
      background: "#ffffff",
      width: "90%",
    });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows the theme pop-up whole on a phone", async () => {
    const page = await signedIn(390);
    await openTheming(page, styled);
    await page.getByRole("button", { name: "Save the styling as a theme" }).click();
    const dialog = page.getByRole("dialog", { name: "Save the styling as a theme" });
    await dialog.getByRole("textbox", { name: "Theme name" }).fill("Sunrise");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("This name is already used").waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, "theme-popup-390");
    await page.context().close();
  });
});

describe("import and export", () => {
  it("exports a form as JSON and imports it back, refusing a file that is not .json with its message", async () => {
    const page = await signedIn(1280);
    const problems = watchErrors(page);
    await page.goto(`${ctx.app.url}/forms/all`);
    await page.getByRole("button", { name: "Actions for Sunrise survey" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Export as JSON" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Sunrise-survey-${styled}.json`);
    const saved = path.join(mkdtempSync(path.join(tmpdir(), "formloom-export-")), "form.json");
    await download.saveAs(saved);
    const exported = readFileSync(saved, "utf8");
    expect(JSON.parse(exported)).toMatchObject({
      form: { title: "Sunrise survey", formStyling: { background: "#fff4e6" } },
      fields: [{ id: "city", question: "Your city" }],
    });

    const input = page.getByTestId("import-form-file");
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByText("Only .json files can be imported").waitFor();
    await input.setInputFiles({ name: "empty.json", mimeType: "application/json", buffer: Buffer.from("") });
    await page.getByText("The file is empty").waitFor();
    await input.setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from("{ no"),
    });
    await page.getByText("The file does not hold a valid form").waitFor();
    await screenshot(page, "import-refused-1280");

    await input.setInputFiles({
      name: "sunrise.json",
      mimeType: "application/json",
      buffer: Buffer.from(exported),
    });
    await page.waitForURL(/\/forms\/\d+\/edit$/);
    const importedId = Number(new URL(page.url()).pathname.split("/")[2]);
    expect(importedId).not.toBe(styled);
    const imported = await call<Form & { form: { isPublished: boolean } }>("GET", `/forms/${importedId}`);
    expect(imported.form).toMatchObject({
      title: "Sunrise survey",
      isPublished: false,
      formStyling: { background: "#fff4e6", buttonColor: "#d9480f" },
    });
    expect(imported.fields).toMatchObject([{ id: "city", question: "Your city" }]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("offers the import on the create page, also on a phone", async () => {
    const page = await signedIn(390);
    await page.goto(`${ctx.app.url}/forms/add_new`);
    await page.getByRole("button", { name: "Import from JSON" }).waitFor();
    await page.getByText("A form exported as JSON, one file under 5 MB").waitFor();
    await screenshot(page, "import-create-page-390");
    await page.goto(`${ctx.app.url}/forms/all`);
    const importButton = page.getByRole("button", { name: "Import from JSON" });
    await page.getByRole("button", { name: "Actions for Plain survey" }).waitFor();
    const box = await importButton.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, "import-forms-list-390");
    await page.context().close();
  });
});
