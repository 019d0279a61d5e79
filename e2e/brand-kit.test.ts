// The brand kit end to end: saved once on the account's page, applied when a new form is created,
// and carried by the public page (welcome screen, questions and thank-you page); a quiz whose
// ending screen is chosen by the gradation the score falls in, with and without JavaScript.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { png } from "./png.ts";
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
const USER = "brandkit";
const PASSWORD = "brandkit123";
let call: ApiCall;

const BRAND = { primary: "#7b2cbf", background: "#fdf6ec", text: "#2b2d42" };
const RGB = { primary: "rgb(123, 44, 191)", background: "rgb(253, 246, 236)", text: "rgb(43, 45, 66)" };

beforeAll(async () => {
  call = await accountOwner(run.app.url, USER, PASSWORD);
});

/** What the brand should have put on the page: its logo, font and colours. */
async function branded(page: Page, card: string) {
  return page.evaluate((selector) => {
    const theme = document.querySelector(".fill-theme");
    const logo = document.querySelector<HTMLImageElement>(".fill-logo img");
    const surface = document.querySelector(selector);
    const heading = surface?.querySelector("h1");
    const button =
      surface?.querySelector(".fill-button") ?? document.querySelector(".fill-theme button[type=submit]");
    if (!theme || !surface || !heading) return null;
    return {
      logo: logo
        ? { src: new URL(logo.src).pathname.replace(/[0-9a-f]{32}$/, "ID"), drawn: logo.naturalWidth > 0 }
        : null,
      page: getComputedStyle(theme).backgroundColor,
      font: getComputedStyle(surface).fontFamily,
      title: getComputedStyle(heading).color,
      button: button ? getComputedStyle(button).backgroundColor : null,
    };
  }, card);
}

const EXPECTED = {
  logo: { src: "/api/assets/ID", drawn: true },
  page: RGB.background,
  font: "Lora, serif",
  title: RGB.text,
  button: RGB.primary,
};

describe("a brand kit", () => {
  it("is saved on the account's page, applied to a new form, and carried by its public page", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page, run.app.url, USER, PASSWORD);
    await page.goto(`${run.app.url}/account/brand-kit`);
    await page.getByRole("heading", { name: "Brand kit" }).waitFor();
    const files = page.locator("input[type=file]");
    await files
      .nth(0)
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png(160, 48, () => [123, 44, 191]) });
    await page.getByRole("img", { name: "Logo" }).waitFor();
    await files.nth(1).setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: png(640, 200, () => [253, 200, 150]),
    });
    await page.getByRole("img", { name: "Cover picture" }).waitFor();
    for (const [label, value] of [
      ["Brand colour (buttons)", BRAND.primary],
      ["Page background", BRAND.background],
      ["Text colour", BRAND.text],
    ] as const) {
      const input = page.getByLabel(label);
      await input.fill(value);
      // The colour input puts back its last valid colour when it loses focus: move on only once
      // the page has taken the typed one.
      await expect.poll(() => input.inputValue()).toBe(value);
      await page.keyboard.press("Escape");
      await page.getByRole("heading", { name: "Brand kit" }).click();
      await expect.poll(() => input.inputValue(), { message: label }).toBe(value);
    }
    await page.getByRole("combobox", { name: "Font" }).click();
    await page.getByRole("option", { name: "Lora" }).click();
    await page.getByRole("button", { name: "Save the brand kit" }).click();
    await page.getByText("The brand kit was saved").waitFor();
    const kit = await call<Record<string, string>>("GET", "/account/brand-kit");
    expect(kit).toMatchObject({
      primaryColor: BRAND.primary,
      backgroundColor: BRAND.background,
      fontId: "lora",
    });
    expect(kit.logo).toMatch(/^\/api\/assets\/[0-9a-f]{32}$/);
    await screenshot(page, "brand-kit-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "brand-kit-390");
    // On a phone each picture keeps its buttons on its own row, beside it, not wrapped under it.
    for (const [at, name] of ["Logo", "Cover picture"].entries()) {
      const picture = await page.getByRole("img", { name, exact: true }).boundingBox();
      for (const action of ["Upload", "Remove"]) {
        const button = await page.getByRole("button", { name: action }).nth(at).boundingBox();
        const middle = (button?.y ?? 0) + (button?.height ?? 0) / 2;
        expect(middle, `${action}: ${name}`).toBeGreaterThan(picture?.y ?? 0);
        expect(middle, `${action}: ${name}`).toBeLessThan((picture?.y ?? 0) + (picture?.height ?? 0));
        expect((button?.x ?? 0) + (button?.width ?? 0), `${action}: ${name}`).toBeLessThanOrEqual(390);
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // A new form takes the kit in the same click that creates it.
    await page.goto(`${run.app.url}/forms/add_new`);
    await page.getByLabel("Form title").fill("Spring tasting");
    await expect
      .poll(() => page.getByLabel("Apply my brand kit (logo, colours and font)").isChecked())
      .toBe(true);
    await page.getByRole("button", { name: "Create and open the builder" }).click();
    await page.waitForURL(/\/forms\/\d+\/edit/);
    const id = Number(/\/forms\/(\d+)\/edit/.exec(page.url())?.[1]);
    const created = await call<{
      form: Record<string, unknown> & { welcomeScreen: Record<string, unknown> };
    }>("GET", `/forms/${id}`);
    expect(created.form).toMatchObject({ logo: kit.logo, formColor: BRAND.primary });
    expect(created.form.formStyling).toMatchObject({
      fontFamily: "Lora, serif",
      pageBackground: BRAND.background,
    });
    expect(created.form.welcomeScreen.picture).toBe(kit.cover);

    await call("PATCH", `/forms/${id}`, {
      isPublished: true,
      formPathAlias: "spring-tasting",
      collectBehaviorData: false,
      collectRealCharacters: false,
      welcomeScreen: {
        ...created.form.welcomeScreen,
        show: true,
        title: "Spring tasting",
        buttonLabel: "Begin",
      },
      fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0, isRequired: true }],
    });
    const fill = await context.newPage();
    await fill.goto(`${run.app.url}/f/spring-tasting?a=${USER}`);
    await fill.getByRole("heading", { name: "Spring tasting" }).waitFor();
    await fill.waitForFunction(() => document.fonts.check("16px Lora"));
    expect(await branded(fill, ".fill-welcome")).toEqual(EXPECTED);
    await fill.getByRole("link", { name: "Begin" }).click();
    await fill.getByLabel("Your name").fill("Ada");
    expect(await fill.locator(".fill-logo img").count()).toBe(1);
    await fill.getByRole("button", { name: "Send" }).click();
    await fill.waitForURL(/thankyou/);
    await fill.locator(".fill-thanks h1").waitFor();
    expect(await branded(fill, ".fill-thanks")).toEqual(EXPECTED);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a quiz's ending screens", () => {
  const QUIZ = "tasting-quiz";
  const ENDINGS = { low: "Keep tasting!", high: "A true sommelier" };
  let quizId = 0;

  /** The wine quiz under `alias`, with the ending screens of the gradations named. */
  const quiz = (alias: string, endings: Array<"low" | "high">) =>
    createdForm(call, {
      title: "Wine quiz",
      type: "calculation",
      formPathAlias: alias,
      collectBehaviorData: false,
      collectRealCharacters: false,
      resultType: "gradations",
      resultsHandlingGradation: [
        { id: "g-low", minScoreGradation: 0, maxScoreGradation: 1, briefResultGradation: "Beginner" },
        { id: "g-high", minScoreGradation: 2, maxScoreGradation: 10, briefResultGradation: "Expert" },
      ],
      endingScreens: endings.map((level) => ({
        id: `end-${level}`,
        when: { kind: "gradation", gradationId: `g-${level}` },
        title: ENDINGS[level],
        text: level === "low" ? "Try again." : "You know your grapes.",
      })),
      formColor: BRAND.primary,
      formStyling: { fontFamily: "Lora, serif", pageBackground: BRAND.background, titleColor: BRAND.text },
      fields: [
        {
          id: "grape",
          fieldType: "radio",
          question: "Which grape makes Barolo?",
          fieldOrder: 0,
          calcSettings: { calcType: "check_values", points: 2 },
          fieldSettings: {
            answerVariants: [
              { id: "nebbiolo", title: "Nebbiolo", checkValue: true },
              { id: "merlot", title: "Merlot" },
            ],
          },
        },
      ],
    });

  beforeAll(async () => {
    ({ id: quizId } = await quiz(QUIZ, ["low", "high"]));
  });

  async function answer(page: Page, grape: string, alias = QUIZ) {
    await page.goto(`${run.app.url}/f/${alias}?a=${USER}`);
    await page.getByLabel(grape).check();
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator(".fill-thanks h1").waitFor();
    return page.evaluate(() => {
      const card = document.querySelector(".fill-thanks");
      const heading = card?.querySelector("h1");
      return {
        ending: card?.getAttribute("data-ending") ?? null,
        title: heading?.textContent ?? "",
        font: card ? getComputedStyle(card).fontFamily : "",
        titleColour: heading ? getComputedStyle(heading).color : "",
      };
    });
  }

  it("differ by the gradation the score falls in, in the theme, with the script", async () => {
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const context = await run.browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      expect(await answer(page, "Nebbiolo")).toEqual({
        ending: "end-high",
        title: ENDINGS.high,
        font: "Lora, serif",
        titleColour: RGB.text,
      });
      await screenshot(page, `ending-high-${width}`);
      await context.close();
    }
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    expect(await answer(await context.newPage(), "Merlot")).toMatchObject({
      ending: "end-low",
      title: ENDINGS.low,
    });
    await context.close();
  });

  it("show the reached ending from the thank-you page's first drawing, never the form's own texts first", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // What the respondent could see in the thank-you page's first frame: read as it is inserted.
    await context.addInitScript(() => {
      const seen: Array<{ ending: string | null; title: string }> = [];
      Object.assign(window, { firstThanks: seen });
      new MutationObserver(() => {
        const card = document.querySelector(".fill-thanks");
        if (!card || seen.length > 0) return;
        seen.push({
          ending: card.getAttribute("data-ending"),
          title: card.querySelector("h1")?.textContent ?? "",
        });
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await answer(page, "Nebbiolo");
    // Sent by the script, so the page names no submission for the server to draw it by.
    expect(page.url()).not.toContain("fl-sent=");
    expect(await page.evaluate(() => (window as unknown as { firstThanks: unknown }).firstThanks)).toEqual([
      { ending: "end-high", title: ENDINGS.high },
    ]);
    // A reload: the server draws the page without the tab's storage; once taken over, it shows the
    // ending kept in the tab, without a mismatch between the two drawings.
    await page.reload();
    await expect.poll(() => page.locator(".fill-thanks").getAttribute("data-ending")).toBe("end-high");
    expect(await page.locator(".fill-thanks h1").textContent()).toBe(ENDINGS.high);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a page sent without its script shows what that submission reached, not what the tab kept of an earlier one", async () => {
    const alias = "tasting-quiz-high-only";
    await quiz(alias, ["high"]);
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    // Sent with the script: the tab keeps this submission's ending.
    expect(await answer(page, "Nebbiolo", alias)).toMatchObject({ ending: "end-high" });
    expect(page.url()).not.toContain("fl-sent=");
    // Opened again by its address and sent before its script runs (here: never loaded), so the
    // browser posts the form and the server names the submission in the thank-you page's address.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto(`${run.app.url}/f/${alias}?a=${USER}`);
    await page.getByLabel("Merlot").check();
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/fl-sent=/);
    // Drawn again with the script: it takes the server's page over, reaching no ending.
    await page.unroute(/\.js(\?|$)/);
    await page.reload();
    // Taken over, and the page's effects run: what it shows now is what it goes on showing.
    await page.waitForFunction(() => performance.getEntriesByName("fill-interactive").length > 0);
    await page.evaluate(
      () => new Promise((settled) => requestAnimationFrame(() => setTimeout(settled, 100))),
    );
    const shown = await page.evaluate(() => {
      const card = document.querySelector(".fill-thanks");
      return {
        ending: card?.getAttribute("data-ending") ?? null,
        title: card?.querySelector("h1")?.textContent ?? "",
        brief: card?.querySelector(".fill-outcome-brief")?.textContent ?? "",
      };
    });
    expect(shown).toEqual({
      ending: null,
      title: "Form Wine quiz was submitted successfully!",
      brief: "Beginner",
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("differ by gradation without JavaScript too: the server draws the ending the answers reached", async () => {
    const context = await run.browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    expect(await answer(await context.newPage(), "Merlot")).toEqual({
      ending: "end-low",
      title: ENDINGS.low,
      font: "Lora, serif",
      titleColour: RGB.text,
    });
    expect(await answer(await context.newPage(), "Nebbiolo")).toMatchObject({
      ending: "end-high",
      title: ENDINGS.high,
    });
    await context.close();
  });

  it("are edited in the builder's Theming tab, and the public page shows the edit", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, run.app.url, USER, PASSWORD);
    await page.goto(`${run.app.url}/forms/${quizId}/edit`);
    await page.getByRole("tab", { name: "Theming" }).click();
    const low = page.locator("[data-ending-editor=end-low]");
    await low.getByRole("textbox", { name: "Ending title" }).fill("Taste a little more");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("All changes saved").waitFor();
    expect(await answer(await context.newPage(), "Merlot")).toMatchObject({
      ending: "end-low",
      title: "Taste a little more",
    });
    await context.close();
  });
});
