import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { pngPicture, storedAnswers } from "./fill-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;
let context: BrowserContext | undefined;

const variant = (id: string, title: string) => ({ id, title, value: id });

/** A one-page Italian form of the everyday field types, with neither live rules nor timers. */
const FIELDS = [
  { id: "name", fieldType: "text", question: "Come ti chiami?", isRequired: true },
  { id: "mail", fieldType: "email", question: "E-mail" },
  { id: "phone", fieldType: "phone", question: "Telefono" },
  { id: "age", fieldType: "number", question: "Età" },
  { id: "note", fieldType: "textarea", question: "Note" },
  {
    id: "colour",
    fieldType: "radio",
    question: "Colore preferito",
    fieldSettings: {
      answerVariants: [variant("red", "Rosso"), variant("blue", "Blu")],
      hasOtherVariant: true,
    },
  },
  {
    id: "rooms",
    fieldType: "checkbox",
    question: "Stanze viste",
    fieldSettings: {
      answerVariants: [
        variant("hall", "Ingresso"),
        variant("attic", "Soffitta"),
        variant("cellar", "Cantina"),
      ],
    },
  },
  {
    id: "city",
    fieldType: "select",
    question: "Città",
    fieldSettings: { answerVariants: [variant("rome", "Roma"), variant("milan", "Milano")] },
  },
  { id: "nps", fieldType: "nps", question: "Ci consiglieresti?" },
  { id: "stars", fieldType: "rate", question: "Voto" },
  { id: "day", fieldType: "dateTime", question: "Giorno della visita" },
  { id: "level", fieldType: "slider", question: "Livello" },
  { id: "agree", fieldType: "decisionBox", question: "Accetti le condizioni?" },
].map((field, fieldOrder) => ({ ...field, fieldOrder }));

beforeAll(async () => {
  call = await accountOwner(run.app.url, "nojs", "nojs12345");
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function pageWithoutScript(width: number): Promise<Page> {
  context = await run.browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  return context.newPage();
}

const question = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

describe("the public form with JavaScript off", () => {
  it("is filled and sent as a plain HTML form: a missing answer comes back with its error, then it is stored once", async () => {
    const made = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Visita",
      formPathAlias: "visita",
      language: "it",
      fields: FIELDS,
    });
    const formId = made.form.id;
    const page = await pageWithoutScript(390);
    await page.goto(`${run.app.url}/f/visita?a=nojs`);

    // Everything but the required name.
    await page.getByRole("textbox", { name: "E-mail" }).fill("anna@example.com");
    await page.getByRole("textbox", { name: "Telefono" }).fill("+39 06 1234");
    await page.getByRole("spinbutton", { name: "Età" }).fill("34");
    await page.getByRole("textbox", { name: "Note" }).fill("Bella casa");
    await question(page, "Colore preferito").getByRole("radio", { name: "Altro" }).check();
    await page.getByRole("textbox", { name: "La tua risposta per «Altro»" }).fill("Verde");
    await question(page, "Stanze viste").getByRole("checkbox", { name: "Ingresso" }).check();
    await question(page, "Stanze viste").getByRole("checkbox", { name: "Cantina" }).check();
    await page.getByRole("combobox", { name: "Città" }).selectOption("milan");
    await question(page, "Ci consiglieresti?").getByRole("radio", { name: "9", exact: true }).check();
    await question(page, "Voto").getByRole("radio", { name: "4", exact: true }).check();
    await page.getByLabel("Giorno della visita").fill("2026-03-14");
    await page.getByRole("spinbutton", { name: "Livello" }).fill("30");
    await page.getByRole("checkbox", { name: "Sì" }).check();
    // The choices show at once, drawn from the checked inputs since no script redraws them.
    const colourOf = (group: string, value: string) =>
      question(page, group)
        .locator("label", { has: page.getByRole("radio", { name: value, exact: true }) })
        .evaluate((label) => {
          const style = getComputedStyle(label);
          return { backgroundColor: style.backgroundColor, color: style.color };
        });
    expect((await colourOf("Ci consiglieresti?", "9")).backgroundColor).toBe("rgb(25, 113, 194)");
    expect((await colourOf("Ci consiglieresti?", "8")).backgroundColor).not.toBe("rgb(25, 113, 194)");
    expect((await colourOf("Voto", "3")).color).toBe("rgb(250, 176, 5)");
    expect((await colourOf("Voto", "5")).color).toBe("rgb(206, 212, 218)");
    await page.getByRole("button", { name: "Invia" }).click();

    // The server drew the page again: the error in the form's language, what was typed kept.
    await page.getByText("Compila questo campo").waitFor();
    await page.getByText("Compila i campi obbligatori").waitFor();
    expect(await page.getByRole("textbox", { name: "E-mail" }).inputValue()).toBe("anna@example.com");
    expect(await page.getByRole("spinbutton", { name: "Età" }).inputValue()).toBe("34");
    expect(await page.getByRole("textbox", { name: "La tua risposta per «Altro»" }).inputValue()).toBe(
      "Verde",
    );
    expect(await question(page, "Stanze viste").getByRole("checkbox", { name: "Cantina" }).isChecked()).toBe(
      true,
    );
    expect(
      await question(page, "Ci consiglieresti?").getByRole("radio", { name: "9", exact: true }).isChecked(),
    ).toBe(true);
    expect(await page.getByRole("combobox", { name: "Città" }).inputValue()).toBe("milan");
    await screenshot(page, "no-javascript-error-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "no-javascript-error-1280");
    await page.setViewportSize({ width: 390, height: 900 });

    await page.getByRole("textbox", { name: "Come ti chiami?" }).fill("Anna");
    // Twice in a row, as an impatient respondent does: one submission all the same.
    await page.getByRole("button", { name: "Invia" }).dblclick();
    // The second click's post cuts the first one's navigation short (net::ERR_ABORTED), which
    // waiting for the address can report as a failure: wait for the page the browser ends on.
    await page.getByRole("heading", { name: "Il modulo Visita è stato inviato correttamente!" }).waitFor();
    expect(page.url()).toMatch(
      new RegExp(`^${run.app.url}/f/visita/thankyou\\?a=nojs&fl-sent=[\\x21-\\x7e]+$`),
    );
    await screenshot(page, "no-javascript-thank-you-390");
    await page.reload();
    await page.getByRole("heading", { name: "Il modulo Visita è stato inviato correttamente!" }).waitFor();
    // "Complete form again" is a link: it works without a script too.
    await page.getByRole("link", { name: "Compila di nuovo il modulo" }).click();
    await page.waitForURL(`${run.app.url}/f/visita?a=nojs`);
    expect(await page.getByRole("textbox", { name: "Come ti chiami?" }).inputValue()).toBe("");

    const total = async () =>
      (await call<{ total: number }>("GET", `/forms/${formId}/answer/paginated/1/50`)).total;
    await expect.poll(total).toBe(1);
    // Nothing to wait for: a second posting would be one that never should come, so give it time.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await total()).toBe(1);
    expect(await storedAnswers(call, formId)).toEqual({
      name: "Anna",
      mail: "anna@example.com",
      phone: "+39 06 1234",
      age: 34,
      note: "Bella casa",
      colour: "other:Verde",
      rooms: ["hall", "cellar"],
      city: "milan",
      nps: 9,
      stars: 4,
      day: "2026-03-14",
      level: 30,
      agree: true,
    });
  });

  it("stores the answers once when the respondent goes Back after sending and sends them again", async () => {
    const made = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Una volta",
      formPathAlias: "una-volta",
      language: "it",
      fields: FIELDS.slice(0, 1),
    });
    const page = await pageWithoutScript(390);
    await page.goto(`${run.app.url}/f/una-volta?a=nojs`);
    const name = page.getByRole("textbox", { name: FIELDS[0]?.question });
    await name.fill("Anna");
    await page.getByRole("button", { name: "Invia" }).click();
    await page.waitForURL(/\/thankyou\?/);
    // Back: the browser shows the form it sent, with the answers typed in it.
    await page.goBack();
    expect(await name.inputValue()).toBe("Anna");
    await page.getByRole("button", { name: "Invia" }).click();
    await page.waitForURL(/\/thankyou\?/);
    const stored = await call<{ answerList: Array<{ answers: Array<{ answer: unknown }> }> }>(
      "GET",
      `/forms/${made.form.id}/answer/paginated/1/50`,
    );
    expect(stored.answerList.map((result) => result.answers[0]?.answer)).toEqual(["Anna"]);
  });

  it("sends a picture with the answers, kept when the page comes back refused or dropped by its box, then stored once", async () => {
    const made = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Danni",
      formPathAlias: "danni",
      language: "it",
      fields: [
        { ...FIELDS[0], fieldOrder: 0 },
        { id: "pic", fieldType: "image", question: "Foto del danno", isRequired: true, fieldOrder: 1 },
      ],
    });
    const page = await pageWithoutScript(390);
    await page.goto(`${run.app.url}/f/danni?a=nojs`);
    expect(await page.locator("noscript p.fl-noscript").count()).toBe(0);
    const picture = { name: "porta.png", mimeType: "image/png", buffer: await pngPicture("porta") };
    await page.getByLabel("Foto del danno").setInputFiles(picture);
    // The name is missing: the page comes back with its error and the picture already sent.
    await page.getByRole("button", { name: "Invia" }).click();
    await page.getByText("Compila questo campo").waitFor();
    await page.getByText(/porta\.png/).waitFor();
    // The picker stays in sight, to choose another picture; Replace and Remove need the script.
    expect(await page.getByLabel("Foto del danno").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Rimuovi il file" }).isVisible()).toBe(false);
    // In their place, a box that drops the kept picture.
    const remove = page.getByRole("checkbox", { name: "Rimuovi il file" });
    expect(await remove.isChecked()).toBe(false);
    await screenshot(page, "no-javascript-file-kept-390");
    await page.getByRole("textbox", { name: FIELDS[0]?.question }).fill("Anna");
    await remove.check();
    await page.getByRole("button", { name: "Invia" }).click();
    // Removed, the required picture is asked for again, alone; the name typed is kept. The box
    // goes with the page posted, so its going says the new page is drawn.
    await remove.waitFor({ state: "detached" });
    expect(await page.getByText("Compila questo campo").count()).toBe(1);
    expect(await page.getByText(/porta\.png/).count()).toBe(0);
    expect(await page.getByRole("textbox", { name: FIELDS[0]?.question }).inputValue()).toBe("Anna");
    await page.getByLabel("Foto del danno").setInputFiles(picture);
    await page.getByRole("button", { name: "Invia" }).click();
    await page.waitForURL(/\/thankyou\?/);
    const stored = await storedAnswers(call, made.form.id);
    expect(stored.name).toBe("Anna");
    expect(stored.pic).toEqual([expect.objectContaining({ name: "porta.png", mimeType: "image/png" })]);
  });

  it("says a form with a time limit needs JavaScript instead of misbehaving", async () => {
    // A form on pages is posted page by page (partial-responses.test.ts); a timer needs the script.
    await call("POST", "/forms", {
      collectRealCharacters: false,
      title: "A tempo",
      formPathAlias: "a-passi",
      language: "it",
      hasTimer: true,
      formTimer: { showTimer: "show", formTimer: 60, stepTimer: 0 },
      fields: FIELDS.slice(0, 3),
    });
    const page = await pageWithoutScript(1280);
    await page.goto(`${run.app.url}/f/a-passi?a=nojs`);
    // Drawn only where no script runs; Playwright's text search leaves noscript content aside.
    const notice = page.locator("noscript p.fl-noscript");
    expect(await notice.textContent()).toBe(
      "Questo modulo richiede JavaScript per essere compilato. Attivalo nel browser e riapri la pagina.",
    );
    expect((await notice.boundingBox())?.height).toBeGreaterThan(20);
    await screenshot(page, "no-javascript-needed-1280");
  });
});

describe("a slider and a colour with JavaScript off", () => {
  it("store nothing when left alone, and what was typed into them when answered", async () => {
    const made = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Taste",
      formPathAlias: "taste",
      fields: [
        { id: "name", fieldType: "text", question: "Your name", isRequired: true, fieldOrder: 0 },
        {
          id: "heat",
          fieldType: "slider",
          question: "How spicy?",
          fieldOrder: 1,
          validationSettings: { min: 0, max: 10, step: 1 },
        },
        { id: "tint", fieldType: "colour", question: "Favourite colour", fieldOrder: 2 },
      ],
    });
    const page = await pageWithoutScript(390);
    const open = () => page.goto(`${run.app.url}/f/taste?a=nojs`);
    await open();
    await page.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    expect(await storedAnswers(call, made.form.id)).toEqual({ name: "Ann" });

    await open();
    await page.getByRole("textbox", { name: "Your name" }).fill("Bo");
    await page.getByRole("spinbutton", { name: "How spicy?" }).fill("7");
    await page.getByRole("textbox", { name: "Favourite colour" }).fill("#ff8800");
    await screenshot(page, "no-javascript-slider-colour-390");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/thankyou/);
    const rows = await call<{ answerList: Array<{ answers: Array<{ fieldId: string; answer: unknown }> }> }>(
      "GET",
      `/forms/${made.form.id}/answer/paginated/1/50`,
    );
    const answered = rows.answerList.map((row) =>
      Object.fromEntries(row.answers.map((a) => [a.fieldId, a.answer])),
    );
    expect(answered).toContainEqual({ name: "Bo", heat: 7, tint: "#ff8800" });
  });
});

describe("the same form with JavaScript on", () => {
  it("draws a slider and a colour met on a later page as they are, never first as plain boxes", async () => {
    await call("POST", "/forms", {
      collectRealCharacters: false,
      title: "Taste later",
      formPathAlias: "taste-later",
      display: "severalPages",
      fields: [
        { id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 },
        { id: "break", fieldType: "pageBreak", fieldOrder: 1 },
        {
          id: "heat",
          fieldType: "slider",
          question: "How spicy?",
          fieldOrder: 2,
          validationSettings: { min: 0, max: 10, step: 1 },
        },
        { id: "tint", fieldType: "colour", question: "Favourite colour", fieldOrder: 3 },
      ],
    });
    context = await run.browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    // Every kind of input each question has ever had in the page, however briefly.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { inputsSeen: Set<string> }).inputsSeen = seen;
      new MutationObserver(() => {
        for (const input of document.querySelectorAll("[data-field-id] input"))
          seen.add(
            `${input.closest("[data-field-id]")?.getAttribute("data-field-id")}:${input.getAttribute("type")}`,
          );
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.goto(`${run.app.url}/f/taste-later?a=nojs`);
    await page.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("slider", { name: "How spicy?" }).waitFor();
    const seen = await page.evaluate(() => [
      ...(window as unknown as { inputsSeen: Set<string> }).inputsSeen,
    ]);
    expect(seen.filter((kind) => kind.startsWith("heat:") || kind.startsWith("tint:")).sort()).toEqual([
      "heat:range",
      "tint:color",
    ]);
  });

  it("sends Other's own answer the way the plain post does, and asks for it when left empty", async () => {
    const made = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Colori",
      formPathAlias: "colori",
      language: "it",
      fields: [{ ...FIELDS[5], isRequired: true, fieldOrder: 0 }],
    });
    context = await run.browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${run.app.url}/f/colori?a=nojs`);
    await question(page, "Colore preferito").getByRole("radio", { name: "Altro" }).check();
    await page.getByRole("button", { name: "Invia" }).click();
    await page.getByText("Scrivi la tua risposta accanto ad «Altro»").waitFor();
    // Writing the answer chooses Other by itself.
    await question(page, "Colore preferito").getByRole("radio", { name: "Blu" }).check();
    await page.getByRole("textbox", { name: "La tua risposta per «Altro»" }).fill("Viola");
    expect(await question(page, "Colore preferito").getByRole("radio", { name: "Altro" }).isChecked()).toBe(
      true,
    );
    await page.getByRole("button", { name: "Invia" }).click();
    await page.getByRole("heading", { name: "Il modulo Colori è stato inviato correttamente!" }).waitFor();
    expect(await storedAnswers(call, made.form.id)).toEqual({ colour: "other:Viola" });
  });
});
