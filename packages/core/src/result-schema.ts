import { z } from "zod";

/** forms.md §3 "Result calculations": how a calculation form's score becomes a result. */
export const RESULT_VIEWS = ["passed_failed", "gradations", "categories"] as const;

const ZOutcomeText = z.object({
  passed: z.string().max(5000).default("Passed"),
  failed: z.string().max(5000).default("Failed"),
});

export const ZPassedFailed = z.object({
  passingScore: z.number().finite().default(0),
  briefResult: ZOutcomeText.default({ passed: "Passed", failed: "Failed" }),
  detailedResult: ZOutcomeText.default({ passed: "", failed: "" }),
});

export const ZGradation = z.object({
  id: z.string().min(1).max(64),
  minScoreGradation: z.number().finite(),
  maxScoreGradation: z.number().finite(),
  briefResultGradation: z.string().max(1000).default(""),
  detailedResultGradation: z.string().max(10000).default(""),
  hiddenValue: z.string().max(1000).default(""),
});

export const ZCategoryLevel = z.object({
  minScore: z.number().finite(),
  maxScore: z.number().finite(),
  briefResult: z.string().max(1000).default(""),
  detailedResult: z.string().max(10000).default(""),
  hiddenValue: z.string().max(1000).default(""),
});

export const ZResultCategory = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(500),
  levels: z.array(ZCategoryLevel).max(50).default([]),
});

/** Cursor-out actions: leaving the form's window counts as a case, and may cost points. */
export const ZCursorOutActions = z.object({
  countCases: z.boolean().default(false),
  showWarningPopup: z.boolean().default(false),
  subtractFromResult: z.number().finite().nonnegative().default(0),
  allowAmount: z.number().int().nonnegative().default(0),
  sendForm: z.boolean().default(false),
});

export type TGradation = z.infer<typeof ZGradation>;
export type TResultCategory = z.infer<typeof ZResultCategory>;
