// Every theme template on the public page as a respondent meets it: the controls beside a field
// (a day's calendar button, a ranking's move buttons) and the errors of a refused send read on the
// theme's surfaces, light or dark (WCAG AA, 4.5:1 for text, 3:1 for a control's icon).
import { contrastRatio, parseColour } from "@formloom/core/css-values";
import { THEME_TEMPLATES } from "@formloom/core/templates/theme-templates";
import { beforeAll, describe, expect, it } from "vitest";
import { scrollsSideways } from "./fill-helpers.ts";
import { type ApiCall, accountOwner, appAndBrowser, createdForm, screenshot } from "./support.ts";

const run = appAndBrowser();
const OWNER = { username: "themereader", password: "themereader123" };
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, OWNER.username, OWNER.password);
});

/** Each measured element's colour and the colour it is drawn on (its first opaque background up the tree). */
interface Seen {
  what: string;
  colour: string;
  on: string;
}

describe("theme templates on the public page", () => {
  it("keep the controls beside a field and the errors readable", async () => {
    const page = await run.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const failures: string[] = [];
    for (const theme of THEME_TEMPLATES) {
      const alias = `theme-${theme.id}`;
      await createdForm(call, {
        title: theme.name,
        formPathAlias: alias,
        collectRealCharacters: false,
        collectBehaviorData: false,
        ...theme.styling,
        fields: [
          { id: "name", fieldType: "text", question: "Your name", isRequired: true, fieldOrder: 0 },
          { id: "day", fieldType: "dateTime", question: "Which day?", fieldOrder: 1 },
          {
            id: "rank",
            fieldType: "sortable",
            question: "Rank these",
            fieldOrder: 2,
            fieldSettings: {
              answerVariants: [
                { id: "a", title: "Tea" },
                { id: "b", title: "Coffee" },
              ],
            },
          },
        ],
      });
      await page.goto(`${run.app.url}/f/${alias}?a=${OWNER.username}`);
      await page.getByRole("button", { name: "Send" }).click();
      await page.locator(".fl-error").first().waitFor();
      const seen = await page.evaluate(() => {
        const opaque = (element: Element | null): string => {
          for (let at = element; at; at = at.parentElement) {
            const colour = getComputedStyle(at).backgroundColor;
            if (colour && !/rgba\(.*,\s*0\)$/.test(colour) && colour !== "transparent") return colour;
          }
          return "rgb(255, 255, 255)";
        };
        const measure = (what: string, selector: string) =>
          [...document.querySelectorAll(selector)].slice(0, 1).map((element) => ({
            what,
            colour: getComputedStyle(element).color,
            on: opaque(element),
          }));
        return [
          ...measure("calendar button", ".fl-day-button"),
          ...measure("move button", ".fl-sortable-move"),
          ...measure("error", ".fl-error"),
        ];
      });
      expect(seen.map((s: Seen) => s.what).sort()).toEqual(["calendar button", "error", "move button"]);
      for (const { what, colour, on } of seen as Seen[]) {
        const ratio = contrastRatio(parseColour(colour)!, parseColour(on)!);
        const least = what === "error" ? 4.5 : 3;
        if (ratio < least) failures.push(`${theme.name}: ${what} ${colour} on ${on} = ${ratio.toFixed(2)}`);
      }
      if (theme.id === "night") await screenshot(page, "theme-night-errors-1280");
    }
    expect(failures).toEqual([]);
    await page.close();
  });
});

describe("a question with a long unbroken word on a phone", () => {
  it("wraps it inside the page, its options' buttons kept whole", async () => {
    const word = "Supercalifragilisticexpialidocious-https://example.com/a/very/long/path/without/spaces";
    await createdForm(call, {
      title: "Long words",
      formPathAlias: "long-words",
      collectRealCharacters: false,
      collectBehaviorData: false,
      fields: [
        {
          id: "pick",
          fieldType: "radio",
          question: `Which ${word}?`,
          fieldSettings: {
            answerVariants: [
              { id: "a", title: word },
              { id: "b", title: "Short" },
            ],
          },
        },
      ],
    });
    const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${run.app.url}/f/long-words?a=${OWNER.username}`);
    await page.getByRole("radio", { name: "Short" }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    const sizes = await page
      .locator(".fl-choice input")
      .evaluateAll((inputs) => inputs.map((input) => Math.round(input.getBoundingClientRect().width)));
    expect(new Set(sizes).size).toBe(1);
    await screenshot(page, "long-words-390");
    await page.close();
  });
});
