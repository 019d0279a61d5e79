import { FIELD_TYPES, type FieldType, type TAnswerVariant } from "@formloom/core/element-schema";
import { fieldTypes } from "@formloom/core/field-registry";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addFieldFromMenu } from "./builder-helpers.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  narrowToPhone,
  screenshot,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "everytype", "everytype123");
});

const picture = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><rect width="400" height="120" fill="${colour}"/></svg>`,
  )}`;

/** The settings window, the live preview, and the selected element inside the preview. */
interface Where {
  page: Page;
  settings: Locator;
  preview: Locator;
  selected: Locator;
}

/**
 * Per type: a setting of its own changed in the settings window, and what the preview then shows.
 * `saved` reads the stored element, so a setting the renderer does not draw is still proven kept.
 * Where the model has no setting of the type's own the preview can show, a common one is also set.
 */
interface Case {
  change(at: Where): Promise<void>;
  shows(at: Where): Promise<void>;
  saved?(element: StoredElement): void;
}

interface StoredElement {
  id: string;
  fieldType: FieldType;
  title: string;
  question: string;
  fieldComment: string;
  fieldSettings: Record<string, unknown>;
  validationSettings: Record<string, unknown>;
  isHidden: boolean;
  fieldOrder: number;
}

const fill = (at: Where, label: string, value: string) =>
  at.settings.getByLabel(label, { exact: true }).fill(value);
const flip = (at: Where, name: string) => at.settings.getByRole("switch", { name }).click();
const tag = async (at: Where, label: string, value: string) => {
  const input = at.settings.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press("Enter");
};
const seen = (where: Locator) => where.first().waitFor({ state: "visible", timeout: 15_000 });
/** Drawn, though not visible on its own (a drop-down list's options). */
const present = (where: Locator) => where.first().waitFor({ state: "attached", timeout: 15_000 });
const byText = (text: string) => (at: Where) => seen(at.preview.getByText(text, { exact: false }));
const placeholder = (text: string) => (at: Where) => seen(at.preview.getByPlaceholder(text, { exact: true }));
const comment = (text: string) => ({
  change: (at: Where) => fill(at, "Comment", text),
  shows: byText(text),
});
/**
 * File-like fields: the accepted types are kept (checked on the stored element); the preview is
 * checked through the comment, as the picker's accept list was not seen drawn in the preview.
 */
const accept = (value: string): Case => ({
  async change(at) {
    await tag(at, "Accepted file types", value);
    await fill(at, "Comment", `Only ${value} files`);
  },
  shows: byText(`Only ${value} files`),
  saved: (e) => expect(e.fieldSettings.accept).toEqual([value]),
});

const CASES: Record<FieldType, Case> = {
  markup: {
    change: (at) => fill(at, "Content", "<p>Markup <b>says hello</b></p>"),
    shows: (at) => seen(at.preview.locator("b", { hasText: "says hello" })),
  },
  imageSlider: {
    async change(at) {
      await at.settings.getByRole("button", { name: "Add a picture" }).click();
      await fill(at, "Picture address", picture("#3a7"));
      await fill(at, "Caption", "Slide caption");
    },
    shows: (at) => seen(at.preview.locator('img[alt="Slide caption"]')),
  },
  popup: {
    async change(at) {
      await fill(at, "Button and window title", "Open the rules");
      await fill(at, "Content", "The rules are simple.");
    },
    shows: (at) => seen(at.preview.getByRole("button", { name: "Open the rules" })),
  },
  submitBtn: {
    change: (at) => fill(at, "Button text", "Send it now"),
    shows: (at) => seen(at.preview.getByRole("button", { name: "Send it now" })),
  },
  captcha: {
    // No setting of its own: hiding it takes it out of the preview.
    change: (at) => flip(at, "Hidden"),
    shows: async (at) => expect.poll(() => at.selected.count()).toBe(0),
    saved: (e) => expect(e.isHidden).toBe(true),
  },
  title: {
    change: (at) => fill(at, "Title", "Section heading"),
    shows: (at) => seen(at.preview.getByRole("heading", { name: "Section heading" })),
  },
  imagePromo: {
    async change(at) {
      await at.settings.getByRole("button", { name: "Add a picture" }).click();
      await fill(at, "Picture address", picture("#37a"));
      await fill(at, "Caption", "Promo caption");
    },
    shows: byText("Promo caption"),
  },
  // The step elements are checked together at the end (they page the form).
  stepper: { change: async () => {}, shows: async () => {} },
  pageBreak: { change: async () => {}, shows: async () => {} },
  pageButtons: { change: async () => {}, shows: async () => {} },
  fieldGroup: {
    change: (at) => fill(at, "Title", "Group legend"),
    shows: (at) => seen(at.preview.locator("legend", { hasText: "Group legend" })),
  },
  imageChoice: {
    change: (at) => flip(at, "Several pictures may be chosen"),
    shows: (at) => expect.poll(() => at.selected.locator('input[type="checkbox"]').count()).toBe(3),
    saved: (e) => expect(e.fieldSettings.multiple).toBe(true),
  },
  checkbox: {
    change: (at) => flip(at, "Offer “Other” with the respondent's own text"),
    shows: (at) => seen(at.selected.locator(".fl-other")),
    saved: (e) => expect(e.fieldSettings.hasOtherVariant).toBe(true),
  },
  radio: {
    async change(at) {
      await fill(at, "Text of Option 1", "Crimson");
      await at.settings.getByRole("checkbox", { name: "Chosen at first" }).first().check();
    },
    async shows(at) {
      await seen(at.selected.getByText("Crimson", { exact: true }));
      await expect.poll(() => at.selected.locator('input[type="radio"]').first().isChecked()).toBe(true);
    },
    saved: (e) => expect((e.fieldSettings.answerVariants as TAnswerVariant[])[0]?.defaultChecked).toBe(true),
  },
  matrix: {
    change: (at) => fill(at, "Text of Row 1", "Speed of service"),
    shows: (at) => seen(at.selected.getByText("Speed of service")),
  },
  decisionBox: {
    change: (at) => fill(at, "Box label", "I agree to the terms"),
    shows: (at) => seen(at.selected.getByText("I agree to the terms")),
  },
  scoring: {
    async change(at) {
      await at.settings.getByRole("button", { name: "Add a mark" }).click();
      await fill(at, "Text of Mark 1", "Awful");
    },
    shows: (at) => seen(at.selected.getByText("Awful")),
  },
  text: {
    change: (at) => fill(at, "Placeholder", "Your nickname"),
    shows: placeholder("Your nickname"),
  },
  textarea: {
    change: (at) => fill(at, "Maximum length", "12"),
    shows: (at) => seen(at.selected.locator('textarea[maxlength="12"]')),
    saved: (e) => expect(e.validationSettings.maxLength).toBe(12),
  },
  number: {
    async change(at) {
      await fill(at, "Placeholder", "2.5");
      // core's setNumberFormat swaps the delimiter in the placeholder too.
      await at.settings.getByText("Comma (1,5)").click();
    },
    shows: placeholder("2,5"),
    saved: (e) => expect(e.fieldSettings.numberFormat).toBe("comma"),
  },
  dateTime: {
    change: (at) => at.settings.getByText("Time", { exact: true }).click(),
    shows: (at) => seen(at.selected.locator('input[placeholder="HH:mm"]')),
  },
  phone: { change: (at) => fill(at, "Placeholder", "+39 06 000"), shows: placeholder("+39 06 000") },
  email: {
    change: (at) => fill(at, "Placeholder", "you@example.org"),
    shows: placeholder("you@example.org"),
  },
  currency: {
    change: (at) => tag(at, "Currencies offered", "GBP"),
    shows: async (at) =>
      expect.poll(() => at.selected.locator("option").allInnerTexts()).toEqual(["EUR", "USD", "GBP"]),
  },
  initials: {
    change: (at) => flip(at, "Ask for a patronymic"),
    shows: (at) => expect.poll(() => at.selected.locator("input").count()).toBe(3),
    saved: (e) => expect(e.fieldSettings.showPatronymic).toBe(true),
  },
  website: {
    change: (at) => fill(at, "Placeholder", "https://your.site"),
    shows: placeholder("https://your.site"),
  },
  password: { change: (at) => fill(at, "Placeholder", "Secret word"), shows: placeholder("Secret word") },
  multipleInput: { change: (at) => fill(at, "Placeholder", "One idea"), shows: placeholder("One idea") },
  multipleChoice: {
    async change(at) {
      await fill(at, "Text of Option 2", "Blue pill");
      await fill(at, "At most chosen", "2");
    },
    shows: (at) => seen(at.selected.getByText("Blue pill")),
    saved: (e) => expect(e.fieldSettings.maxChoices).toBe(2),
  },
  slider: {
    async change(at) {
      await fill(at, "Maximum", "50");
      await fill(at, "Units", "km");
      await at.settings.getByRole("button", { name: "Add a mark" }).click();
      await fill(at, "Value of Mark 1", "20");
    },
    async shows(at) {
      await seen(at.selected.locator('input[type="range"][max="50"]'));
      // A mark without words is named by its value in the units.
      await seen(at.selected.getByText("20 km", { exact: true }));
    },
  },
  sortable: {
    change: (at) => fill(at, "Text of Option 1", "First step"),
    shows: (at) => seen(at.selected.getByText("First step")),
  },
  nps: {
    async change(at) {
      await at.settings.getByRole("button", { name: "Add a mark" }).click();
      await fill(at, "Value of Mark 1", "0");
      await fill(at, "Text of Mark 1", "Not at all");
    },
    shows: (at) => seen(at.selected.getByText("Not at all")),
  },
  gapText: {
    change: (at) => fill(at, "Text with gaps", "Roses are [[red]] and violets [[blue]]."),
    shows: (at) => expect.poll(() => at.selected.locator("input").count()).toBe(2),
  },
  select: {
    async change(at) {
      await fill(at, "Text of Option 1", "Lisbon");
      await flip(at, "Offer “Other” with the respondent's own text");
    },
    async shows(at) {
      await present(at.selected.locator("option", { hasText: "Lisbon" }));
      await present(at.selected.locator('option[value="other:"]'));
    },
  },
  signature: comment("Sign with your finger"),
  map: {
    async change(at) {
      await at.settings.getByRole("button", { name: "Add a place" }).click();
      await fill(at, "Text of Place 1", "Harbour");
    },
    shows: (at) => present(at.selected.locator("option", { hasText: "Harbour" })),
  },
  video: accept(".mp4"),
  qrCode: {
    change: (at) => fill(at, "Placeholder", "Code on the box"),
    shows: placeholder("Code on the box"),
  },
  file: accept(".pdf"),
  image: accept(".png"),
  rate: {
    change: (at) => fill(at, "Number of stars", "7"),
    shows: (at) => expect.poll(() => at.selected.locator('input[type="radio"]').count()).toBe(7),
  },
  like: comment("Thumbs up or down"),
  colour: {
    async change(at) {
      await tag(at, "Colours to choose from", "#ff0000");
      await fill(at, "Comment", "Pick a colour");
    },
    async shows(at) {
      await byText("Pick a colour")(at);
      // The preset is offered as a swatch, not the free picker.
      await seen(at.selected.locator('.fl-swatch input[type="radio"][value="#ff0000"]'));
    },
    saved: (e) => expect(e.fieldSettings.predefineColors).toEqual(["#ff0000"]),
  },
  audio: accept(".mp3"),
  location: {
    async change(at) {
      await fill(at, "Zoom", "9");
      await fill(at, "Comment", "Where are you now?");
    },
    shows: byText("Where are you now?"),
    saved: (e) => expect(e.fieldSettings.zoom).toBe(9),
  },
  codeHighlight: {
    change: (at) => fill(at, "Placeholder", "print(42)"),
    shows: placeholder("print(42)"),
  },
  photo: accept("image/png"),
  correspondence: {
    change: (at) => fill(at, "Text of Item 1", "Paris"),
    shows: (at) => present(at.selected.getByText("Paris")),
  },
  timer: {
    async change(at) {
      await fill(at, "Title", "Answer within");
      await fill(at, "Seconds to count down", "90");
    },
    shows: byText("Answer within"),
    saved: (e) => expect(e.fieldSettings.seconds).toBe(90),
  },
  formula: {
    async change(at) {
      // A formula needs a name: core's message shows until one is given.
      await at.settings.getByText("A formula name is required").first().waitFor();
      // "total" is a reserved word: refused under the input, and the name stays unset.
      await at.settings.getByLabel("Formula name", { exact: true }).first().fill("total");
      await at.settings.getByText("This word is reserved and cannot be a formula name").first().waitFor();
      await at.settings.getByLabel("Formula name", { exact: true }).first().fill("parts_sum");
      await fill(at, "Formula", "2 + 3");
    },
    shows: (at) => seen(at.selected.locator("output", { hasText: "5" })),
  },
};

const STEP_TYPES: FieldType[] = ["stepper", "pageButtons", "pageBreak"];

async function openEditor(page: Page, formId: number) {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill("everytype");
  await page.getByRole("textbox", { name: "Password" }).fill("everytype123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
  await page.goto(`${run.app.url}/forms/${formId}/edit`);
  await page.getByRole("button", { name: "Add a field", exact: true }).waitFor();
}

const where = (page: Page): Where => {
  const preview = page.getByTestId("preview-frame");
  return {
    page,
    settings: page.getByTestId("element-settings"),
    preview,
    selected: preview.locator("[data-selected]"),
  };
};

describe("the builder's settings window for every field type", () => {
  it("changes a setting of each type, shows it in the preview, and keeps it after saving and reloading", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", { title: "Every type" });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const problems = watchErrors(page);
    await openEditor(page, form.id);
    const started = Date.now();
    const step = (what: string) =>
      process.stderr.write(`${Math.round((Date.now() - started) / 100) / 10}s ${what}\n`);
    const at = where(page);

    const order = [...FIELD_TYPES.filter((type) => !STEP_TYPES.includes(type)), ...STEP_TYPES];
    const idOf: Partial<Record<FieldType, string>> = {};
    for (const type of order) {
      step(type);
      await addFieldFromMenu(page, fieldTypes[type].label);
      await at.settings.getByText(fieldTypes[type].label, { exact: true }).first().waitFor();
      await CASES[type].change(at);
      await CASES[type].shows(at).catch((error: Error) => {
        throw new Error(`${type}: ${error.message}`);
      });
      if (type === "radio") await screenshot(page, "element-settings-radio-1280");
      if (type === "matrix") await screenshot(page, "element-settings-matrix-1280");
    }

    // Core checks the settings before the draft takes them: 20 stars is refused, under the input.
    await page.getByRole("list", { name: "Form fields" }).getByText("Rating", { exact: true }).click();
    const stars = at.settings.getByLabel("Number of stars", { exact: true });
    await stars.fill("20");
    await at.settings.getByText("At most 10").waitFor();
    expect(await at.selected.locator('input[type="radio"]').count()).toBe(7);
    await stars.fill("7");
    await expect.poll(() => at.settings.getByText("At most 10").count()).toBe(0);

    // The step elements: page buttons' label on a paged form, then back to one page with core's helpers.
    await page.getByRole("list", { name: "Form fields" }).getByText("Page buttons", { exact: true }).click();
    await fill(at, "Next button text", "Onward");
    await page.getByRole("list", { name: "Form fields" }).getByText("Page break", { exact: true }).click();
    await at.settings.getByText("Pages at the page breaks").click();
    await screenshot(page, "element-settings-page-break-1280");
    // Back to one page removes the page break (setDisplay); the rest go in one click (clearStepElements).
    await at.settings.getByText("One page", { exact: true }).click();
    const list = page.getByRole("list", { name: "Form fields" });
    await expect.poll(() => list.getByText("Page break", { exact: true }).count()).toBe(0);
    await list.getByText("Stepper", { exact: true }).click();
    await at.settings.getByRole("button", { name: /Remove all page elements/ }).click();
    await expect.poll(() => list.getByText("Page buttons", { exact: true }).count()).toBe(0);
    expect(await list.getByText("Stepper", { exact: true }).count()).toBe(0);

    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("All changes saved").waitFor();

    const saved = await call<{ fields: StoredElement[] }>("GET", `/forms/${form.id}`);
    const kept = order.filter((type) => !STEP_TYPES.includes(type));
    expect(saved.fields.map((f) => f.fieldType).sort()).toEqual([...kept].sort());
    for (const field of saved.fields) {
      idOf[field.fieldType] = field.id;
      CASES[field.fieldType].saved?.(field);
    }
    // New fields go above the submit button, so the list's order is the stored one.
    const rows = [...saved.fields].sort((a, b) => a.fieldOrder - b.fieldOrder).map((f) => f.fieldType);

    // After a reload every change is still drawn: select each field from the preview's list.
    await page.reload();
    await list.waitFor();
    for (const type of kept) {
      await page.getByTestId(`field-row-${rows.indexOf(type)}`).click();
      await CASES[type].shows(at).catch((error: Error) => {
        throw new Error(`${type} after reload: ${error.message}`);
      });
    }
    expect(Object.keys(idOf)).toHaveLength(kept.length);

    // The settings window on a phone.
    await narrowToPhone(page);
    await page.getByTestId(`field-row-${rows.indexOf("radio")}`).click();
    await page.getByRole("tab", { name: "Field", exact: true }).click();
    await screenshot(page, "element-settings-radio-390");
    await page.getByTestId(`field-row-${rows.indexOf("number")}`).click();
    await screenshot(page, "element-settings-number-390");
    expect(problems).toEqual([]);
    await context.close();
    // About a minute on an idle machine; the bound leaves room for a busy, shared one.
  }, 900_000);
});
