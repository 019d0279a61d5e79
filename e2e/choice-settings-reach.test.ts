import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { storedAnswers } from "./fill-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

/** What the author sets on choice, colour and slider questions is what the respondent gets. */
const run = appAndBrowser();
const OWNER = { username: "reachowner", password: "reach-pass-1" };
let call: ApiCall;
let context: BrowserContext | undefined;

const option = (id: string, title: string, defaultChecked = false) => ({
  id,
  title,
  value: id,
  defaultChecked,
});

/** One question of each choice type offering Other. */
const WITH_OTHER = [
  {
    id: "fruit",
    fieldType: "radio",
    question: "Favourite fruit",
    fieldSettings: {
      answerVariants: [option("apple", "Apple"), option("pear", "Pear")],
      hasOtherVariant: true,
    },
  },
  {
    id: "pets",
    fieldType: "checkbox",
    question: "Pets at home",
    fieldSettings: { answerVariants: [option("cat", "Cat"), option("dog", "Dog")], hasOtherVariant: true },
  },
  {
    id: "hobbies",
    fieldType: "multipleChoice",
    question: "Hobbies",
    fieldSettings: {
      answerVariants: [option("chess", "Chess"), option("golf", "Golf")],
      hasOtherVariant: true,
    },
  },
  {
    id: "city",
    fieldType: "select",
    question: "Home city",
    fieldSettings: {
      answerVariants: [option("rome", "Rome"), option("oslo", "Oslo")],
      hasOtherVariant: true,
    },
  },
  {
    id: "view",
    fieldType: "imageChoice",
    question: "Favourite view",
    fieldSettings: {
      answerVariants: [option("sea", "Sea"), option("hill", "Hill")],
      hasOtherVariant: true,
      multiple: false,
    },
  },
];

/** Several pictures may be chosen, Other among them. */
const VIEWS = {
  ...WITH_OTHER[4],
  id: "views",
  question: "Views you like",
  fieldSettings: { ...WITH_OTHER[4]?.fieldSettings, multiple: true },
};

/** Options "chosen at first", preset colours, and a slider with units and marks. */
const SET_UP = [
  {
    id: "size",
    fieldType: "radio",
    question: "Size",
    fieldSettings: { answerVariants: [option("s", "Small"), option("m", "Medium", true)] },
  },
  {
    id: "extras",
    fieldType: "checkbox",
    question: "Extras",
    fieldSettings: {
      answerVariants: [option("milk", "Milk", true), option("sugar", "Sugar"), option("ice", "Ice", true)],
    },
  },
  {
    id: "country",
    fieldType: "select",
    question: "Country",
    fieldSettings: { answerVariants: [option("it", "Italy"), option("no", "Norway", true)] },
  },
  {
    id: "paint",
    fieldType: "colour",
    question: "Wall colour",
    fieldSettings: { predefineColors: ["#ff0000", "#00aa00", "#0000ff"] },
  },
  {
    id: "walk",
    fieldType: "slider",
    question: "How far do you walk?",
    validationSettings: { min: 0, max: 10, step: 1 },
    fieldSettings: {
      units: "km",
      markers: [
        { value: 0, label: "At home" },
        { value: 5, label: "" },
        { value: 10, label: "Far away" },
      ],
    },
  },
];

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function newForm(alias: string, fields: unknown[]): Promise<number> {
  const made = await call<{ form: { id: number } }>("POST", "/forms", {
    collectRealCharacters: false,
    title: alias,
    formPathAlias: alias,
    fields: fields.map((field, fieldOrder) => ({ ...(field as object), fieldOrder })),
  });
  await call("PATCH", `/forms/${made.form.id}`, { isPublished: true });
  return made.form.id;
}

async function newPage(javaScriptEnabled: boolean, width = 1280): Promise<Page> {
  context = await run.browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  return context.newPage();
}

const question = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const otherText = (page: Page, within: string) =>
  page.locator(".fl-field", { hasText: within }).getByRole("textbox", { name: "Your answer for Other" });

describe("Other on every choice type", () => {
  it("is drawn with its text box, and the text written there is the stored answer and shows in the result", async () => {
    const formId = await newForm("other-everywhere", WITH_OTHER);
    const page = await newPage(true);
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/other-everywhere`);
    await question(page, "Favourite fruit").getByRole("radio", { name: "Other" }).check();
    await otherText(page, "Favourite fruit").fill("Mango");
    await question(page, "Pets at home").getByRole("checkbox", { name: "Dog" }).check();
    // Writing the text chooses Other by itself.
    await otherText(page, "Pets at home").fill("Parrot");
    await question(page, "Hobbies").getByRole("checkbox", { name: "Other" }).check();
    await otherText(page, "Hobbies").fill("Knitting");
    const city = page.getByRole("combobox", { name: "Home city" });
    // The drop-down's text box waits until Other is picked.
    expect(await otherText(page, "Home city").isVisible()).toBe(false);
    await city.selectOption({ label: "Other" });
    await otherText(page, "Home city").fill("Lima");
    await question(page, "Favourite view").getByRole("radio", { name: "Other" }).check();
    await otherText(page, "Favourite view").fill("Lake");
    await screenshot(page, "other-every-choice-type-1280");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("heading", { name: /submitted successfully/ }).waitFor();
    expect(await storedAnswers(call, formId)).toEqual({
      fruit: "other:Mango",
      pets: ["dog", "other:Parrot"],
      hobbies: ["other:Knitting"],
      city: "other:Lima",
      view: "other:Lake",
    });
    expect(problems).toEqual([]);

    // The owner reads the texts on the submission's own page.
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill(OWNER.username);
    await page.getByRole("textbox", { name: "Password" }).fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/forms/${formId}/results`);
    await page.getByRole("cell", { name: "Mango", exact: true }).click();
    await page.getByRole("link", { name: "Open as a page" }).click();
    await page.waitForURL(new RegExp(`/forms/${formId}/results/\\d+`));
    for (const text of ["Mango", "Dog, Parrot", "Knitting", "Lima", "Lake"])
      await expect.poll(() => page.getByRole("cell", { name: text, exact: true }).count()).toBe(1);
  });

  it("is sent from the drop-down and the pictures without JavaScript, its text kept when the post is refused", async () => {
    const formId = await newForm("other-plain", [
      { id: "name", fieldType: "text", question: "Your name", isRequired: true },
      WITH_OTHER[3],
      VIEWS,
    ]);
    const page = await newPage(false, 390);
    await page.goto(`${run.app.url}/f/other-plain`);
    await page.getByRole("combobox", { name: "Home city" }).selectOption({ label: "Other" });
    await otherText(page, "Home city").fill("Quito");
    await question(page, "Views you like").getByRole("checkbox", { name: "Sea" }).check();
    await question(page, "Views you like").getByRole("checkbox", { name: "Other" }).check();
    await otherText(page, "Views you like").fill("Forest");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Please fill in this field").waitFor();
    expect(await page.getByRole("combobox", { name: "Home city" }).inputValue()).toBe("other:");
    expect(await otherText(page, "Home city").inputValue()).toBe("Quito");
    expect(await otherText(page, "Views you like").inputValue()).toBe("Forest");
    await page.getByRole("textbox", { name: "Your name" }).fill("Ines");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("heading", { name: /submitted successfully/ }).waitFor();
    expect(await storedAnswers(call, formId)).toEqual({
      name: "Ines",
      city: "other:Quito",
      views: ["sea", "other:Forest"],
    });
  });
});

describe("choice, colour and slider settings", () => {
  it("start with the options chosen at first, offer only the preset colours, and draw the slider's units and marks", async () => {
    const formId = await newForm("settings-reach", SET_UP);
    const page = await newPage(true);
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/f/settings-reach`);
    await expect
      .poll(() => question(page, "Size").getByRole("radio", { name: "Medium" }).isChecked())
      .toBe(true);
    expect(await question(page, "Extras").getByRole("checkbox", { name: "Milk" }).isChecked()).toBe(true);
    expect(await question(page, "Extras").getByRole("checkbox", { name: "Sugar" }).isChecked()).toBe(false);
    expect(await question(page, "Extras").getByRole("checkbox", { name: "Ice" }).isChecked()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Country" }).inputValue()).toBe("no");

    // The preset colours are the only choice: swatches, no free picker.
    const paint = question(page, "Wall colour");
    expect(await paint.getByRole("radio").count()).toBe(3);
    expect(await page.locator('input[type="color"]').count()).toBe(0);
    await paint.getByRole("radio", { name: "#00aa00" }).check();

    const walk = page.getByRole("slider", { name: "How far do you walk?" });
    const field = page.locator(".fl-field", { has: walk });
    for (const mark of ["At home", "5 km", "Far away"])
      expect(await field.getByText(mark, { exact: true }).isVisible()).toBe(true);
    await walk.fill("4");
    await expect.poll(() => field.locator("output").textContent()).toBe("4 km");
    expect(await walk.getAttribute("aria-valuetext")).toBe("4 km");
    await screenshot(page, "choice-settings-reach-1280");
    await page.setViewportSize({ width: 390, height: 900 });
    await screenshot(page, "choice-settings-reach-390");

    await question(page, "Extras").getByRole("checkbox", { name: "Ice" }).uncheck();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("heading", { name: /submitted successfully/ }).waitFor();
    expect(await storedAnswers(call, formId)).toEqual({
      size: "m",
      extras: ["milk"],
      country: "no",
      paint: "#00aa00",
      walk: 4,
    });
    expect(problems).toEqual([]);
  });

  it("start the same without JavaScript: the chosen-at-first options are posted, an unticked one stays unticked", async () => {
    const formId = await newForm("settings-plain", [
      { id: "name", fieldType: "text", question: "Your name", isRequired: true },
      ...SET_UP.slice(0, 4),
    ]);
    const page = await newPage(false, 390);
    await page.goto(`${run.app.url}/f/settings-plain`);
    expect(await question(page, "Size").getByRole("radio", { name: "Medium" }).isChecked()).toBe(true);
    expect(await question(page, "Extras").getByRole("checkbox", { name: "Milk" }).isChecked()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Country" }).inputValue()).toBe("no");
    await question(page, "Extras").getByRole("checkbox", { name: "Milk" }).uncheck();
    await question(page, "Wall colour").getByRole("radio", { name: "#0000ff" }).check();
    await page.getByRole("button", { name: "Send" }).click();
    // Refused for the missing name, the page comes back with the respondent's own choices.
    await page.getByText("Please fill in this field").waitFor();
    expect(await question(page, "Extras").getByRole("checkbox", { name: "Milk" }).isChecked()).toBe(false);
    expect(await question(page, "Extras").getByRole("checkbox", { name: "Ice" }).isChecked()).toBe(true);
    await page.getByRole("textbox", { name: "Your name" }).fill("Olga");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("heading", { name: /submitted successfully/ }).waitFor();
    expect(await storedAnswers(call, formId)).toEqual({
      name: "Olga",
      size: "m",
      extras: ["ice"],
      country: "no",
      paint: "#0000ff",
    });
  });
});
