import path from "node:path";
import { FIELD_TYPES, type FieldType } from "@formloom/core/element-schema";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ANSWERABLE,
  ELEMENTS,
  idOf,
  ORDER,
  OWNER,
  preparePictures,
  ROME,
  ROWS,
} from "./all-field-types-table.ts";
import { axeViolations, describeViolations } from "./axe.ts";
import { pressOn, scrollsSideways, storedAnswers } from "./fill-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, SCREENSHOTS, watchErrors } from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

async function createForm(alias: string, display: "all" | "stepByStep" | "severalPages") {
  const created = await call<{ form?: { id: number } }>("POST", "/forms", {
    collectRealCharacters: false,
    title: "Every kind of question",
    description: "One question of each type",
    formPathAlias: alias,
    display,
    hasCaptcha: true,
    fields: ELEMENTS,
  });
  expect(created.form, JSON.stringify(created).slice(0, 2000)).toBeDefined();
  return created.form!.id;
}

/** The part of the page that shows one element, for filling it and for its picture. */
function wrapperOf(page: Page, type: FieldType): Locator {
  switch (type) {
    case "title":
      return page.locator("h2.fl-section");
    case "fieldGroup":
      return page.locator("fieldset.fl-group");
    case "timer":
      return page.locator(".fl-page .fl-timer");
    case "submitBtn":
    case "pageButtons":
      return page.locator(".fl-actions");
    case "stepper":
    case "pageBreak":
      return page.locator(".fl-progress");
    default:
      return page.locator(".fl-field").filter({ has: page.locator(`[id$="-${idOf(type)}"]`) });
  }
}

async function open(url: string, width: number) {
  const context = await run.browser.newContext({
    viewport: { width, height: 900 },
    locale: "en-US",
    reducedMotion: "reduce",
    geolocation: ROME,
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  const problems = watchErrors(page);
  await page.goto(url);
  await page.locator(".fl-form").waitFor();
  return { context, page, problems };
}

/**
 * The controls of the form drawn less than 44 px tall (the phone touch target), and how many were
 * measured. A native input drawn hidden inside its label (choices, scale buttons, file pickers) is
 * measured by the label row, the part a finger touches; controls not drawn are left out.
 */
async function smallTargets(page: Page) {
  return page.locator(".fl-form").evaluate((form) => {
    const controls = form.querySelectorAll<HTMLElement>(
      "input, select, textarea, button, a[href], [role=slider], [role=button], [tabindex='0']",
    );
    const found: string[] = [];
    let measured = 0;
    for (const control of controls) {
      const target = control.closest("label") ?? control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not drawn, so not touched
      measured += 1;
      if (box.height < 44) {
        const field = control.closest("[id]")?.id ?? "";
        const name = control.getAttribute("aria-label") ?? control.textContent?.trim().slice(0, 30) ?? "";
        found.push(`${field} ${target.tagName.toLowerCase()}.${target.className} "${name}": ${box.height}px`);
      }
    }
    return { found, measured };
  });
}

const shotPath = (type: FieldType, width: number) => path.join(SCREENSHOTS, `all-types-${type}-${width}.png`);

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER, "alltypes123");
  await preparePictures();
});

describe("a form holding every field type", () => {
  it("has a row for every type of the model, and its form holds each type once", () => {
    expect([...ORDER].sort()).toEqual([...FIELD_TYPES].sort());
    expect(ELEMENTS.map((element) => element.fieldType)).toEqual(ORDER);
    for (const type of ANSWERABLE) {
      const row = ROWS[type];
      expect(row.fill, `${type} has no way to be filled`).toBeDefined();
    }
  });

  for (const width of [1280, 390]) {
    it(`is filled type by type at ${width} px, sent, and the stored answers equal what was entered and computed`, async () => {
      const alias = `all-types-${width}`;
      const formId = await createForm(alias, "all");
      const { context, page, problems } = await open(`${run.app.url}/f/${alias}?a=${OWNER}`, width);

      const expected: Record<string, unknown> = {};
      const unfilled: string[] = [];
      for (const type of ORDER) {
        const row = ROWS[type];
        if (row.pagesOnly) {
          // On one page, page breaks, page buttons and the stepper are not drawn (forms.md §3).
          continue;
        }
        const field = wrapperOf(page, type);
        await field.first().waitFor({ timeout: 10_000 });
        const given = await row.fill?.({ page, field });
        if (ANSWERABLE.has(type)) {
          const answer = given ?? row.answer;
          if (answer === undefined) unfilled.push(type);
          expected[idOf(type)] = answer;
        }
      }
      expect(unfilled).toEqual([]);
      // Nobody answers the formula: the server computes it from the number typed, 42.5 * 2.
      expected[idOf("formula")] = 85;
      if (width === 390) expect(await scrollsSideways(page), "sideways scroll at 390 px").toBe(false);
      // Filled, with previews of the uploads and the typed signature: still no WCAG 2.1 A/AA violation.
      expect(describeViolations(await axeViolations(page)), `filled at ${width} px`).toEqual([]);

      for (const type of ORDER) {
        if (ROWS[type].pagesOnly) continue;
        await wrapperOf(page, type)
          .first()
          .screenshot({ path: shotPath(type, width) });
      }

      await pressOn(page, page.getByRole("button", { name: "Send my answers" }), "Enter");
      await page.waitForURL(/thankyou/, { timeout: 20_000 }).catch(async () => {
        const errors = await page.locator(".fl-error, .fl-summary, [role=alert]").allTextContents();
        throw new Error(`not sent: ${errors.filter(Boolean).join(" | ")}`);
      });

      const stored = await storedAnswers(call, formId);
      expect(Object.keys(stored).sort()).toEqual(Object.keys(expected).sort());
      for (const type of [...ANSWERABLE, "formula" as const]) {
        expect(stored[idOf(type)], type).toEqual(expected[idOf(type)]);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("gives every control a touch target at least 44 px tall at 390 px", async () => {
    const alias = "all-types-touch";
    await createForm(alias, "all");
    const { context, page, problems } = await open(`${run.app.url}/f/${alias}?a=${OWNER}`, 390);
    await wrapperOf(page, "captcha").waitFor();
    await page.locator(".fl-map").first().waitFor();
    const small = await smallTargets(page);
    // Every type's controls were there to be measured: the choices, the scales, the widgets' buttons.
    expect(small.measured).toBeGreaterThan(100);
    expect(small.found).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("has no WCAG 2.1 A/AA violation on one page, step by step, and on several pages", async () => {
    const onePage = `all-types-audit`;
    await createForm(onePage, "all");
    {
      const { context, page, problems } = await open(`${run.app.url}/f/${onePage}?a=${OWNER}`, 1280);
      await wrapperOf(page, "captcha").waitFor();
      expect(describeViolations(await axeViolations(page)), "single page").toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }

    for (const display of ["stepByStep", "severalPages"] as const) {
      const alias = `all-types-${display.toLowerCase()}`;
      await createForm(alias, display);
      for (const width of [1280, 390]) {
        const { context, page, problems } = await open(`${run.app.url}/f/${alias}?a=${OWNER}`, width);
        const heading = page.locator(".fl-progress-text");
        await heading.waitFor();
        expect(await heading.textContent()).toMatch(/1 of 2$/);
        if (display === "severalPages") {
          for (const type of ["stepper", "pageBreak", "pageButtons"] as const)
            await wrapperOf(page, type)
              .first()
              .screenshot({ path: shotPath(type, width) });
        }
        expect(describeViolations(await axeViolations(page)), `${display}, page 1 at ${width} px`).toEqual(
          [],
        );
        expect(await scrollsSideways(page), `${display} at ${width} px`).toBe(false);
        if (width === 390) expect((await smallTargets(page)).found, `${display}, page 1`).toEqual([]);
        // Nothing is required: the page's own Next button (its label from the page buttons) moves on.
        await pressOn(page, page.getByRole("button", { name: "Onward" }), "Enter");
        await page.locator(".fl-progress-text", { hasText: /2 of 2$/ }).waitFor();
        await page.getByRole("button", { name: "Back" }).waitFor();
        expect(describeViolations(await axeViolations(page)), `${display}, page 2 at ${width} px`).toEqual(
          [],
        );
        expect(await scrollsSideways(page), `${display} at ${width} px, page 2`).toBe(false);
        if (width === 390) expect((await smallTargets(page)).found, `${display}, page 2`).toEqual([]);
        expect(problems).toEqual([]);
        await context.close();
      }
    }
  });
});
