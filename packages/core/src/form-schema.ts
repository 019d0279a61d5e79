import { z } from "zod";
import { DEFAULT_TEXTS } from "./defaults.ts";
import { isValidInterval } from "./interval.ts";
import {
  RESULT_VIEWS,
  ZCursorOutActions,
  ZGradation,
  ZPassedFailed,
  ZResultCategory,
} from "./result-schema.ts";
import { ZRule } from "./rule-schema.ts";

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
  questionsNumbering: z.string().max(40).default("notShow"),
  questionsNumberingTemplate: z.string().max(100).default(""),
  isRequiredFieldStarsShown: z.boolean().default(true),
  layoutType: z.string().max(40).default("1-col"),
  tags: z.array(z.string().max(100)).max(100).default([]),
  hasAnonymousFilling: z.enum(["anonymous", "registered"]).default("anonymous"),
  afterFormFillingActions: ZAfterFormFillingActions.default(ZAfterFormFillingActions.parse({})),
  hasCaptcha: z.boolean().default(false),
  submitButtonDescription: z.string().max(200).default(DEFAULT_TEXTS.sendButton),
  /** Time a respondent must wait before submitting again ("1d 6h"); blank means no limit. */
  nextSubmissionTime: z
    .string()
    .max(100)
    .refine(isValidInterval, "form.next_submission_time.invalid")
    .default(""),
  nextSubmissionText: z.string().max(1000).default(DEFAULT_TEXTS.nextSubmissionText),
  collectBehaviorData: z.boolean().default(true),
  collectRealCharacters: z.boolean().default(true),
  hasVideoCapturing: z.boolean().default(false),
  hasAudioCapturing: z.boolean().default(false),
  resultUnits: z.string().max(40).default("trueFalse"),
  resultType: z.enum(RESULT_VIEWS).default("passed_failed"),
  resultsHandlingPassedFailed: ZPassedFailed.default(ZPassedFailed.parse({})),
  resultsHandlingGradation: z.array(ZGradation).max(100).default([]),
  resultsHandlingGradationCategories: z.array(ZResultCategory).max(100).default([]),
  cursorOutActions: ZCursorOutActions.default(ZCursorOutActions.parse({})),
  display: z.enum(["all", "stepByStep", "severalPages"]).default("all"),
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
