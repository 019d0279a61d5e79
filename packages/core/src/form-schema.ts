import { z } from "zod";
import { MAX_RESPONSES_LIMIT } from "./closing.ts";
import { DEFAULT_TEXTS } from "./defaults.ts";
import { FIELD_TYPES } from "./element-schema.ts";
import { ZEndingScreen } from "./ending-screen-schema.ts";
import { isValidInterval } from "./interval.ts";
import { NUMBERING_MODES } from "./numbering.ts";
import {
  RESULT_VIEWS,
  ZCursorOutActions,
  ZGradation,
  ZPassedFailed,
  ZResultCategory,
} from "./result-schema.ts";
import { ZRule } from "./rule-schema.ts";
import { isAllowedPicture } from "./style-guard.ts";
import { ZStyle } from "./styling.ts";
import { ZWelcomeScreen } from "./welcome-screen.ts";

/**
 * forms.md §9: single column, single column with header and footer, 2/3/4 equal columns, 33/67 and
 * 67/33 — seven arrangements, each also with a header: fourteen. The single column's header and
 * footer come apart into three (header, footer, both).
 */
export const LAYOUT_TYPES = [
  "1-col",
  "1-col-header-footer",
  "1-col-footer",
  "2-col",
  "3-col",
  "4-col",
  "2-col-33-67",
  "2-col-67-33",
  "1-col-header",
  "2-col-header",
  "3-col-header",
  "4-col-header",
  "2-col-33-67-header",
  "2-col-67-33-header",
] as const;

export const CONSENT_HEADERS = {
  capturing: "Video data collection confirmation",
  behavioral: "Behavioral data collection confirmation",
} as const;

const ZConsentPopup = (header: string) =>
  z.object({
    show: z.boolean().default(true),
    header: z.string().max(500).default(header),
    checkboxes: z
      .array(
        z.object({ id: z.string().max(64), label: z.string().max(500), checked: z.boolean().default(true) }),
      )
      .max(20)
      .default([]),
  });

const ZFormFile = z.object({
  file: z.object({
    url: z.string().max(2000),
    name: z.string().max(500),
    size: z.number().int().nonnegative(),
    mimeType: z.string().max(200),
  }),
  isNew: z.boolean().default(false),
  isDeleted: z.boolean().default(false),
});

export const ZAfterFormFillingActions = z.object({
  submissionAction: z
    .enum(["showThankYouPage", "showFormAgain", "redirectToUrl"])
    .default("showThankYouPage"),
  thankYouPageTitle: z.string().max(500).default(DEFAULT_TEXTS.thankYouPageTitle),
  thankYouPageText: z.string().max(5000).default(DEFAULT_TEXTS.thankYouPageText),
  customUrl: z.string().max(2000).default(""),
  completeFormButton: z.string().max(200).default(DEFAULT_TEXTS.completeFormButton),
});

/**
 * The form's own settings (forms.md §3) with the defaults of §9. Stored as one JSON document;
 * the columns the database needs to query (title, alias, published) are copied out of it.
 */
export const ZFormSettings = z.object({
  title: z.string().trim().max(500).default(""),
  description: z.string().max(10000).default(""),
  type: z.enum(["data_collection", "calculation"]).default("data_collection"),
  businessTask: z.string().max(100).default("none"),
  language: z.string().max(10).default("EN"),
  isPublished: z.boolean().default(true),
  formPathAlias: z.string().trim().max(80).default(""),
  questionsOutputting: z.union([z.literal("all"), z.number().int().positive()]).default("all"),
  questionsOrder: z.enum(["ordered", "random"]).default("ordered"),
  questionsNumbering: z.enum(NUMBERING_MODES).default("notShow"),
  questionsNumberingTemplate: z.string().max(100).default(""),
  isRequiredFieldStarsShown: z.boolean().default(true),
  layoutType: z.enum(LAYOUT_TYPES).default("1-col"),
  tags: z.array(z.string().max(100)).max(100).default([]),
  hasAnonymousFilling: z.enum(["anonymous", "registered"]).default("anonymous"),
  afterFormFillingActions: ZAfterFormFillingActions.default(ZAfterFormFillingActions.parse({})),
  welcomeScreen: ZWelcomeScreen.default(ZWelcomeScreen.parse({})),
  /** Thank-you screens chosen by the quiz gradation or a rule that held (ending-screens.ts). */
  endingScreens: z.array(ZEndingScreen).max(50).default([]),
  /** The logo over the public page (a brand kit's): an https picture or one of this server's files. */
  logo: z
    .string()
    .max(2000)
    .refine((value) => value === "" || isAllowedPicture(value), "style.url.forbidden")
    .default(""),
  hasCaptcha: z.boolean().default(false),
  /** Search engines are asked not to list the public page (robots meta tag and X-Robots-Tag: noindex). */
  hideFromSearchEngines: z.boolean().default(false),
  submitButtonDescription: z.string().max(200).default(DEFAULT_TEXTS.sendButton),
  /** Time a respondent must wait before submitting again ("1d 6h"); blank means no limit. */
  nextSubmissionTime: z
    .string()
    .max(100)
    .refine(isValidInterval, "form.next_submission_time.invalid")
    .default(""),
  nextSubmissionText: z.string().max(1000).default(DEFAULT_TEXTS.nextSubmissionText),
  /**
   * The moment the form stops taking submissions (an ISO instant, written with its offset; the
   * builder shows it in the author's time zone); null: it does not close by date.
   */
  closeAt: z.iso
    .datetime({ offset: true, error: "form.close_at.invalid" })
    .refine((value) => Number.isFinite(Date.parse(value)), "form.close_at.invalid")
    .nullable()
    .default(null),
  /** The form closes once it holds this many submissions; null: no limit. */
  maxResponses: z
    .number({ error: "form.max_responses.invalid" })
    .int("form.max_responses.invalid")
    .min(1, "form.max_responses.invalid")
    .max(MAX_RESPONSES_LIMIT, "form.max_responses.invalid")
    .nullable()
    .default(null),
  collectBehaviorData: z.boolean().default(true),
  collectRealCharacters: z.boolean().default(true),
  /** The server keeps a filling's answers so far as it goes, shown to the author as a partial response. */
  savePartialResponses: z.boolean().default(false),
  hasVideoCapturing: z.boolean().default(false),
  hasAudioCapturing: z.boolean().default(false),
  resultUnits: z.string().max(40).default("trueFalse"),
  resultType: z.enum(RESULT_VIEWS).default("passed_failed"),
  resultsHandlingPassedFailed: ZPassedFailed.default(ZPassedFailed.parse({})),
  resultsHandlingGradation: z.array(ZGradation).max(100).default([]),
  resultsHandlingGradationCategories: z.array(ZResultCategory).max(100).default([]),
  cursorOutActions: ZCursorOutActions.default(ZCursorOutActions.parse({})),
  display: z.enum(["all", "stepByStep", "severalPages"]).default("all"),
  visibleQuestionNumber: z.boolean().default(false),
  /** The applied theme's random 9-character id, as the theme lists show it (forms.md §9). */
  themeId: z.string().max(64).nullable().default(null),
  formStyling: ZStyle.default({}),
  fieldsGeneralStyling: ZStyle.default({}),
  fieldsTypesStyling: z.partialRecord(z.enum(FIELD_TYPES), ZStyle).default({}),
  formColor: z.string().max(60).default(""),
  /**
   * The author's own style sheet (advanced). Checked and put under the form's root by
   * custom-css.ts when it is saved and again when it is served; 20,000 characters at most.
   */
  customCss: z.string().max(20_000, "style.css.invalid").default(""),
  fieldsCategoriesColors: z.record(z.string().max(64), z.string().max(60)).default({}),
  hasFaceRecognition: z.boolean().default(false),
  hasEmotionsRecognition: z.boolean().default(false),
  hasAgeGenderRecognition: z.boolean().default(false),
  hasVideoAudioQuestions: z.boolean().default(false),
  isCaptureVideo: z.boolean().default(false),
  isCaptureAudio: z.boolean().default(false),
  /** The filling is recorded for replay (rrweb) once the respondent agreed to capturing. */
  hasSessionRecording: z.boolean().default(false),
  capturingConfirmPopup: ZConsentPopup(CONSENT_HEADERS.capturing).default(
    ZConsentPopup(CONSENT_HEADERS.capturing).parse({}),
  ),
  behavioralConfirmPopup: ZConsentPopup(CONSENT_HEADERS.behavioral).default(
    ZConsentPopup(CONSENT_HEADERS.behavioral).parse({}),
  ),
  formFiles: z.array(ZFormFile).max(100).default([]),
  formGroups: z
    .array(z.object({ id: z.string().max(64), fields: z.array(z.string().max(64)).max(1000) }))
    .max(200)
    .default([]),
  hasTimer: z.boolean().default(false),
  /** Seconds for the whole form and for each question; 0 means no limit. */
  allFormTime: z.number().int().nonnegative().default(0),
  perQuestionTime: z.number().int().nonnegative().default(0),
  formTimer: z
    .object({
      showTimer: z.enum(["notShow", "show"]).default("notShow"),
      formTimer: z.number().int().nonnegative().default(0),
      stepTimer: z.number().int().nonnegative().default(0),
    })
    .default({ showTimer: "notShow", formTimer: 0, stepTimer: 0 }),
  hasAnswerNotifications: z.boolean().default(false),
  completionRules: z
    .object({
      show: z.boolean().default(false),
      message: z.string().max(5000).default(""),
      link: z.string().max(2000).default(""),
    })
    .default({ show: false, message: "", link: "" }),
  completionRulesLink: z.string().max(2000).default(""),
  isFillingRulesShown: z.boolean().default(false),
  /** Text shown under the send button. */
  textAfterButton: z.string().max(5000).default(""),
  conditionalRules: z.array(ZRule).max(200).default([]),
});
export type TFormSettings = z.infer<typeof ZFormSettings>;
export type TFormSettingsInput = z.input<typeof ZFormSettings>;

/**
 * A partial update keeps every setting it does not name. The defaults are removed first:
 * an optional setting with a default would otherwise be filled in, and overwrite the form.
 */
export const ZFormSettingsPatch = z.object(
  Object.fromEntries(
    Object.entries(ZFormSettings.shape).map(([key, schema]) => [key, schema.removeDefault().optional()]),
  ) as {
    [K in keyof typeof ZFormSettings.shape]: z.ZodOptional<
      ReturnType<(typeof ZFormSettings.shape)[K]["removeDefault"]>
    >;
  },
);
