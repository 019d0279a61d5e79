// Every theme preset and every served font on the sample form of the theme gallery: no colour
// contrast below WCAG 2.1 AA, the font really drawn, and a styled public page that fetches its own
// font files alone and stays within the 80 KB JavaScript budget.
import { FONTS } from "@formloom/core/fonts";
import { formTemplate } from "@formloom/core/templates/form-templates";
import { THEME_TEMPLATES } from "@formloom/core/templates/theme-templates";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe.ts";
import { recordScripts } from "./script-weight.ts";
import { type ApiCall, accountOwner, appAndBrowser, createdForm, screenshot } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;
const SAMPLE = formTemplate("customer-feedback")!.form;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "gallery", "gallery123");
});

async function publish(alias: string, styling: object): Promise<string> {
  return (await publishForm(alias, styling)).url;
}

async function publishForm(alias: string, styling: object) {
  const form = await createdForm(call, {
    ...SAMPLE.form,
    collectRealCharacters: false,
    collectBehaviorData: false,
    formPathAlias: alias,
    ...styling,
    fields: SAMPLE.fields,
  });
  return { id: form.id, url: `${run.app.url}/f/${alias}?a=gallery` };
}

async function open(url: string, width = 1280) {
  const context = await run.browser.newContext({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator(".fl-form").waitFor();
  await page.evaluate(() => document.fonts.ready);
  return { context, page };
}

const contrast = async (page: Page) =>
  describeViolations(await axeViolations(page, undefined, ["color-contrast"]));

describe("the theme gallery's presets", () => {
  it("are at least 12, and each reads at WCAG AA on the sample form, on a desktop and a phone", async () => {
    expect(THEME_TEMPLATES.length).toBeGreaterThanOrEqual(12);
    for (const preset of THEME_TEMPLATES) {
      const url = await publish(`preset-${preset.id}`, preset.styling);
      for (const width of [1280, 390]) {
        const { context, page } = await open(url, width);
        expect(await contrast(page), `${preset.id} at ${width} px`).toEqual([]);
        if (["editorial", "night", "sunrise", "playful"].includes(preset.id))
          await screenshot(page, `design-preset-${preset.id}-${width}`);
        await context.close();
      }
    }
  });
});

describe("served fonts", () => {
  it("each draws the sample form in itself, at AA contrast", async () => {
    const url = await publish("font-sample", {});
    const { id } = await call<{ form: { id: number } }>("GET", "/forms/path/font-sample/gallery").then(
      (r) => r.form,
    );
    for (const font of FONTS) {
      await call("PATCH", `/forms/${id}`, { formStyling: { fontFamily: font.family } });
      const { context, page } = await open(url);
      const drawn = await page.evaluate(
        (family) =>
          document.fonts.check(`16px "${family}"`) &&
          [...document.fonts].some((f) => f.family.replaceAll('"', "") === family && f.status === "loaded"),
        font.family,
      );
      expect(drawn, font.id).toBe(true);
      expect(await contrast(page), font.id).toEqual([]);
      await context.close();
    }
  });

  it("a styled public page fetches only its font's files and stays within 80 KB of gzipped JavaScript", async () => {
    const url = await publish("font-weight", {
      formStyling: { fontFamily: "Lora", background: "#fbf6ee", color: "#3d2c1e" },
      fieldsTypesStyling: { email: { fontFamily: "Lora" } },
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "font") fonts.push(new URL(response.url()).pathname);
    });
    const recording = recordScripts(page);
    await page.goto(url);
    await page.locator(".fl-form").waitFor();
    const { total } = await recording.weigh();
    await page.waitForLoadState("networkidle");
    expect(fonts.length).toBeGreaterThan(0);
    expect(
      fonts.every((file) => file.startsWith("/fonts/files/lora/")),
      fonts.join(),
    ).toBe(true);
    expect(total).toBeLessThanOrEqual(80 * 1024);
    await context.close();
  });
});
