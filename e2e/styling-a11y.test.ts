import { FIELD_TYPES, type FieldType } from "@formloom/core/element-schema";
import { LAYOUT_TYPES } from "@formloom/core/form-schema";
import { createElement } from "@formloom/core/new-element";
import { canRender } from "@formloom/renderer/field-components";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./axe.ts";
import { type ApiCall, accountOwner, appAndBrowser, screenshot, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

/** Page flow and clocks are checked by the flow tests; here one page that stays put. */
const FLOW_TYPES: ReadonlySet<FieldType> = new Set(["pageBreak", "pageButtons", "stepper", "timer", "popup"]);
// The submit button closes the form, as an author puts it.
const DRAWN = [
  ...FIELD_TYPES.filter((type) => canRender(type) && !FLOW_TYPES.has(type) && type !== "submitBtn"),
  "submitBtn" as const,
];

/** One element of every type the renderer draws, as the builder adds it, with a question of its own. */
function everyType() {
  return DRAWN.map((type, index) => {
    const element = createElement(type, `f-${type}`, index);
    return {
      ...element,
      title: type === "title" ? "About you" : element.title,
      question: `Question for ${type}`,
      isRequired: type === "text" || type === "email" || type === "radio",
      ...(type === "email" ? { elementCategories: ["contact"] } : {}),
      ...(type === "formula"
        ? { formulaName: "tripcost", fieldSettings: { ...element.fieldSettings, formula: "2 * 3" } }
        : {}),
      ...(type === "text"
        ? {
            styleSettings: {
              hasCustomStyling: true,
              fieldsStyling: { questionFontSize: 23, background: "#fff4e6", color: "#343a40" },
              uniqFieldStyling: {},
            },
          }
        : {}),
    };
  });
}

/** What an author could try to slip into the page through an element's own style. */
const HOSTILE_STYLE = {
  hasCustomStyling: true,
  fieldsStyling: {
    background: "url(javascript:alert(1))",
    color: "red; } .fl-form { display: none",
    fontFamily: 'Evil"; } .fl-form { display: none } /*',
    width: "100px; position: fixed",
  },
  uniqFieldStyling: {},
};

/** Colours, fonts and sizes at every level of the cascade. */
const STYLING = {
  formColor: "#862e9c",
  formStyling: {
    background: "#fffdf7",
    fontFamily: "Georgia, serif",
    buttonColor: "#237032",
    buttonRadius: 12,
    animation: "fade",
  },
  fieldsGeneralStyling: { questionFontSize: 15, background: "#f8f9fa", radius: 6, animation: "slide-up" },
  fieldsTypesStyling: { email: { questionFontSize: 19, background: "#e7f5ff", borderColor: "#1971c2" } },
  fieldsCategoriesColors: { contact: "#0b7285" },
};

async function publish(alias: string, layoutType: string, fields: unknown[], styling: object = STYLING) {
  const created = await call<{ form?: unknown }>("POST", "/forms", {
    collectRealCharacters: false,
    title: `Styled form ${layoutType}`,
    description: "Every field the form can show, in colour",
    formPathAlias: alias,
    layoutType,
    ...styling,
    fields,
  });
  expect(created.form, JSON.stringify(created).slice(0, 2000)).toBeDefined();
  return `${run.app.url}/f/${alias}?a=styling`;
}

async function open(url: string, width: number, reducedMotion: "reduce" | "no-preference" = "reduce") {
  const context = await run.browser.newContext({ viewport: { width, height: 900 }, reducedMotion });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(url);
  await page
    .locator(".fl-form")
    .waitFor({ timeout: 10_000 })
    .catch(async () => {
      throw new Error(`no form at ${url}: ${problems.join("; ")} ${(await page.content()).slice(0, 1500)}`);
    });
  return { context, page, problems };
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= window.innerWidth);

/** Where each field sits: its column (by left edge) for the layout checks. */
const lefts = (page: Page) =>
  page
    .locator(".fl-field")
    .evaluateAll((nodes) => nodes.map((n) => Math.round(n.getBoundingClientRect().left)));

beforeAll(async () => {
  call = await accountOwner(run.app.url, "styling", "styling123");
});

describe("a styled form with every field type", () => {
  const audited = [
    "1-col",
    "2-col-header",
    "3-col",
    "2-col-33-67-header",
    "1-col-header-footer",
    "4-col-header",
  ];
  it("has no WCAG 2.1 A/AA violation in several layouts at 1280 and 390 px, and no sideways scroll on a phone", async () => {
    const fields = everyType();
    for (const layout of audited) {
      const url = await publish(`all-types-${layout}`, layout, fields);
      for (const width of [1280, 390]) {
        const { context, page, problems } = await open(url, width);
        const violations = await axeViolations(page);
        expect(describeViolations(violations), `${layout} at ${width} px`).toEqual([]);
        expect(await noSidewaysScroll(page), `${layout} at ${width} px`).toBe(true);
        if (layout === "2-col-header" || layout === "1-col")
          await screenshot(page, `styling-all-types-${layout}-${width}`);
        expect(problems).toEqual([]);
        await context.close();
      }
    }
  });

  it("has no violation either with the built-in look, or once a refused send shows its errors", async () => {
    const url = await publish("all-types-plain", "2-col", everyType(), {});
    for (const width of [1280, 390]) {
      const { context, page } = await open(url, width);
      expect(describeViolations(await axeViolations(page)), `defaults at ${width} px`).toEqual([]);
      await page.getByRole("button", { name: "Send" }).click();
      await page.locator(".fl-error").first().waitFor();
      expect(describeViolations(await axeViolations(page)), `errors at ${width} px`).toEqual([]);
      if (width === 390) await screenshot(page, "styling-all-types-errors-390");
      await context.close();
    }
  });

  it("follows the cascade: the element's own style over its type's, the type's over all fields'", async () => {
    const url = await publish("cascade", "1-col", everyType());
    const { context, page } = await open(url, 1280);
    const style = (type: string) =>
      page.evaluate((id) => {
        const field = document.querySelector(`[id$="-${id}"]`)?.closest(".fl-field");
        const question = field?.querySelector(".fl-question");
        if (!field || !question) return null;
        const f = getComputedStyle(field);
        return {
          size: getComputedStyle(question).fontSize,
          background: f.backgroundColor,
          stripe: f.boxShadow,
          font: f.fontFamily,
        };
      }, `f-${type}`);
    // Own style (text) > type style (email) > all fields (phone).
    expect(await style("text")).toMatchObject({ size: "23px", background: "rgb(255, 244, 230)" });
    expect(await style("email")).toMatchObject({ size: "19px", background: "rgb(231, 245, 255)" });
    expect(await style("phone")).toMatchObject({ size: "15px", background: "rgb(248, 249, 250)" });
    // The email field's category colours it, and the form's font reaches every field.
    expect((await style("email"))?.stripe).toContain("rgb(11, 114, 133)");
    expect((await style("phone"))?.font).toContain("Georgia");
    // A hostile style is refused when saved, each property named, and the page stays as it was.
    const { form: stored } = await call<{ form: { id: number } }>("GET", "/forms/path/cascade/styling");
    const fields = everyType().map((field) =>
      (field as { fieldType?: string }).fieldType === "website"
        ? { ...field, styleSettings: HOSTILE_STYLE }
        : field,
    );
    const refused = await call<{ code?: string; validationErrors?: { field: string }[] }>(
      "PATCH",
      `/forms/${stored.id}`,
      { fields },
    );
    expect(refused.code).toBe("style.css.forbidden");
    expect(refused.validationErrors?.map((error) => error.field.split(".").at(-1)).sort()).toEqual([
      "background",
      "color",
      "fontFamily",
      "width",
    ]);
    await page.reload();
    await page.locator(".fl-form").waitFor();
    expect(await style("website")).toMatchObject({ background: "rgb(248, 249, 250)" });
    const form = await page.locator(".fl-form").evaluate((node) => {
      const submit = node.querySelector(".fl-submit");
      return {
        background: getComputedStyle(node).backgroundColor,
        button: submit && getComputedStyle(submit).backgroundColor,
        radius: submit && getComputedStyle(submit).borderRadius,
        accent: getComputedStyle(node).getPropertyValue("--fl-primary"),
      };
    });
    expect(form).toEqual({
      background: "rgb(255, 253, 247)",
      button: "rgb(35, 112, 50)",
      radius: "12px",
      accent: "rgb(134, 46, 156)",
    });
    await context.close();
  });

  it("sizes every field's answer, placeholder and comment as the form level says, under any field level's own", async () => {
    const url = await publish(
      "form-sizes",
      "1-col",
      [
        {
          id: "f-plain",
          fieldType: "text",
          question: "Plain",
          fieldComment: "A comment",
          fieldLabel: "Type here",
        },
        {
          id: "f-mail",
          fieldType: "email",
          question: "Mail",
          fieldComment: "Another",
          fieldLabel: "you@example.com",
        },
      ].map((field, fieldOrder) => ({ ...field, fieldOrder })),
      {
        formStyling: {
          valueFontSize: 24,
          placeholderFontSize: 20,
          commentFontSize: 18,
          questionFontSize: 22,
        },
        fieldsTypesStyling: { email: { valueFontSize: 15 } },
      },
    );
    const { context, page } = await open(url, 1280);
    const sizes = (id: string) =>
      page.evaluate((fieldId) => {
        const input = document.querySelector<HTMLInputElement>(`input[id$="-${fieldId}"]`);
        const field = input?.closest(".fl-field");
        const of = (selector: string) => {
          const node = field?.querySelector(selector);
          return node ? getComputedStyle(node).fontSize : null;
        };
        return {
          question: of(".fl-question"),
          value: input ? getComputedStyle(input).fontSize : null,
          placeholder: input ? getComputedStyle(input, "::placeholder").fontSize : null,
          comment: of(".fl-comment"),
        };
      }, id);
    expect(await sizes("f-plain")).toEqual({
      question: "22px",
      value: "24px",
      placeholder: "20px",
      comment: "18px",
    });
    // The email type's own level sets the answer's size; the rest still come from the form.
    expect(await sizes("f-mail")).toMatchObject({ value: "15px", placeholder: "20px", comment: "18px" });
    await context.close();
  });

  it("animates fields in, and not at all for someone who asked for less motion", async () => {
    const url = await publish("motion", "1-col", everyType().slice(0, 4));
    const animation = async (motion: "reduce" | "no-preference") => {
      const { context, page } = await open(url, 1280, motion);
      const names = await page
        .locator(".fl-form, .fl-field")
        .evaluateAll((nodes) => [...new Set(nodes.map((n) => getComputedStyle(n).animationName))]);
      await context.close();
      return names;
    };
    expect(await animation("no-preference")).toEqual(expect.arrayContaining(["fl-fade", "fl-slide-up"]));
    expect(await animation("reduce")).toEqual(["none"]);
  });
});

describe("the fourteen layouts", () => {
  const FIELDS = [
    { id: "intro", fieldType: "title", title: "Your trip", fieldOrder: 0 },
    ...["Name", "E-mail", "Phone", "City", "Country", "Notes"].map((question, index) => ({
      id: `q${index}`,
      fieldType: index === 5 ? "textarea" : "text",
      question,
      fieldOrder: index + 1,
    })),
    {
      id: "outro",
      fieldType: "markup",
      fieldOrder: 8,
      fieldSettings: { content: "<p>We answer within two days.</p>" },
    },
  ];

  it("lays out each in its columns at 1280 px and in one column at 390 px, never wider than a phone", async () => {
    expect(LAYOUT_TYPES).toHaveLength(14);
    for (const layout of LAYOUT_TYPES) {
      const url = await publish(`layout-${layout}`, layout, FIELDS);
      const columns = Number(layout[0]);
      const wide = await open(url, 1280);
      const columnsSeen = new Set(await lefts(wide.page)).size;
      // The header/footer and the title take the full width; the questions fill the columns.
      expect(columnsSeen, `${layout} at 1280 px`).toBeGreaterThanOrEqual(columns);
      expect(columnsSeen, `${layout} at 1280 px`).toBeLessThanOrEqual(columns + 1);
      if (layout.includes("header")) {
        expect(await wide.page.locator('[data-area="header"]').count(), layout).toBe(1);
      }
      if (layout.includes("footer")) {
        expect(await wide.page.locator('[data-area="footer"]').count(), layout).toBe(1);
      }
      await screenshot(wide.page, `layout-${layout}-1280`);
      expect(wide.problems).toEqual([]);
      await wide.context.close();

      const phone = await open(url, 390);
      expect(new Set(await lefts(phone.page)).size, `${layout} at 390 px`).toBe(1);
      expect(await noSidewaysScroll(phone.page), `${layout} at 390 px`).toBe(true);
      await screenshot(phone.page, `layout-${layout}-390`);
      await phone.context.close();
    }
  });
});

describe("the builder's preview", () => {
  it("shows the form's styling and lays it out by the preview's own width", async () => {
    const { form } = await call<{ form: { id: number } }>("POST", "/forms", {
      collectRealCharacters: false,
      title: "Preview styling",
      layoutType: "2-col-header",
      ...STYLING,
      fields: everyType().slice(0, 12),
    });
    const context = await run.browser.newContext({
      viewport: { width: 1600, height: 1000 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(`${run.app.url}/login`);
    await page.getByLabel("Username or e-mail").fill("styling");
    await page.getByRole("textbox", { name: "Password" }).fill("styling123");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${run.app.url}/`);
    await page.goto(`${run.app.url}/forms/${form.id}/edit`);
    const preview = page.getByLabel("Live preview").locator(".fl-form");
    await preview.waitFor();
    const shown = await preview.evaluate((node) => ({
      layout: node.getAttribute("data-layout"),
      fit: node.getAttribute("data-fit"),
      width: node.getBoundingClientRect().width,
      background: getComputedStyle(node).backgroundColor,
      button: getComputedStyle(node.querySelector(".fl-submit") ?? node).backgroundColor,
    }));
    expect(shown).toMatchObject({
      layout: "2-col-header",
      background: "rgb(255, 253, 247)",
      button: "rgb(35, 112, 50)",
    });
    // The preview is narrower than the form's one-column break point, or its two-column one.
    expect(shown.fit).toBe(shown.width < 480 ? "1" : shown.width < 800 ? "2" : "all");
    await screenshot(page, "styling-builder-preview");
    expect(problems).toEqual([]);
    await context.close();
  });
});
