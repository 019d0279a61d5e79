import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { pressOn, scrollsSideways, typeInto } from "./fill-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
const OWNER = { username: "ruler", password: "secret123" };
let call: ApiCall;
let tripId: number;
let loopId: number;
let mealId: number;

type Made = { form: { id: number } };

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
  tripId = (
    await call<Made>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Trip survey",
      formPathAlias: "trip-rules",
      fields: [
        {
          id: "travel",
          fieldType: "radio",
          question: "How do you travel?",
          fieldSettings: {
            answerVariants: [
              { id: "car", title: "Car", value: "car" },
              { id: "train", title: "Train", value: "train" },
            ],
          },
        },
        { id: "plate", fieldType: "text", question: "Licence plate" },
        { id: "notes", fieldType: "textarea", question: "Notes" },
      ],
    })
  ).form.id;
  mealId = (
    await call<Made>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Meal survey",
      formPathAlias: "meal-rules",
      fields: [
        {
          id: "meal",
          fieldType: "radio",
          question: "Which meal?",
          fieldSettings: {
            answerVariants: [
              { id: "fish", title: "Fish", value: "fish" },
              { id: "pasta", title: "Pasta", value: "pasta" },
            ],
            hasOtherVariant: true,
          },
        },
        { id: "wine", fieldType: "text", question: "Which wine goes with it?" },
      ],
    })
  ).form.id;
  // A form whose one rule copies field A into B: a rule copying B back into A would loop.
  loopId = (
    await call<Made>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Loop form",
      fields: [
        { id: "a", fieldType: "text", question: "Field A" },
        { id: "b", fieldType: "text", question: "Field B" },
      ],
      conditionalRules: [
        {
          id: "a-to-b",
          name: "A fills B",
          if: {
            kind: "group",
            combinator: "AND",
            conditions: [{ kind: "field", fieldId: "a", operator: "notEmpty" }],
          },
          // biome-ignore lint/suspicious/noThenProperty: the spec names a rule's actions "then".
          then: [{ type: "assign", fieldId: "b", value: "from A" }],
        },
      ],
    })
  ).form.id;
});

async function signedIn(width: number): Promise<Page> {
  const context = await run.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill(OWNER.username);
  await page.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
  return page;
}

async function pick(page: Page, combobox: string, option: string) {
  await page.getByRole("combobox", { name: combobox, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("the form rules editor", () => {
  it("builds a rule by mouse and keyboard, shows it in the table and the diagram, and the public form obeys it", async () => {
    const page = await signedIn(1280);
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/forms/${tripId}/overview`);
    await page.getByRole("tab", { name: "Rules" }).click();
    await page.waitForURL(`${run.app.url}/forms/${tripId}/rules`);
    await page.getByText("This form has no rules yet.").waitFor();
    await page.getByRole("link", { name: "Add rule" }).click();
    await page.waitForURL(`${run.app.url}/forms/${tripId}/rules/add`);

    // Too short a name is refused before anything is sent, with core's message; an empty one with the spec's.
    const name = page.getByRole("textbox", { name: "Rule name" });
    await typeInto(page, name, "X");
    await page.getByRole("button", { name: "Save rule" }).click();
    await page.getByText("The rule name must have at least 2 symbols").waitFor();
    await pressOn(page, name, "Backspace");
    await page.getByText("Please input rule name").waitFor();
    expect(page.url()).toBe(`${run.app.url}/forms/${tripId}/rules/add`);

    await typeInto(page, name, "Hide plate for train");
    await page.getByRole("button", { name: "Add field condition" }).click();
    await pick(page, "Field of condition 1", "How do you travel?");
    await pick(page, "Operator of condition 1", "equal");
    await pick(page, "Value of condition 1", "Train");
    // The action's fields from the keyboard: type to filter, Enter to take it.
    const targets = page.getByRole("combobox", { name: "Fields of action Then 1" });
    await typeInto(page, targets, "Licence");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await page.getByRole("group", { name: "Then" }).getByText("Licence plate", { exact: true }).waitFor();
    expect(await page.getByRole("combobox", { name: "Action Then 1", exact: true }).inputValue()).toBe(
      "Hide fields",
    );
    await screenshot(page, "rules-editor-1280");
    await page.getByRole("button", { name: "Save rule" }).click();
    await page.waitForURL(`${run.app.url}/forms/${tripId}/rules`);

    const row = page.getByRole("row").filter({ hasText: "Hide plate for train" });
    await row.waitFor();
    expect(await row.innerText()).toContain("How do you travel? equal “Train”");
    expect(await row.innerText()).toContain("Hide fields: Licence plate");
    expect(await row.getByRole("switch", { name: "Enable Hide plate for train" }).isChecked()).toBe(true);
    await screenshot(page, "rules-table-1280");

    await page.getByText("Diagram", { exact: true }).click();
    const diagram = page.getByTestId("rules-diagram");
    await diagram.locator(".react-flow__node").first().waitFor();
    expect(await diagram.locator(".react-flow__node").count()).toBe(2);
    expect(await diagram.innerText()).toContain("If How do you travel? equal “Train”");
    expect(await diagram.innerText()).toContain("Hide fields: Licence plate");
    expect(await diagram.locator(".react-flow__edge-text").first().textContent()).toBe(
      "Hide plate for train",
    );
    await screenshot(page, "rules-diagram-1280");

    // Saved on the server: it is still there after a reload.
    await page.reload();
    await page.getByRole("row").filter({ hasText: "Hide plate for train" }).waitFor();
    const saved = await call<{ form: { conditionalRules: Array<{ name: string; then: unknown[] }> } }>(
      "GET",
      `/forms/${tripId}`,
    );
    expect(saved.form.conditionalRules.map((rule) => rule.name)).toEqual(["Hide plate for train"]);
    expect(saved.form.conditionalRules[0]!.then).toEqual([{ type: "hide", fieldIds: ["plate"] }]);
    expect(problems).toEqual([]);

    // The respondent's form: choosing Train hides the plate, Car brings it back.
    const fill = await run.browser.newPage();
    await fill.goto(`${run.app.url}/f/trip-rules?a=${OWNER.username}`);
    await fill.getByRole("textbox", { name: "Licence plate" }).waitFor();
    await fill.getByRole("radio", { name: "Train" }).check();
    await fill.getByRole("textbox", { name: "Licence plate" }).waitFor({ state: "hidden" });
    expect(await fill.getByRole("textbox", { name: "Notes" }).isVisible()).toBe(true);
    await fill.getByRole("radio", { name: "Car" }).check();
    await fill.getByRole("textbox", { name: "Licence plate" }).waitFor();
    await fill.close();

    // Disabled from the table, the rule no longer hides anything.
    await pressOn(page, page.getByRole("switch", { name: "Enable Hide plate for train" }), "Space");
    await page.getByText("Rule disabled").waitFor();
    const off = await call<{ form: { conditionalRules: Array<{ enabled: boolean }> } }>(
      "GET",
      `/forms/${tripId}`,
    );
    expect(off.form.conditionalRules[0]!.enabled).toBe(false);
    await page.context().close();
  });

  it("offers a choice's Other as a condition's value, met by whatever the respondent writes there", async () => {
    const page = await signedIn(1280);
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/forms/${mealId}/rules/add`);
    await typeInto(page, page.getByRole("textbox", { name: "Rule name" }), "No wine for other meals");
    await page.getByRole("button", { name: "Add field condition" }).click();
    await pick(page, "Field of condition 1", "Which meal?");
    await pick(page, "Operator of condition 1", "equal");
    await pick(page, "Value of condition 1", "Other");
    await pick(page, "Action Then 1", "Hide fields");
    const targets = page.getByRole("combobox", { name: "Fields of action Then 1" });
    await typeInto(page, targets, "wine");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Save rule" }).click();
    await page.waitForURL(`${run.app.url}/forms/${mealId}/rules`);
    const row = page.getByRole("row").filter({ hasText: "No wine for other meals" });
    expect(await row.innerText()).toContain("Which meal? equal “Other”");
    expect(problems).toEqual([]);
    await page.context().close();

    const fill = await run.browser.newPage();
    await fill.goto(`${run.app.url}/f/meal-rules?a=${OWNER.username}`);
    const wine = fill.getByRole("textbox", { name: "Which wine goes with it?" });
    await wine.waitFor();
    await fill.getByRole("radio", { name: "Other" }).check();
    await fill.getByRole("textbox", { name: "Your answer for Other" }).fill("Curry");
    await wine.waitFor({ state: "hidden" });
    await fill.getByRole("radio", { name: "Fish" }).check();
    await wine.waitFor();
    await fill.close();
  });

  it("shows a cycle before saving and refuses it, and deletes a rule after asking", async () => {
    const page = await signedIn(1280);
    await page.goto(`${run.app.url}/forms/${loopId}/rules/add`);
    await typeInto(page, page.getByRole("textbox", { name: "Rule name" }), "B fills A");
    await page.getByRole("button", { name: "Add field condition" }).click();
    await pick(page, "Field of condition 1", "Field B");
    await pick(page, "Operator of condition 1", "not empty");
    await pick(page, "Action Then 1", "Assign field value");
    await pick(page, "Field of action Then 1", "Field A");
    await typeInto(page, page.getByRole("textbox", { name: "Value of action Then 1" }), "from B");
    await page.getByText("These rules keep changing each other's values").waitFor();
    await page.getByRole("button", { name: "Save rule" }).click();
    expect(page.url()).toBe(`${run.app.url}/forms/${loopId}/rules/add`);
    await screenshot(page, "rules-editor-cycle-1280");
    const unchanged = await call<{ form: { conditionalRules: unknown[] } }>("GET", `/forms/${loopId}`);
    expect(unchanged.form.conditionalRules).toHaveLength(1);

    await page.goto(`${run.app.url}/forms/${loopId}/rules`);
    await page.getByRole("button", { name: "Delete A fills B" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("This form has no rules yet.").waitFor();
    const emptied = await call<{ form: { conditionalRules: unknown[] } }>("GET", `/forms/${loopId}`);
    expect(emptied.form.conditionalRules).toEqual([]);
    await page.context().close();
  });

  it("says a jump does nothing on a form shown on one page, and not once it has pages", async () => {
    const page = await signedIn(1280);
    await page.goto(`${run.app.url}/forms/${loopId}/rules/add`);
    await pick(page, "Action Then 1", "Logic jump");
    const note = page.getByText(/shows all its questions on one page, so a jump does nothing/);
    await note.waitFor();
    await screenshot(page, "rules-editor-jump-one-page-1280");
    await call("PATCH", `/forms/${loopId}`, { display: "severalPages" });
    await page.reload();
    await pick(page, "Action Then 1", "Logic jump");
    await page.getByRole("combobox", { name: "Jump target of action Then 1" }).waitFor();
    expect(await note.count()).toBe(0);
    await call("PATCH", `/forms/${loopId}`, { display: "all" });
    await page.context().close();
  });

  it("lists every rule of the account, and fits a phone", async () => {
    const page = await signedIn(390);
    await page.goto(`${run.app.url}/form-rules/all`);
    const row = page.getByRole("row").filter({ hasText: "Hide plate for train" });
    await row.waitFor();
    expect(await row.innerText()).toContain("Trip survey");
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "rules-all-390");
    await page.goto(`${run.app.url}/forms/${tripId}/rules`);
    await page.getByRole("row").filter({ hasText: "Hide plate for train" }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, "rules-table-390");
    await page.getByText("Diagram", { exact: true }).click();
    await page.getByTestId("rules-diagram").locator(".react-flow__node").first().waitFor();
    await screenshot(page, "rules-diagram-390");
    await page.goto(`${run.app.url}/forms/${tripId}/rules/add`);
    await page.getByRole("button", { name: "Add field condition" }).click();
    await page.getByRole("combobox", { name: "Field of condition 1" }).waitFor();
    await screenshot(page, "rules-editor-390");
    expect(await scrollsSideways(page)).toBe(false);
    await page.context().close();
  });
});
