import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIELD_TYPES, type TElement, ZElement } from "./element-schema.ts";
import { IMAGE_EXTENSIONS, isImageFile } from "./files.ts";
import { importForm } from "./form-import.ts";
import { ZFormSettings } from "./form-schema.ts";
import { createElement } from "./new-element.ts";
import { numberLabel, numberQuestions } from "./numbering.ts";
import { arrangeQuestions, setQuestionsOutputting } from "./question-output.ts";
import { seededShuffle } from "./random.ts";
import { ALIAS_PATTERN, slugify } from "./slug.ts";
import { canSaveLocally } from "./storage-limits.ts";
import {
  clearAllStyling,
  DEFAULT_FIELD_STYLE,
  removeCustomStyling,
  resolveElementStyle,
  rollbackStyling,
} from "./styling.ts";
import { validateSubmission } from "./submission.ts";
import { shortenTitle, stripHtml } from "./text.ts";

const el = (
  type: Parameters<typeof createElement>[0],
  id: string,
  order = 0,
  patch: Partial<TElement> = {},
) => ZElement.parse({ ...createElement(type, id, order), ...patch });

describe("text helpers", () => {
  it("strips HTML tags, scripts and entities", () => {
    expect(stripHtml("<p>Hello <b>world</b>&nbsp;&amp; you<script>alert(1)</script><!-- x --></p>")).toBe(
      "Hello world & you",
    );
  });

  it("shortens titles over 20 characters with an ellipsis", () => {
    expect(shortenTitle("Exactly twenty chars")).toBe("Exactly twenty chars");
    expect(shortenTitle("Twenty-one characters")).toBe("Twenty-one character...");
    expect(shortenTitle("Опрос удовлетворённости клиентов")).toBe("Опрос удовлетворённо...");
  });
});

describe("image files", () => {
  it("knows 22 image extensions, in any case, ignoring query strings", () => {
    expect(IMAGE_EXTENSIONS).toHaveLength(22);
    expect(new Set(IMAGE_EXTENSIONS).size).toBe(22);
    expect(["a.PNG", "b.jpeg", "/x/y.webp?size=2", "c.svg"].every(isImageFile)).toBe(true);
    expect(["a.pdf", "png", "a.png.exe", ""].some(isImageFile)).toBe(false);
  });
});

describe("local storage limits", () => {
  it("refuses growth over 140000 bytes and totals over 9000 KB", () => {
    expect(canSaveLocally(1000, 141_000, 200_000)).toBe(true);
    expect(canSaveLocally(1000, 141_001, 200_000)).toBe(false);
    expect(canSaveLocally(0, 100, 9000 * 1024 - 100)).toBe(true);
    expect(canSaveLocally(0, 101, 9000 * 1024 - 100)).toBe(false);
  });
});

describe("numbering", () => {
  it.each([
    ["numbers", 3, "", "3."],
    ["letters", 28, "", "AB."],
    ["roman", 14, "", "XIV."],
    ["custom", 2, "Q{n} ({A}, {I})", "Q2 (B, II)"],
    ["notShow", 1, "", ""],
  ] as const)("%s of %i is %j", (mode, n, template, label) => {
    expect(numberLabel(mode, n, template)).toBe(label);
  });

  it("numbers only visible questions, in order", () => {
    const elements = [
      el("title", "t", 0),
      el("text", "a", 1),
      el("text", "h", 2, { isHidden: true }),
      el("radio", "b", 3),
    ];
    expect(numberQuestions(elements, "numbers")).toEqual({ a: "1.", b: "2." });
  });
});

describe("question output", () => {
  const elements = [
    el("title", "t", 0),
    ...["a", "b", "c", "d", "e"].map((id, i) => el("text", id, i + 1)),
    el("submitBtn", "s", 9),
  ];

  it("shuffles the same way for the same seed, and differently for another", () => {
    const one = seededShuffle([1, 2, 3, 4, 5, 6, 7, 8], "respondent-1");
    expect(seededShuffle([1, 2, 3, 4, 5, 6, 7, 8], "respondent-1")).toEqual(one);
    expect([...one].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(seededShuffle([1, 2, 3, 4, 5, 6, 7, 8], "respondent-2")).not.toEqual(one);
  });

  it("shows N questions, keeping the title and button in place", () => {
    const ids = (list: TElement[]) => list.map((e) => e.id);
    expect(
      ids(arrangeQuestions(elements, { questionsOrder: "ordered", questionsOutputting: 3 }, "x")),
    ).toEqual(["t", "a", "b", "c", "s"]);
    const random = arrangeQuestions(elements, { questionsOrder: "random", questionsOutputting: 3 }, "seed");
    expect(random).toHaveLength(5);
    expect(random[0]?.id).toBe("t");
    expect(random.at(-1)?.id).toBe("s");
    expect(
      ids(arrangeQuestions(elements, { questionsOrder: "ordered", questionsOutputting: "all" }, "x")),
    ).toHaveLength(7);
  });

  it("switching amount of questions to all clears the count; otherwise it defaults to 3", () => {
    expect(setQuestionsOutputting("all", 7)).toBe("all");
    expect(setQuestionsOutputting("part")).toBe(3);
    expect(setQuestionsOutputting("part", 5)).toBe(5);
  });
});

describe("styling cascade", () => {
  const slots = {
    formStyling: {},
    fieldsGeneralStyling: { radius: 8 },
    fieldsTypesStyling: { radio: { radius: 12 } },
  };
  it("uses the element's own style, else its type's, else all fields', over the defaults", () => {
    const custom = el("text", "a", 0, {
      styleSettings: { hasCustomStyling: true, fieldsStyling: { radius: 20 }, uniqFieldStyling: {} },
    });
    expect(resolveElementStyle(custom, slots).radius).toBe(20);
    expect(resolveElementStyle(el("radio", "r"), slots).radius).toBe(12);
    expect(resolveElementStyle(el("text", "t"), slots)).toEqual({ ...DEFAULT_FIELD_STYLE, radius: 8 });
    expect(resolveElementStyle(removeCustomStyling(custom), slots).radius).toBe(8);
    expect(resolveElementStyle(el("text", "t"), rollbackStyling())).toEqual(DEFAULT_FIELD_STYLE);
  });

  it("clearing all styling keeps custom flags only on titles", () => {
    const styled = { hasCustomStyling: true, fieldsStyling: { radius: 1 }, uniqFieldStyling: {} };
    const { elements } = clearAllStyling([
      el("title", "t", 0, { styleSettings: styled }),
      el("text", "a", 1, { styleSettings: styled }),
    ]);
    expect(elements.map((e) => e.styleSettings.hasCustomStyling)).toEqual([true, false]);
  });
});

describe("import", () => {
  const exported = JSON.stringify({
    formTitle: "Imported",
    formDescription: "From elsewhere",
    formCaptcha: true,
    sendButton: "Go",
    alias: "old-alias",
    formQuestionsNumbering: { questionsNumbering: "custom", template: "Q{n}" },
    fields: [{ id: "a", fieldType: "text", question: "Name?" }],
  });

  it("reads the alternate naming onto the model and clears the alias", () => {
    const result = importForm("form.json", exported.length, exported);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.form.settings).toMatchObject({
      title: "Imported",
      description: "From elsewhere",
      hasCaptcha: true,
      submitButtonDescription: "Go",
      formPathAlias: "",
      questionsNumbering: "custom",
      questionsNumberingTemplate: "Q{n}",
    });
    expect(result.form.fields[0]?.question).toBe("Name?");
  });

  it.each([
    ["form.txt", 10, "{}", "import.type"],
    ["form.json", 0, "", "import.empty"],
    ["form.json", 6 * 1024 * 1024, "{}", "import.too_large"],
    ["form.json", 5, "{oops", "import.invalid"],
    ["form.json", 30, '{"fields":[{"fieldType":"nope"}]}', "import.invalid"],
  ])("%s (%i bytes) → %s", (name, size, text, code) => {
    expect(importForm(name, size, text)).toEqual({ ok: false, code });
  });
});

describe("properties", () => {
  it("slugify gives a valid alias or nothing, and is stable", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (text) => {
        const slug = slugify(text);
        if (slug !== "") expect(slug).toMatch(ALIAS_PATTERN);
        expect(slugify(slug)).toBe(slug);
      }),
      { numRuns: 1000 },
    );
  });

  it("slugify keeps Cyrillic words as Latin letters", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[а-яё]{1,12}$/), (word) => {
        // The hard and soft signs have no Latin letter; every other letter gives at least one.
        expect(slugify(word)).toMatch(/[ъь]/.test(word) ? /^[a-z]*$/ : /^[a-z]+$/);
        if (/[^ъь]/.test(word)) expect(slugify(word)).not.toBe("");
      }),
      { numRuns: 1000 },
    );
  });

  const everyType = FIELD_TYPES.map((type, i) => el(type, `f${i}`, i, { isRequired: i % 2 === 0 }));
  it("validateSubmission never throws on any JSON answers and explains each error with a code", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            fieldId: fc.constantFrom(...everyType.map((e) => e.id), "ghost"),
            answer: fc.jsonValue(),
          }),
          { maxLength: 20 },
        ),
        (answers) => {
          const { errors, answers: kept } = validateSubmission(everyType, answers);
          for (const error of errors) expect(error.code).toMatch(/^answer\./);
          for (const answer of kept) expect(everyType.some((e) => e.id === answer.fieldId)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("a settings object always parses to the spec's defaults for what it leaves out", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue()), (junk) => {
        const parsed = ZFormSettings.safeParse(junk);
        if (parsed.success) expect(parsed.data.submitButtonDescription.length).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1000 },
    );
  });
});
