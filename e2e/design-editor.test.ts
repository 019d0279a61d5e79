// The styling editor at its three levels (all fields, one field type, one element) and the form's
// own: each change seen in the builder's preview and on the public page through computed styles,
// then the element's custom styling removed and the type rolled back.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  signIn,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
const OWNER = { username: "designer", password: "designer123" };
let call: ApiCall;
let formId: number;
const PICTURE = "https://images.example.com/cover.jpg";

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
  formId = (
    await createdForm(call, {
      title: "Styled in the editor",
      formPathAlias: "styled-editor",
      collectRealCharacters: false,
      collectBehaviorData: false,
      fields: [
        { id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 },
        { id: "mail", fieldType: "email", question: "Your e-mail", fieldOrder: 1 },
        { id: "city", fieldType: "text", question: "Your city", fieldOrder: 2 },
      ],
    })
  ).id;
});

/** The computed look of a field (by its element id) and of the form, in `scope`. */
function look(page: Page, scope: string) {
  return page.evaluate((root) => {
    const within = document.querySelector(root) ?? document;
    const form = within.querySelector(".fl-form");
    const field = (id: string) => {
      const node = within.querySelector(`[id$="-${id}"]`)?.closest(".fl-field");
      if (!node) return null;
      const style = getComputedStyle(node);
      const input = node.querySelector(".fl-input");
      return {
        font: style.fontFamily,
        background: style.backgroundColor,
        colour: style.color,
        radius: input ? getComputedStyle(input).borderRadius : null,
      };
    };
    return {
      image: form ? getComputedStyle(form).backgroundImage : null,
      button: (() => {
        const submit = within.querySelector(".fl-submit");
        return submit ? getComputedStyle(submit).borderRadius : null;
      })(),
      name: field("name"),
      mail: field("mail"),
      city: field("city"),
    };
  }, scope);
}

/** Chooses a level of the editor by its label (the radio itself is drawn hidden). */
const level = (page: Page, name: string) =>
  page.locator(".mantine-SegmentedControl-label", { hasText: new RegExp(`^${name}$`) }).click();

const pick = async (page: Page, label: string, option: string) => {
  const labelled = page.locator("label", { hasText: new RegExp(`^${label}$`) });
  await page.locator(".mantine-Select-root", { has: labelled }).locator("input").first().click();
  await page.getByRole("option", { name: option, exact: true }).click();
};

/** The builder's Theming tab of the form, signed in, at 1280 px. */
async function themingTab() {
  const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await signIn(page, run.app.url, OWNER.username, OWNER.password);
  await page.goto(`${run.app.url}/forms/${formId}/edit`);
  await page.getByRole("tab", { name: "Theming" }).click();
  return { context, page, problems };
}

describe("the styling editor", () => {
  it("styles the form at each level, live in the preview and on the public page, and takes it back", async () => {
    const { context, page, problems } = await themingTab();
    const preview = "main";

    // The form: a background picture and the button's corners.
    await page.getByRole("button", { name: "Background" }).click();
    await page.getByRole("textbox", { name: "Colour or picture (https address)" }).fill(PICTURE);
    await page.getByRole("button", { name: "Borders and corners" }).click();
    await page.getByRole("textbox", { name: "Button corner radius (px)" }).fill("18");
    await expect.poll(async () => (await look(page, preview)).image).toContain(PICTURE);
    await expect.poll(async () => (await look(page, preview)).button).toBe("18px");

    // All fields: a font. A field type (e-mail): rounder inputs.
    await level(page, "All fields");
    await page.getByRole("button", { name: "Fonts" }).click();
    await pick(page, "Font", "Lora");
    await expect.poll(async () => (await look(page, preview)).name?.font).toBe("Lora, serif");
    await level(page, "Field type");
    await pick(page, "Field type", "E-mail");
    await page.getByRole("button", { name: "Borders and corners" }).click();
    await page.getByRole("textbox", { name: "Corner radius (px)", exact: true }).fill("14");
    await expect.poll(async () => (await look(page, preview)).mail?.radius).toBe("14px");

    // One element with its own colours.
    await page.getByTestId("field-row-2").click();
    await page.getByRole("tab", { name: "Theming" }).click();
    await level(page, "This field");
    await page.getByRole("switch", { name: /Custom styling for/ }).check({ force: true });
    await page.getByRole("button", { name: "Background" }).click();
    await page.getByRole("textbox", { name: "Colour or picture (https address)" }).fill("#fff4e6");
    await page.getByRole("button", { name: "Colours" }).click();
    await page.getByRole("textbox", { name: "Text colour", exact: true }).fill("#5c2b00");
    await expect.poll(async () => (await look(page, preview)).city?.background).toBe("rgb(255, 244, 230)");
    await screenshot(page, "design-editor-1280");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();

    const visitor = await context.newPage();
    await visitor.goto(`${run.app.url}/f/styled-editor?a=${OWNER.username}`);
    await visitor.locator(".fl-form").waitFor();
    const published = await look(visitor, "body");
    expect(published.image).toContain(PICTURE);
    expect(published.button).toBe("18px");
    expect(published.name?.font).toBe("Lora, serif");
    expect(published.mail?.radius).toBe("14px");
    expect(published.city).toMatchObject({ background: "rgb(255, 244, 230)", colour: "rgb(92, 43, 0)" });
    await visitor.close();

    // Take it back: the element's own styling, then the type's.
    await page.getByRole("button", { name: "Remove this field's own styling" }).click();
    await expect.poll(async () => (await look(page, preview)).city?.background).toBe("rgba(0, 0, 0, 0)");
    expect((await look(page, preview)).city?.font).toBe("Lora, serif");
    await page
      .getByRole("status")
      .filter({ hasText: "own styling was removed" })
      .getByRole("button", { name: "Undo" })
      .click();
    await expect.poll(async () => (await look(page, preview)).city?.background).toBe("rgb(255, 244, 230)");
    await page.getByRole("button", { name: "Remove this field's own styling" }).click();
    await level(page, "Field type");
    await pick(page, "Field type", "E-mail");
    await page.getByRole("button", { name: "Roll back this field type" }).click();
    await expect.poll(async () => (await look(page, preview)).mail?.radius).toBe("4px");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("holds the styling editor still while the brand kit and theme lists above it load", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, run.app.url, OWNER.username, OWNER.password);
    await page.goto(`${run.app.url}/forms/${formId}/edit`);
    // A slow network: what the panel lists comes a moment after the panel's code.
    let answered = 0;
    await page.route(/\/api\/(form-themes|account\/brand-kit)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
      answered++;
    });
    await page.getByRole("tab", { name: "Theming" }).click();
    // A person clicks what they see: the control must still be there when the lists arrive.
    const background = page.getByRole("button", { name: "Background" });
    await background.waitFor();
    const first = await background.boundingBox();
    await expect.poll(() => answered).toBeGreaterThanOrEqual(3);
    // Drawn: the brand kit's line and each list's first entry (or its "No themes yet").
    await page.getByText(/No brand kit yet|Apply brand kit/).waitFor();
    for (const list of ["My themes", "Common themes"])
      await page.locator(`section[aria-label="${list}"] > :nth-child(2)`).waitFor();
    expect(await background.boundingBox()).toEqual(first);
    await context.close();
  });

  it("dresses the form and the page around it from the background library, by mouse and keyboard", async () => {
    const { context, page, problems } = await themingTab();
    await page.getByRole("button", { name: "Background" }).click();

    // The form: a gradient picked with the mouse replaces the picture and shows in the preview.
    await page.getByRole("button", { name: "Background library: Form" }).click();
    await page.getByRole("group", { name: "Gradients" }).waitFor();
    await screenshot(page, "background-library-1280");
    await page.getByRole("button", { name: "Lagoon", exact: true }).click();
    await expect
      .poll(async () => page.getByRole("textbox", { name: "Colour or picture (https address)" }).inputValue())
      .toBe("linear-gradient(135deg, #e3fafc, #d0ebff)");
    await expect.poll(async () => (await look(page, "main")).image).toContain("linear-gradient");
    expect(await page.getByRole("group", { name: "Gradients" }).count()).toBe(0);

    // The page around it: opened and chosen from the keyboard alone.
    await page.getByRole("button", { name: "Background library: Page around the form" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Blue halo", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(async () => page.getByRole("textbox", { name: "Page around the form" }).inputValue())
      .toBe("radial-gradient(circle, #ffffff, #d0ebff)");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();
    const visitor = await context.newPage();
    await visitor.goto(`${run.app.url}/f/styled-editor?a=${OWNER.username}`);
    await visitor.locator(".fl-form").waitFor();
    expect((await look(visitor, "body")).image).toContain("linear-gradient");
    const around = await visitor.evaluate(
      () => getComputedStyle(document.querySelector(".fill-theme") as Element).backgroundImage,
    );
    expect(around).toContain("radial-gradient");
    await visitor.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the editor on a phone", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, run.app.url, OWNER.username, OWNER.password);
    await page.goto(`${run.app.url}/forms/${formId}/edit`);
    await page.getByRole("tab", { name: "Theming" }).click();
    await page.locator(".mantine-SegmentedControl-label", { hasText: "All fields" }).waitFor();
    await screenshot(page, "design-editor-390");
    await page.getByRole("button", { name: "Background" }).click();
    await page.getByRole("button", { name: "Background library: Form" }).click();
    await page.getByRole("group", { name: "Soft light" }).waitFor();
    await screenshot(page, "background-library-390");
    await context.close();
  });
});
