/** The all-field-types form: each type's element settings, how a person fills it, and the answer stored. */
import { type FieldType, type TElementInput, ZElement } from "@formloom/core/element-schema";
import { fieldTypes, isAnswerable } from "@formloom/core/field-registry";
import { createElement } from "@formloom/core/new-element";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { mp4Video, pngPicture, pressOn, typeInto, wavSound } from "./fill-helpers.ts";

let png: Buffer;

/** Makes the picture the upload fields are filled with; call once before filling. */
export async function preparePictures() {
  png = await pngPicture();
}

export const OWNER = "alltypes";
export const ROME = { latitude: 41.9028, longitude: 12.4964, accuracy: 20 };

const variant = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  value: id,
  ...extra,
});
const picture = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300"><rect width="800" height="300" fill="${colour}"/></svg>`,
  )}`;

/** What the test knows of one field: the page it is on, and the field's wrapper there. */
interface Filling {
  page: Page;
  field: Locator;
}

/**
 * One row per field type: the settings its element needs beyond the builder's defaults, how a
 * person fills it (by keyboard wherever a person could) and what the server must then store.
 * `fill` may return the expected answer when it is only known on the page (a shuffled order, a
 * drawn signature). Types that take no answer check what they show instead.
 */
interface Row {
  element?: Partial<TElementInput>;
  fill?(at: Filling): Promise<unknown>;
  answer?: unknown;
  /** The element is drawn only on pages (not on a single page): stepper, page break, page buttons. */
  pagesOnly?: boolean;
}

const STOPS: Record<string, string> = { Alpha: "a", Bravo: "b", Charlie: "c" };

const upload = (name: string, mimeType: string, bytes: () => Buffer) => ({
  async fill({ field }: Filling) {
    await field.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer: bytes() });
    await field.getByText(`Uploaded: ${name}`).waitFor();
  },
  answer: [expect.objectContaining({ name, mimeType: mimeType === "text/csv" ? "text/plain" : mimeType })],
});

/** The form, in this order: every type of the model once (the types' order is the test's order). */
export const ROWS: Record<FieldType, Row> = {
  stepper: { pagesOnly: true },
  title: {
    element: { title: "About you" },
    fill: ({ field }) => field.getByText("About you").waitFor(),
  },
  markup: {
    element: { fieldSettings: { content: "<p>Please answer <strong>every</strong> question.</p>" } },
    fill: ({ field }) => field.getByText("every", { exact: true }).waitFor(),
  },
  timer: {
    // Long enough never to run out while the form is filled: at zero it would send the form.
    element: { title: "Time for this page", fieldSettings: { seconds: 3600 } },
    async fill({ field }) {
      expect(await field.getByRole("timer").textContent()).toMatch(/^(59:\d\d|1:00:00)$/);
    },
  },
  popup: {
    element: { title: "House rules", fieldSettings: { content: "<p>Be kind.</p>" } },
    async fill({ page, field }) {
      await pressOn(page, field.getByRole("button", { name: "House rules" }), "Enter");
      await page.getByRole("dialog", { name: "House rules" }).getByText("Be kind.").waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "hidden" });
    },
  },
  imagePromo: {
    element: { fieldSettings: { images: [{ id: "p1", url: picture("#228be6"), caption: "Our hall" }] } },
    fill: ({ field }) => field.getByRole("img", { name: "Our hall" }).waitFor(),
  },
  imageSlider: {
    element: {
      title: "The venue",
      fieldSettings: {
        images: [
          { id: "s1", url: picture("#40c057"), caption: "The garden" },
          { id: "s2", url: picture("#fab005"), caption: "The terrace" },
        ],
      },
    },
    async fill({ page, field }) {
      await pressOn(page, field.getByRole("button", { name: "Next picture" }), "Enter");
      await field.getByRole("img", { name: "The terrace" }).waitFor();
    },
  },
  text: {
    fill: ({ page, field }) => typeInto(page, field.getByRole("textbox"), "Ada Lovelace"),
    answer: "Ada Lovelace",
  },
  textarea: {
    fill: ({ page, field }) => typeInto(page, field.getByRole("textbox"), "First line\nsecond line"),
    answer: "First line\nsecond line",
  },
  number: {
    element: { formulaName: "qty" },
    fill: ({ page, field }) => typeInto(page, field.getByRole("spinbutton"), "42.5"),
    answer: 42.5,
  },
  formula: {
    element: { formulaName: "double", fieldSettings: { formula: "qty * 2" } },
    fill: ({ field }) => field.getByRole("status").filter({ hasText: "85" }).waitFor(),
  },
  fieldGroup: {
    element: { title: "Contact" },
    async fill({ field }) {
      expect(await field.getByRole("textbox").count()).toBe(2);
    },
  },
  email: {
    element: { fieldSettings: { fieldGroup: "f_fieldGroup", fieldGroupOrder: 0 } },
    fill: ({ page, field }) => typeInto(page, field.getByRole("textbox"), "ada@example.com"),
    answer: "ada@example.com",
  },
  phone: {
    element: { fieldSettings: { fieldGroup: "f_fieldGroup", fieldGroupOrder: 1 } },
    fill: ({ page, field }) => typeInto(page, field.getByRole("textbox"), "+44 20 7946 0958"),
    answer: "+44 20 7946 0958",
  },
  website: {
    fill: ({ page, field }) => typeInto(page, field.getByRole("textbox"), "https://example.com/ada"),
    answer: "https://example.com/ada",
  },
  password: {
    fill: ({ page, field }) => typeInto(page, field.locator("input"), "Sw0rdfish!"),
    answer: "Sw0rdfish!",
  },
  dateTime: {
    // Day, month and year, as the form's language writes a day (DD.MM.YYYY), whatever the browser's.
    fill: ({ page, field }) => typeInto(page, field.getByRole("textbox"), "17052026"),
    answer: "2026-05-17",
  },
  currency: {
    async fill({ page, field }) {
      await typeInto(page, field.getByLabel("Amount"), "1250.5");
      await page.keyboard.press("Tab");
      await page.keyboard.press("ArrowDown");
    },
    answer: { amount: 1250.5, currency: "USD" },
  },
  initials: {
    async fill({ page, field }) {
      await typeInto(page, field.getByLabel("First name"), "Anna");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Ivanova");
      expect(await field.getByLabel("Last name").inputValue()).toBe("Ivanova");
    },
    answer: { firstName: "Anna", lastName: "Ivanova" },
  },
  multipleInput: {
    async fill({ page, field }) {
      await typeInto(page, field.getByLabel("Answer 1"), "red");
      await pressOn(page, field.getByRole("button", { name: "Add answer" }), "Enter");
      await page.keyboard.type("green");
    },
    answer: ["red", "green"],
  },
  radio: {
    element: { fieldSettings: { answerVariants: [variant("tea", "Tea"), variant("coffee", "Coffee")] } },
    fill: ({ page, field }) => pressOn(page, field.getByRole("radio", { name: "Tea" }), "Space", "ArrowDown"),
    answer: "coffee",
  },
  checkbox: {
    element: {
      fieldSettings: {
        answerVariants: [variant("bus", "Bus"), variant("car", "Car"), variant("bike", "Bike")],
      },
    },
    fill: ({ page, field }) =>
      pressOn(page, field.getByRole("checkbox", { name: "Bus" }), "Space", "Tab", "Tab", "Space"),
    answer: ["bus", "bike"],
  },
  multipleChoice: {
    element: {
      fieldSettings: {
        answerVariants: [variant("red", "Red"), variant("blue", "Blue"), variant("gold", "Gold")],
        maxChoices: 2,
      },
    },
    fill: ({ page, field }) => pressOn(page, field.getByRole("checkbox", { name: "Blue" }), "Space"),
    answer: ["blue"],
  },
  select: {
    element: {
      fieldSettings: {
        answerVariants: [variant("rome", "Rome"), variant("oslo", "Oslo"), variant("lima", "Lima")],
      },
    },
    fill: ({ page, field }) => pressOn(page, field.getByRole("combobox"), "ArrowDown", "ArrowDown"),
    answer: "oslo",
  },
  decisionBox: {
    element: { fieldLabel: "I agree to the terms" },
    fill: ({ page, field }) =>
      pressOn(page, field.getByRole("checkbox", { name: "I agree to the terms" }), "Space"),
    answer: true,
  },
  pageButtons: { element: { fieldSettings: { nextLabel: "Onward", backLabel: "Return" } }, pagesOnly: true },
  pageBreak: { pagesOnly: true },
  scoring: {
    fill: ({ page, field }) =>
      pressOn(page, field.getByRole("radio", { name: "6", exact: true }), "Space", "ArrowRight"),
    answer: 7,
  },
  nps: {
    fill: ({ page, field }) => pressOn(page, field.getByRole("radio", { name: "9", exact: true }), "Space"),
    answer: 9,
  },
  rate: {
    fill: ({ page, field }) => pressOn(page, field.getByRole("radio", { name: "4", exact: true }), "Space"),
    answer: 4,
  },
  like: {
    fill: ({ page, field }) =>
      pressOn(page, field.getByRole("radio", { name: "Like", exact: true }), "Space", "ArrowRight"),
    answer: "dislike",
  },
  slider: {
    element: { validationSettings: { min: 0, max: 10, step: 1 } },
    fill: ({ page, field }) => pressOn(page, field.getByRole("slider"), "End", "ArrowLeft", "ArrowLeft"),
    answer: 8,
  },
  colour: {
    // The browser's colour picker is its own window: the value is set as the picker would.
    fill: ({ field }) => field.locator('input[type="color"]').fill("#1971c2"),
    answer: "#1971c2",
  },
  imageChoice: {
    element: {
      fieldSettings: {
        multiple: false,
        answerVariants: [
          variant("lake", "Lake", { image: picture("#74c0fc") }),
          variant("hills", "Hills", { image: picture("#8ce99a") }),
          variant("city", "City"),
        ],
      },
    },
    fill: ({ page, field }) =>
      pressOn(page, field.getByRole("radio", { name: "Lake" }), "Space", "ArrowRight"),
    answer: "hills",
  },
  matrix: {
    element: {
      fieldSettings: {
        answerVariants: [variant("good", "Good"), variant("ok", "Fine"), variant("bad", "Poor")],
        questions: [
          { id: "speed", question: "Speed", multiple: false },
          { id: "extras", question: "Extras", multiple: true },
        ],
      },
    },
    async fill({ page, field }) {
      const speed = field.getByRole("group", { name: "Speed" });
      await pressOn(page, speed.getByRole("radio", { name: "Good" }), "Space", "ArrowRight");
      const extras = field.getByRole("group", { name: "Extras" });
      await pressOn(page, extras.getByRole("checkbox", { name: "Good" }), "Space", "Tab", "Tab", "Space");
    },
    answer: { speed: "ok", extras: ["good", "bad"] },
  },
  sortable: {
    element: {
      fieldSettings: {
        answerVariants: [variant("a", "Alpha"), variant("b", "Bravo"), variant("c", "Charlie")],
      },
    },
    async fill({ page, field }) {
      // The last item shown goes to the top with its Move up button, pressed from the keyboard.
      const shown = await field.locator(".fl-sortable-title").allTextContents();
      const last = shown.at(-1) ?? "";
      await field.getByRole("button", { name: `Move ${last} up` }).focus();
      for (let i = 1; i < shown.length; i++) await page.keyboard.press("Enter");
      return [last, ...shown.slice(0, -1)].map((title) => STOPS[title]);
    },
  },
  gapText: {
    element: { fieldSettings: { gapText: "I drink [[tea]] in the [[morning]]." } },
    async fill({ page, field }) {
      await typeInto(page, field.getByRole("textbox", { name: /^Gap 1/ }), "coffee");
      await page.keyboard.press("Tab");
      await page.keyboard.type("evening");
    },
    answer: ["coffee", "evening"],
  },
  correspondence: {
    element: {
      fieldSettings: {
        answerVariants: [variant("fr", "France"), variant("jp", "Japan")],
        matches: [
          { id: "tokyo", title: "Tokyo" },
          { id: "paris", title: "Paris" },
        ],
      },
    },
    async fill({ page, field }) {
      // Type-ahead picks the option in each drop-down.
      await typeInto(page, field.getByRole("combobox").first(), "P");
      await page.keyboard.press("Tab");
      await page.keyboard.type("T");
    },
    answer: { fr: "paris", jp: "tokyo" },
  },
  codeHighlight: {
    fill: ({ page, field }) => typeInto(page, field.getByRole("textbox"), "const answer = 42;"),
    answer: "const answer = 42;",
  },
  signature: {
    // The keyboard's way to sign: a typed name becomes the signature's picture.
    async fill({ page, field }) {
      await typeInto(page, field.getByLabel("Or type your name to sign"), "Ada Lovelace");
      const src = await field.getByRole("img", { name: "Your signature", exact: true }).getAttribute("src");
      expect(src).toMatch(/^data:image\/png;base64,/);
      return src;
    },
  },
  map: {
    element: { fieldSettings: { center: { lat: 48, lng: 11 }, zoom: 4, savedItems: [] } },
    async fill({ page, field }) {
      await typeInto(page, field.getByLabel("Latitude"), "59.9343");
      await page.keyboard.press("Tab");
      await page.keyboard.type("30.3351");
    },
    answer: { lat: 59.9343, lng: 30.3351 },
  },
  location: {
    async fill({ page, field }) {
      await pressOn(page, field.getByRole("button", { name: "Use my location" }), "Enter");
      await field.getByText("Your location was filled in").waitFor();
    },
    answer: { lat: ROME.latitude, lng: ROME.longitude, accuracy: ROME.accuracy },
  },
  qrCode: {
    fill: ({ page, field }) => typeInto(page, field.getByRole("textbox"), "TICKET-42"),
    answer: "TICKET-42",
  },
  file: upload("receipt.csv", "text/csv", () => Buffer.from("date;amount\n2026-11-20;42.50\n")),
  image: upload("drawing.png", "image/png", () => png),
  photo: upload("bike.png", "image/png", () => png),
  audio: upload("greeting.wav", "audio/wav", wavSound),
  video: upload("clip.mp4", "video/mp4", mp4Video),
  captcha: {
    async fill({ page, field }) {
      await pressOn(page, field.getByRole("checkbox", { name: "I am not a robot" }), "Space");
      await field.getByText("Checked: you can send the form").waitFor({ timeout: 60_000 });
    },
  },
  submitBtn: {
    element: { title: "Send my answers" },
    fill: ({ field }) => field.getByRole("button", { name: "Send my answers" }).waitFor(),
  },
};

export const ORDER = Object.keys(ROWS) as FieldType[];
export const idOf = (type: FieldType) => `f_${type}`;

/** Every element as the builder adds it, with the settings its row gives and a question of its own. */
function allElements() {
  return ORDER.map((type, index) => {
    const element = createElement(type, idOf(type), index);
    const row = ROWS[type].element ?? {};
    return ZElement.parse({
      ...element,
      question: fieldTypes[type].label,
      ...row,
      fieldSettings: { ...element.fieldSettings, ...row.fieldSettings },
      validationSettings: { ...element.validationSettings, ...row.validationSettings },
    });
  });
}
export const ELEMENTS = allElements();
export const ANSWERABLE = new Set(
  ELEMENTS.filter((element) => isAnswerable(element)).map((e) => e.fieldType),
);
