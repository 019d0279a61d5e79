import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  narrowToPhone,
  pickUpByKeyboard,
  screenshot,
  WITH_MOTION,
  watchErrors,
} from "./support.ts";

/** Putting fields into field groups and layout columns, and the warning before deleting a field rules use. */
const run = appAndBrowser();
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "placer", "placer123");
});

interface SavedField {
  id: string;
  question: string;
  fieldColumn: string;
  fieldSettings: { fieldGroup?: string; fieldGroupOrder?: number };
}
interface SavedRule {
  id: string;
  name: string;
  enabled: boolean;
  if: { conditions: unknown[] };
  then: unknown[];
}
interface SavedForm {
  form: { id: number; conditionalRules: SavedRule[] };
  fields: SavedField[];
}

async function openEditor(page: Page, formId: number) {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill("placer");
  await page.getByRole("textbox", { name: "Password" }).fill("placer123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
  await page.goto(`${run.app.url}/forms/${formId}/edit`);
  await page.getByRole("list", { name: "Form fields" }).waitFor();
}

/** The names a list's own rows read (a group's members are in a list of their own). */
async function names(list: Locator): Promise<string[]> {
  const rows = list.locator(":scope > [role=listitem]");
  return Promise.all(
    (await rows.all()).map(async (row) => (await row.locator("p").first().innerText()).trim()),
  );
}

const fieldList = (page: Page) => page.getByRole("list", { name: "Form fields" });
const groupList = (page: Page, group: string) =>
  page.getByRole("list", { name: `Fields in the group “${group}”`, exact: true });
const moveButton = (page: Page, field: string) =>
  page.getByRole("button", { name: `Move “${field}” to…`, exact: true });
/** A field's own row: a member's row sits inside its group's, so the innermost one. */
const row = (page: Page, field: string) =>
  fieldList(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(field, { exact: true }) })
    .last();
const grip = (page: Page, field: string) =>
  row(page, field).getByRole("button", { name: "Drag to reorder" }).first();

/**
 * Drags with the mouse from a field's handle to the middle of a target, in small steps as a hand
 * does. Over a group's inside or a column, it lets go once that target shows it is the one; when
 * the rows sliding aside under the field keep it from lighting, the drag is cancelled with Escape
 * and made again, as a person would, at most three times.
 */
async function drag(page: Page, field: string, target: Locator, lit?: Locator) {
  for (let attempt = 1; ; attempt += 1) {
    const from = await grip(page, field).boundingBox();
    await target.scrollIntoViewIfNeeded();
    if (!from) throw new Error(`no handle for ${field}`);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
    const to = await target.boundingBox();
    if (!to) throw new Error("no drop target");
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
    for (let wiggle = 1; wiggle <= 10; wiggle += 1) {
      // The list's rows slide aside as the field passes them: follow the target where it is now.
      const now = (await target.boundingBox()) ?? to;
      await page.mouse.move(now.x + now.width / 2 + (wiggle % 2), now.y + now.height / 2, { steps: 2 });
      await page.waitForTimeout(100);
      if (!lit || (await lit.getAttribute("data-over")) !== null) break;
    }
    if (!lit || (await lit.getAttribute("data-over")) !== null || attempt === 3) break;
    await page.keyboard.press("Escape");
    await page.mouse.up();
  }
  if (lit) expect(await lit.getAttribute("data-over")).not.toBeNull();
  await page.mouse.up();
}

/** Opens a row's "Move to…" menu from the keyboard and picks an item with the arrows and Enter. */
async function moveByKeyboard(page: Page, field: string, item: string) {
  await moveButton(page, field).focus();
  await page.keyboard.press("Enter");
  const wanted = page.getByRole("menuitem", { name: item, exact: true });
  await wanted.waitFor();
  for (let step = 0; step < 8; step += 1) {
    if (await wanted.evaluate((node) => node === document.activeElement)) break;
    await page.keyboard.press("ArrowDown");
  }
  expect(await wanted.evaluate((node) => node === document.activeElement)).toBe(true);
  await page.keyboard.press("Enter");
  await wanted.waitFor({ state: "detached" });
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const refusal = page.getByTestId("save-refusal");
  await page.getByText("All changes saved").or(refusal).waitFor();
  if (await refusal.isVisible()) throw new Error(`save refused: ${await refusal.innerText()}`);
}

const text = (id: string, question: string) => ({ id, fieldType: "text", question });

describe("the builder's field groups and layout columns", () => {
  it("puts fields into a group and a column and out again by mouse and keyboard, and keeps them after a reload", async () => {
    const { form } = await call<SavedForm>("POST", "/forms", {
      title: "Groups and columns",
      layoutType: "2-col",
      fields: [
        { id: "contact", fieldType: "fieldGroup", title: "Contact" },
        text("name", "Name"),
        text("email", "Email"),
        text("city", "City"),
        text("notes", "Notes"),
        { id: "send", fieldType: "submitBtn", title: "Send" },
      ],
    });
    const context = await run.browser.newContext({ ...WITH_MOTION, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    const live = page.locator("[aria-live]").filter({ hasText: /./ });
    const zone = page.getByTestId("group-zone-contact");
    expect(await names(fieldList(page))).toEqual(["Contact", "Name", "Email", "City", "Notes", "Send"]);
    await zone.getByText("Drop fields here to put them in the group").waitFor();

    // Mouse: "Name" into the empty group, then "Email" after it, announced by their titles.
    await drag(page, "Name", zone, zone);
    await expect.poll(() => names(groupList(page, "Contact"))).toEqual(["Name"]);
    expect(await live.allTextContents()).toContainEqual(
      expect.stringContaining("“Name” was dropped into the group “Contact”."),
    );
    await drag(page, "Email", zone.getByText("Drop here to add at the group's end"), zone);
    await expect.poll(() => names(groupList(page, "Contact"))).toEqual(["Name", "Email"]);
    expect(await names(fieldList(page))).toEqual(["Contact", "City", "Notes", "Send"]);
    await screenshot(page, "builder-group-drop-1280");

    // Mouse: "Email" out of the group onto "Notes", then onto the second column.
    await drag(page, "Email", row(page, "Notes"));
    await expect.poll(() => names(fieldList(page))).toEqual(["Contact", "City", "Email", "Notes", "Send"]);
    expect(await names(groupList(page, "Contact"))).toEqual(["Name"]);
    const second = page.getByTestId("column-target-col-second");
    await drag(page, "Email", second, second);
    await row(page, "Email").getByText("Column 2", { exact: true }).waitFor();
    expect(await live.allTextContents()).toContainEqual(
      expect.stringContaining("“Email” was dropped in Column 2."),
    );

    // Keyboard, with the drag library's keys: "City" picked up, moved up into the group, dropped.
    await grip(page, "City").focus();
    await pickUpByKeyboard(page);
    await expect
      .poll(() => live.allTextContents())
      // Picking up is followed at once by where it hovers: the region holds the newest line.
      .toContainEqual(expect.stringMatching(/“City”.* position 2 of 5\./));
    await page.keyboard.press("ArrowUp");
    await expect
      .poll(() => live.allTextContents())
      .toContainEqual(expect.stringContaining("“City” is over position 1 of 2 in the group “Contact”."));
    await page.keyboard.press("Space");
    await expect.poll(() => names(groupList(page, "Contact"))).toEqual(["City", "Name"]);

    // Keyboard, with the row's "Move to…" menu: "Notes" into the group, out of it, into column 2.
    await moveByKeyboard(page, "Notes", "Into the group “Contact”");
    await expect.poll(() => names(groupList(page, "Contact"))).toEqual(["City", "Name", "Notes"]);
    await moveByKeyboard(page, "Notes", "Out of the group “Contact”");
    await expect.poll(() => names(fieldList(page))).toEqual(["Contact", "Notes", "Email", "Send"]);
    await moveByKeyboard(page, "Notes", "Column 2");
    await row(page, "Notes").getByText("Column 2", { exact: true }).waitFor();
    // And back to flowing: the badge goes.
    await moveByKeyboard(page, "Email", "Next free column");
    expect(await row(page, "Email").getByText("Column 2", { exact: true }).count()).toBe(0);

    // The plus inside the group adds a field into it.
    await page.getByRole("button", { name: "Add a field into the group “Contact”", exact: true }).click();
    await page.getByRole("textbox", { name: "Search field types" }).fill("Phone");
    await page.getByRole("option", { name: "Phone", exact: true }).click();
    await page.getByRole("textbox", { name: "Question", exact: true }).fill("Phone number");
    await expect.poll(() => names(groupList(page, "Contact"))).toEqual(["City", "Name", "Phone number"]);

    // The preview draws the members inside the group and "Notes" in the second column.
    const preview = page.getByTestId("preview-frame");
    const group = preview.locator("fieldset.fl-group");
    await group.getByText("Contact", { exact: true }).waitFor();
    for (const label of ["City", "Name", "Phone number"]) await group.getByLabel(label).waitFor();
    expect(await group.getByLabel("Notes").count()).toBe(0);
    const notesBox = preview.locator(".fl-field", { has: page.getByLabel("Notes") });
    expect(await notesBox.getAttribute("style")).toContain("--fl-column: 2");
    const emailBox = preview.locator(".fl-field", { has: page.getByLabel("Email") });
    expect(await emailBox.getAttribute("style")).not.toContain("--fl-column");
    await screenshot(page, "builder-groups-columns-1280");

    await save(page);
    await page.reload();
    await fieldList(page).waitFor();
    expect(await names(fieldList(page))).toEqual(["Contact", "Notes", "Email", "Send"]);
    expect(await names(groupList(page, "Contact"))).toEqual(["City", "Name", "Phone number"]);
    await row(page, "Notes").getByText("Column 2", { exact: true }).waitFor();

    const saved = await call<SavedForm>("GET", `/forms/${form.id}`);
    const place = (field: SavedField) =>
      `${field.question || field.id} ${field.fieldSettings.fieldGroup ?? "-"}:${field.fieldSettings.fieldGroupOrder ?? "-"} ${field.fieldColumn}`;
    expect(saved.fields.map(place)).toEqual([
      "contact -:- col-first",
      "City contact:0 col-first",
      "Name contact:1 col-first",
      "Phone number contact:2 col-first",
      "Notes -:- col-second",
      "Email -:- col-first",
      "send -:- col-first",
    ]);

    // Wide enough for two columns in the preview: "Notes" is drawn in the right half, the second column.
    await page.setViewportSize({ width: 1920, height: 1000 });
    const drawnForm = page.getByTestId("preview-frame").locator(".fl-form");
    // How far right of the form's middle "Notes" starts: above 0 in the second column.
    const rightOfMiddle = async () => {
      const formBox = await drawnForm.boundingBox();
      const notes = await page.getByTestId("preview-frame").getByLabel("Notes").boundingBox();
      return formBox && notes ? notes.x - (formBox.x + formBox.width / 2) : Number.NaN;
    };
    await expect.poll(() => drawnForm.getAttribute("data-fit")).not.toBe("1");
    await expect.poll(rightOfMiddle).toBeGreaterThan(0);
    await screenshot(page, "builder-groups-columns-1920");
    // A tablet's width holds two columns: the chosen column holds there too.
    await page.getByTitle("Tablet").click();
    await expect.poll(() => drawnForm.getAttribute("data-fit")).toBe("2");
    await expect.poll(rightOfMiddle).toBeGreaterThan(0);
    await page.getByTitle("Desktop").click();

    await narrowToPhone(page);
    await moveButton(page, "Name").click();
    await page.getByRole("menuitem", { name: "Out of the group “Contact”" }).waitFor();
    // The menu fades in: the picture is taken once it is opaque.
    await expect
      .poll(() => page.getByRole("menu").evaluate((menu) => getComputedStyle(menu).opacity))
      .toBe("1");
    await screenshot(page, "builder-move-to-menu-390");
    await page.keyboard.press("Escape");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("deleting a field that rules use", () => {
  it("warns naming the rules, keeps the field on Cancel, and on Delete takes it out of the rules", async () => {
    const when = (fieldId: string, operator: string, value?: string) => ({
      kind: "field",
      fieldId,
      operator,
      value,
    });
    const { form } = await call<SavedForm>("POST", "/forms", {
      title: "Rules in the way",
      fields: [
        text("licence", "Licence number"),
        text("car", "Car model"),
        text("notes", "Notes"),
        text("spare", "Spare"),
      ],
      conditionalRules: [
        {
          id: "show-car",
          name: "Ask for the car",
          if: { kind: "group", combinator: "AND", conditions: [when("licence", "notEmpty")] },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "show", fieldIds: ["car"] }],
        },
        {
          id: "volvo",
          name: "Volvo owners",
          if: { kind: "group", combinator: "AND", conditions: [when("car", "equal", "Volvo")] },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "show", fieldIds: ["notes"] }],
        },
        {
          id: "no-licence",
          name: "No licence",
          if: { kind: "group", combinator: "AND", conditions: [when("licence", "empty")] },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "hide", fieldIds: ["notes"] }],
        },
      ],
    });
    const context = await run.browser.newContext({ ...WITH_MOTION, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    const deleteCar = row(page, "Car model").getByRole("button", { name: "Delete field" });

    // Its settings window says which rules use a field before anyone tries to delete it.
    const settings = page.getByTestId("element-settings");
    await row(page, "Car model").getByText("Car model").click();
    await settings
      .getByText("Used by the rules “Ask for the car”, “Volvo owners”: deleting it changes them.")
      .waitFor();
    await screenshot(page, "builder-field-used-by-rules-1280");
    await row(page, "Spare").getByText("Spare").click();
    await expect
      .poll(() => settings.getByRole("textbox", { name: "Question", exact: true }).inputValue())
      .toBe("Spare");
    expect(await settings.getByText(/Used by the rules/).count()).toBe(0);

    // The warning names both rules that use "Car model" and what becomes of each; not the third.
    await deleteCar.click();
    const dialog = page.getByRole("dialog", { name: "Delete “Car model”?" });
    await dialog.waitFor();
    const warning = await dialog.innerText();
    expect(warning).toContain("The form's rules use this field.");
    expect(warning).toContain("The rule “Ask for the car” has nothing left to do without it and is deleted.");
    expect(warning).toContain(
      "The rule “Volvo owners” no longer uses it and is turned off until you check it.",
    );
    expect(warning).not.toContain("No licence");
    await screenshot(page, "builder-delete-used-field-1280");

    // Cancel keeps the field and changes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await names(fieldList(page))).toEqual(["Licence number", "Car model", "Notes", "Spare"]);
    await page.getByText("All changes saved").waitFor();

    // Delete: the field goes, the message says what happened to the rules, Undo puts all back.
    await deleteCar.click();
    await dialog.getByRole("button", { name: "Delete field" }).click();
    await expect.poll(() => names(fieldList(page))).toEqual(["Licence number", "Notes", "Spare"]);
    const toast = page.locator(".mantine-Notification-root").filter({ hasText: "Volvo owners" });
    expect(await toast.innerText()).toContain(
      "The rule “Ask for the car” has nothing left to do without it and is deleted.",
    );
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect
      .poll(() => names(fieldList(page)))
      .toEqual(["Licence number", "Car model", "Notes", "Spare"]);

    // A field no rule uses goes without asking.
    await row(page, "Spare").getByRole("button", { name: "Delete field" }).click();
    await expect.poll(() => names(fieldList(page))).toEqual(["Licence number", "Car model", "Notes"]);
    expect(await page.getByRole("dialog").count()).toBe(0);

    await deleteCar.click();
    await dialog.getByRole("button", { name: "Delete field" }).click();
    await expect.poll(() => names(fieldList(page))).toEqual(["Licence number", "Notes"]);
    await save(page);

    const saved = await call<SavedForm>("GET", `/forms/${form.id}`);
    expect(saved.fields.map((f) => f.id)).toEqual(["licence", "notes"]);
    expect(saved.form.conditionalRules.map((r) => [r.name, r.enabled])).toEqual([
      ["Volvo owners", false],
      ["No licence", true],
    ]);
    expect(saved.form.conditionalRules[0]?.if.conditions).toEqual([]);
    expect(saved.form.conditionalRules[0]?.then).toEqual([{ type: "show", fieldIds: ["notes"] }]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
