// The styling editor's matrix and page-break helpers (forms.md §4): a matrix's header row and every
// second row coloured, the Next button between pages styled by the page-break type, each seen in
// the builder's preview and on the public page through computed styles, and reset by clearing all.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { accountOwner, appAndBrowser, createdForm, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
const OWNER = { username: "helpers", password: "helpers123" };
let formId: number;

beforeAll(async () => {
  const call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
  formId = (
    await createdForm(call, {
      title: "Helpers",
      formPathAlias: "helpers",
      display: "severalPages",
      collectRealCharacters: false,
      collectBehaviorData: false,
      fields: [
        {
          id: "grid",
          fieldType: "matrix",
          question: "How was each part?",
          fieldOrder: 0,
          fieldSettings: {
            answerVariants: [
              { id: "good", title: "Good" },
              { id: "poor", title: "Poor" },
            ],
            questions: [
              { id: "food", question: "Food" },
              { id: "room", question: "Room" },
              { id: "staff", question: "Staff" },
            ],
          },
        },
        { id: "break", fieldType: "pageBreak", fieldOrder: 1 },
        { id: "name", fieldType: "text", question: "Your name", fieldOrder: 2 },
      ],
    })
  ).id;
});

function helperLook(page: Page, scope: string) {
  return page.evaluate((root) => {
    const within = document.querySelector(root) ?? document;
    const rows = [...within.querySelectorAll(".fl-matrix > fieldset.fl-matrix-row")];
    const next = within.querySelector(".fl-nav .fl-submit");
    const background = (node: Element | null | undefined) =>
      node ? getComputedStyle(node).backgroundColor : null;
    return {
      head: background(within.querySelector(".fl-matrix-head")),
      first: background(rows[0]),
      second: background(rows[1]),
      next: background(next),
      nextRadius: next ? getComputedStyle(next).borderRadius : null,
    };
  }, scope);
}

const level = (page: Page, name: string) =>
  page.locator(".mantine-SegmentedControl-label", { hasText: new RegExp(`^${name}$`) }).click();

const pick = async (page: Page, label: string, option: string) => {
  const labelled = page.locator("label", { hasText: new RegExp(`^${label}$`) });
  await page.locator(".mantine-Select-root", { has: labelled }).locator("input").first().click();
  await page.getByRole("option", { name: option, exact: true }).click();
};

describe("the matrix and page-break helpers", () => {
  it("style the matrix and the buttons between pages, in the preview and on the public page, until cleared", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill(OWNER.username);
    await page.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/forms/${formId}/edit`);
    await page.getByRole("tab", { name: "Theming" }).click();
    const preview = "main";

    await level(page, "Field type");
    await pick(page, "Field type", "Matrix");
    await page.getByRole("button", { name: "Matrix", exact: true }).click();
    await page.getByRole("textbox", { name: "Header row background" }).fill("#e7f5ff");
    await page.getByRole("textbox", { name: "Every second row's background" }).fill("#f1f3f5");
    await expect.poll(async () => (await helperLook(page, preview)).head).toBe("rgb(231, 245, 255)");
    expect(await helperLook(page, preview)).toMatchObject({
      first: "rgba(0, 0, 0, 0)",
      second: "rgb(241, 243, 245)",
    });

    await pick(page, "Field type", "Page break");
    await page.getByRole("button", { name: "Page break", exact: true }).click();
    await page.getByRole("textbox", { name: "Next button colour" }).fill("#2b8a3e");
    await page.getByRole("textbox", { name: "Next and Back corner radius (px)" }).fill("16");
    await screenshot(page, "style-helpers-editor-1280");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();

    const visitor = await context.newPage();
    await visitor.goto(`${run.app.url}/f/helpers?a=${OWNER.username}`);
    await visitor.locator(".fl-matrix").waitFor();
    expect(await helperLook(visitor, "body")).toEqual({
      head: "rgb(231, 245, 255)",
      first: "rgba(0, 0, 0, 0)",
      second: "rgb(241, 243, 245)",
      next: "rgb(43, 138, 62)",
      nextRadius: "16px",
    });
    await screenshot(visitor, "style-helpers-public-1280");
    await visitor.close();

    // Clearing all styling resets both helpers.
    await page.getByRole("button", { name: "Clear all styling" }).click();
    await expect.poll(async () => (await helperLook(page, preview)).head).toBe("rgba(0, 0, 0, 0)");
    expect((await helperLook(page, preview)).second).toBe("rgba(0, 0, 0, 0)");
    expect(problems).toEqual([]);
    await context.close();
  });
});
