import { z } from "zod";
import { checkFormulaName } from "./formula-names.ts";

/**
 * Every field type of forms.md §3. Adding a type: one name here, one file in field-types/ and
 * its line in the registry (a missing line is a compile error).
 */
export const FIELD_TYPES = [
  "markup",
  "imageSlider",
  "popup",
  "submitBtn",
  "captcha",
  "title",
  "imagePromo",
  "stepper",
  "pageBreak",
  "pageButtons",
  "fieldGroup",
  "imageChoice",
  "checkbox",
  "radio",
  "matrix",
  "decisionBox",
  "scoring",
  "text",
  "textarea",
  "number",
  "dateTime",
  "phone",
  "email",
  "currency",
  "initials",
  "website",
  "password",
  "multipleInput",
  "multipleChoice",
  "slider",
  "sortable",
  "nps",
  "gapText",
  "select",
  "signature",
  "map",
  "video",
  "qrCode",
  "file",
  "image",
  "rate",
  "like",
  "colour",
  "audio",
  "location",
  "codeHighlight",
  "photo",
  "correspondence",
  "timer",
  "formula",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const ZAnswerVariant = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(500),
  value: z.string().max(500).default(""),
  /** In a calculation form: this option is a correct answer. */
  checkValue: z.boolean().default(false),
  defaultChecked: z.boolean().default(false),
  /** An image option (imageChoice) or the right-hand item of a correspondence pair. */
  image: z.string().max(2000).optional(),
  matchId: z.string().max(64).optional(),
});
export type TAnswerVariant = z.infer<typeof ZAnswerVariant>;

/** A row of a matrix: its question, and its correct value(s) in a calculation form. */
export const ZMatrixQuestion = z.object({
  id: z.string().min(1).max(64),
  question: z.string().max(1000),
  answerValue: z.string().max(64).default(""),
  answerMultipleValues: z.array(z.string().max(64)).max(100).default([]),
  multiple: z.boolean().default(false),
});
export type TMatrixQuestion = z.infer<typeof ZMatrixQuestion>;

const ZLatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/**
 * Type-specific settings; unknown keys are kept so settings of newer versions round-trip, and those
 * of older ones no question reads (a radio-buttons list) are kept as they were, unchecked.
 */
export const ZFieldSettings = z.looseObject({
  answerVariants: z.array(ZAnswerVariant).max(500).optional(),
  /**
   * Options taken out after the form was saved with them, by their last titles: answers that chose
   * them are still shown by name (`keepRemovedOptions`); never offered to respondents.
   */
  removedVariants: z
    .array(z.object({ id: z.string().min(1).max(64), title: z.string().max(10_000) }))
    .max(1000)
    .optional(),
  hasOtherVariant: z.boolean().optional(),
  placeholder: z.string().max(500).optional(),
  questions: z.array(ZMatrixQuestion).max(200).optional(),
  fieldGroup: z.string().max(64).optional(),
  fieldGroupOrder: z.number().int().nonnegative().optional(),
  markers: z
    .array(z.object({ value: z.number(), label: z.string().max(200) }))
    .max(100)
    .optional(),
  units: z.string().max(40).optional(),
  chosenCurrencies: z.array(z.string().length(3)).max(50).optional(),
  typesOfCurrencies: z.array(z.string().length(3)).max(200).optional(),
  center: ZLatLng.optional(),
  zoom: z.number().min(0).max(22).optional(),
  /** map, location: an https tile address with {z}, {x} and {y}; without one the map is a plain grid. */
  tileUrl: z.string().max(2000).optional(),
  savedItems: z
    .array(z.object({ id: z.string().max(64), title: z.string().max(200), position: ZLatLng }))
    .max(500)
    .optional(),
  predefineColors: z.array(z.string().max(40)).max(100).optional(),
  showPatronymic: z.boolean().optional(),
  /** imageChoice: several images may be chosen. */
  multiple: z.boolean().optional(),
  /** multipleChoice: bounds on how many options may be chosen. */
  minChoices: z.number().int().nonnegative().optional(),
  maxChoices: z.number().int().positive().optional(),
  /** rate: number of stars. */
  maxRating: z.number().int().min(2).max(10).optional(),
  /** dateTime: what is asked. */
  dateTimeMode: z.enum(["date", "time", "datetime"]).optional(),
  /** number: decimal point or comma when shown. */
  numberFormat: z.enum(["decimal", "comma"]).optional(),
  /** gapText: the text, with each gap written as [[gap]]. */
  gapText: z.string().max(10000).optional(),
  /** formula: the expression over other fields' formula names. */
  formula: z.string().max(2000).optional(),
  /**
   * formula, on a respondent's page only: it reads how answers are marked, which the page is not
   * sent (core public-form.ts), so it is computed when the form is sent.
   */
  formulaAfterSending: z.boolean().optional(),
  /** markup, popup, codeHighlight: the content shown. */
  content: z.string().max(100000).optional(),
  language: z.string().max(40).optional(),
  /** file-like fields: accepted types and size. */
  accept: z.array(z.string().max(100)).max(50).optional(),
  maxFileSizeMb: z.number().positive().max(1024).optional(),
  /** video, audio in a form with video/audio questions: the longest recording, in seconds (default 120). */
  maxRecordingSeconds: z.number().int().min(5).max(600).optional(),
  /** timer: seconds shown counting down. */
  seconds: z.number().int().positive().optional(),
  /** pageButtons: the labels of the page's Next and Back buttons; empty means the defaults. */
  nextLabel: z.string().max(100).optional(),
  backLabel: z.string().max(100).optional(),
  /** correspondence: the right-hand items to match the variants to. */
  matches: z
    .array(z.object({ id: z.string().min(1).max(64), title: z.string().max(500) }))
    .max(200)
    .optional(),
  images: z
    .array(
      z.object({
        id: z.string().max(64),
        url: z.string().max(2000),
        caption: z.string().max(500).default(""),
      }),
    )
    .max(100)
    .optional(),
});
export type TFieldSettings = z.infer<typeof ZFieldSettings>;

export const ZValidationSettings = z.looseObject({
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  step: z.number().positive().finite().optional(),
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().positive().optional(),
});
export type TValidationSettings = z.infer<typeof ZValidationSettings>;

export const ZStyleSettings = z.object({
  hasCustomStyling: z.boolean().default(false),
  fieldsStyling: z.record(z.string(), z.unknown()).default({}),
  uniqFieldStyling: z.record(z.string(), z.unknown()).default({}),
});

export const ZCalcSettings = z.object({
  calcType: z.enum(["exclude", "check_values"]).default("exclude"),
  /** Points for any non-empty answer. */
  notEmptyScore: z.number().finite().default(0),
  /** Points for a fully correct answer under check_values. */
  points: z.number().finite().nonnegative().default(1),
});
export type TCalcSettings = z.infer<typeof ZCalcSettings>;

export const EXPECTED_EMOTIONS = [
  "happy",
  "surprised",
  "neutral",
  "sad",
  "fearful",
  "disgusted",
  "angry",
] as const;

export const ZElement = z.object({
  id: z.string().min(1).max(64),
  fieldType: z.enum(FIELD_TYPES),
  title: z.string().max(1000).default(""),
  formulaName: z.string().max(100).default(""),
  fieldOrder: z.number().int().nonnegative().default(0),
  question: z.string().max(5000).default(""),
  fieldLabel: z.string().max(1000).default(""),
  fieldComment: z.string().max(5000).default(""),
  fieldSettings: ZFieldSettings.default({}),
  validationSettings: ZValidationSettings.default({}),
  styleSettings: ZStyleSettings.default({ hasCustomStyling: false, fieldsStyling: {}, uniqFieldStyling: {} }),
  calcSettings: ZCalcSettings.default({ calcType: "exclude", notEmptyScore: 0, points: 1 }),
  isHidden: z.boolean().default(false),
  isDisabled: z.boolean().default(false),
  isRequired: z.boolean().default(false),
  isNotCalculable: z.boolean().default(false),
  isNonField: z.boolean().default(false),
  userBehaviorSettings: z
    .object({
      maxTime: z.number().nonnegative().optional(),
      minTime: z.number().nonnegative().optional(),
      expectedEmotion: z.enum(EXPECTED_EMOTIONS).optional(),
    })
    .default({}),
  fieldVideoAudioSettings: z
    .object({
      mediaLink: z.string().max(2000).default(""),
      mediaType: z.enum(["video", "audio", ""]).default(""),
    })
    .default({ mediaLink: "", mediaType: "" }),
  fieldColumn: z.string().max(40).default("col-first"),
  isNew: z.boolean().default(false),
  elementCategories: z.array(z.string().max(64)).max(50).default([]),
});
export type TElement = z.infer<typeof ZElement>;
export type TElementInput = z.input<typeof ZElement>;

export const ZElements = z
  .array(ZElement)
  .max(1000)
  .superRefine((elements, ctx) => {
    const ids = new Set<string>();
    elements.forEach((element, index) => {
      if (ids.has(element.id))
        ctx.addIssue({ code: "custom", path: [index, "id"], message: "Element ids must be unique" });
      ids.add(element.id);
      const problem = formulaNameProblem(element, elements);
      if (problem) ctx.addIssue({ code: "custom", path: [index, "formulaName"], message: problem });
    });
  });

/** A formula field needs a valid name unique in the form; any other element may go without one. */
function formulaNameProblem(element: TElement, elements: readonly TElement[]) {
  if (!element.formulaName && element.fieldType !== "formula") return null;
  // An element not yet through the schema may lack the name's default.
  return checkFormulaName(element.formulaName ?? "", element, elements);
}

/**
 * One element's problems among the form's elements, with paths inside the element: what ZElements
 * reports for it, but for its id's uniqueness (ids are given by the builder, not typed). The builder
 * checks each keystroke with it, which parsing the whole list would make slow on a large form.
 * The element's own problems come first; only a sound element's formula name is checked. A caller
 * that kept the element's own problems (`ownElementIssues`) passes them as `own`.
 */
export function elementIssues(
  element: TElement,
  elements: readonly TElement[],
  own: readonly z.core.$ZodIssue[] = ownElementIssues(element),
): z.core.$ZodIssue[] {
  return own.length ? [...own] : formulaNameIssues(element, elements);
}

/**
 * Bounds no answer could meet, which would refuse every respondent: a maximum below the minimum, of
 * a number or of an answer's length. Checked when a form is saved and in the builder, not in the
 * schema itself, which also reads forms stored before the check (they must still open to be mended).
 */
export function boundsIssues(
  element: Pick<TElement, "fieldType" | "validationSettings" | "fieldSettings">,
): z.core.$ZodIssue[] {
  const limits = element.validationSettings ?? {};
  const issues: z.core.$ZodIssue[] = [];
  const { minChoices, maxChoices } = element.fieldSettings ?? {};
  if (
    SEVERAL_CHOICES.has(element.fieldType) &&
    minChoices !== undefined &&
    maxChoices !== undefined &&
    maxChoices < minChoices
  )
    issues.push({
      code: "custom",
      path: ["fieldSettings", "maxChoices"],
      message: "limits.max_choices_below_min",
      input: maxChoices,
    });
  if (limits.min !== undefined && limits.max !== undefined && limits.max < limits.min)
    issues.push({
      code: "custom",
      path: ["validationSettings", "max"],
      message: "limits.max_below_min",
      input: limits.max,
    });
  if (limits.minLength !== undefined && limits.maxLength !== undefined && limits.maxLength < limits.minLength)
    issues.push({
      code: "custom",
      path: ["validationSettings", "maxLength"],
      message: "limits.max_length_below_min",
      input: limits.maxLength,
    });
  return issues;
}

/** The types whose answer is several choices, held to their fieldSettings' minChoices and maxChoices. */
const SEVERAL_CHOICES: ReadonlySet<string> = new Set(["checkbox", "multipleChoice", "imageChoice"]);

/**
 * What the element's schema finds wrong with it, which depends on the element alone: a caller that
 * never changes an element in place may keep the answer for as long as it keeps the element.
 */
export function ownElementIssues(element: TElement): z.core.$ZodIssue[] {
  const parsed = ZElement.safeParse(element);
  return parsed.success ? boundsIssues(element) : parsed.error.issues;
}

/**
 * What ownElementIssues finds in `element`, knowing what it found in `base`: only the top-level
 * settings that are not the very same values as the base's are parsed again (the element's schema
 * checks each setting on its own), so a keystroke in a question does not parse the whole element.
 */
export function ownElementIssuesSince(
  element: TElement,
  base: TElement,
  baseIssues: readonly z.core.$ZodIssue[],
): z.core.$ZodIssue[] {
  const shape = ZElement.shape;
  const changed = (Object.keys(shape) as (keyof typeof shape)[]).filter((key) => element[key] !== base[key]);
  if (changed.length === 0) return [...baseIssues];
  const kept = baseIssues.filter((issue) => !changed.includes(issue.path[0] as keyof typeof shape));
  const fresh = changed.flatMap((key) => {
    const parsed = shape[key].safeParse(element[key]);
    if (parsed.success) return boundsIssues(element).filter((issue) => issue.path[0] === key);
    return parsed.error.issues.map((issue) => ({ ...issue, path: [key, ...issue.path] }));
  });
  return [...kept, ...fresh];
}

/** The problem of a sound element's formula name among the form's elements (unique, not reserved), if any. */
function formulaNameIssues(element: TElement, elements: readonly TElement[]): z.core.$ZodIssue[] {
  const problem = formulaNameProblem(element, elements);
  return problem
    ? [{ code: "custom", path: ["formulaName"], message: problem, input: element.formulaName }]
    : [];
}
