import { checksAnswer } from "./correct-answer.ts";
import type { FieldType, TAnswerVariant, TElement } from "./element-schema.ts";
import type { TFormSettings } from "./form-schema.ts";
import { ZPassedFailed } from "./result-schema.ts";
import { formulasReadingMarking } from "./scoring.ts";

/**
 * What a respondent's browser is given of a form: everything it needs to draw and check the
 * form, nothing that tells a quiz's answers or how it is marked. The server scores with the
 * whole form; this is the only shape that leaves it for a public page.
 */

/**
 * Types whose variants are the options shown, and whose answers hold those options' ids (or
 * Other's "other:" text); elsewhere a variant only names a correct answer.
 */
export const OPTION_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  "radio",
  "select",
  "checkbox",
  "multipleChoice",
  "imageChoice",
  "matrix",
  "sortable",
  "correspondence",
]);

const NO_MARKING = { calcType: "exclude", notEmptyScore: 0, points: 0 } as const;

/** An option as shown: no correctness flag, no correct partner of a matching pair. */
function publicVariant({ checkValue: _correct, matchId: _pair, ...variant }: TAnswerVariant): TAnswerVariant {
  return { ...variant, checkValue: false };
}

/** FNV-1a, then murmur3's finaliser: neighbouring ids ("v1", "v2") land far apart. */
function mixedHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A stable order that is not the written one, for a checked ranking, whose written order is the answer. */
function shuffled(variants: TAnswerVariant[]): TAnswerVariant[] {
  return [...variants].sort((a, b) => mixedHash(a.id) - mixedHash(b.id) || a.id.localeCompare(b.id));
}

function publicVariants(element: TElement): TAnswerVariant[] | undefined {
  const variants = element.fieldSettings.answerVariants;
  if (!variants) return undefined;
  if (!OPTION_TYPES.has(element.fieldType)) return variants.filter((v) => !v.checkValue).map(publicVariant);
  const shown = variants.map(publicVariant);
  // A ranking that is checked has its written order for answer; one that is not is shown as written.
  return element.fieldType === "sortable" && checksAnswer(element) ? shuffled(shown) : shown;
}

/**
 * The form's elements as a respondent's page gets them (`publicElement`); a formula that reads the
 * marking, which the page does not get, is sent without its expression and marked
 * `formulaAfterSending`: the page says it is computed when the form is sent instead of a wrong 0.
 */
export function publicFields(elements: readonly TElement[]): TElement[] {
  const later = formulasReadingMarking(elements);
  return elements.map((element) => {
    const shown = publicElement(element);
    if (element.fieldType !== "formula" || !later.has(element.formulaName)) return shown;
    const { formula: _formula, ...settings } = shown.fieldSettings;
    return { ...shown, fieldSettings: { ...settings, formulaAfterSending: true } };
  });
}

function publicElement(element: TElement): TElement {
  const {
    answerVariants: _variants,
    removedVariants: _removed,
    questions,
    gapText,
    formula,
    ...settings
  } = element.fieldSettings;
  const variants = publicVariants(element);
  return {
    ...element,
    calcSettings: { ...NO_MARKING },
    fieldSettings: {
      ...settings,
      ...(variants ? { answerVariants: variants } : {}),
      ...(questions
        ? { questions: questions.map((row) => ({ ...row, answerValue: "", answerMultipleValues: [] })) }
        : {}),
      // The gaps stay where they are, without the words that fill them.
      ...(gapText !== undefined ? { gapText: gapText.replace(/\[\[(.*?)\]\]/g, "[[]]") } : {}),
      // A hidden formula works for the marking, not the respondent.
      ...(formula !== undefined && !element.isHidden ? { formula } : {}),
    },
  };
}

/**
 * The form's settings without how its results are reckoned: passing score, score ranges and
 * result texts (a detailed text may well name the right answers). The server tells each
 * respondent their own result when they send the form. The description is the editors' note
 * (forms.md §3, admin only), so it is never sent either.
 */
export function publicSettings(settings: TFormSettings): TFormSettings {
  return {
    ...settings,
    description: "",
    resultsHandlingPassedFailed: ZPassedFailed.parse({}),
    resultsHandlingGradation: [],
    resultsHandlingGradationCategories: [],
    // The server sends the one ending the respondent reached; the others may tell the right answers.
    endingScreens: [],
  };
}
