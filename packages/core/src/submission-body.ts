import { z } from "zod";
import { PG_INT_MAX, ZRowIdInBody } from "./api/ids.ts";
import { MAX_CURSOR_OUT_CASES } from "./cursor-out.ts";

export const ZSubmissionAnswer = z.object({
  fieldId: z.string().min(1).max(64),
  answer: z.unknown(),
  answeringTime: z.number().nonnegative().finite().optional(),
  formulaName: z.string().max(100).optional(),
});
export type TSubmissionAnswer = z.infer<typeof ZSubmissionAnswer>;

/**
 * A moment the respondent's browser reports. Nobody opened a form before 1970, and earlier
 * times break what is derived from them: PostgreSQL has no year 0, and the fill time from 1900
 * on no longer fits its int.
 */
const ZClientTime = z.iso
  .datetime({ offset: true })
  .refine((value) => Date.parse(value) >= 0, "request.invalid");

/**
 * The times that ran out before the form was sent: the whole form's, or the steps' holding
 * these questions. Their questions may then be left empty although required.
 */
export const ZTimeUp = z.object({
  form: z.boolean().optional(),
  fields: z.array(z.string().min(1).max(64)).max(1000).optional(),
});

const ZConsentChoice = z.array(z.string().min(1).max(64)).max(20);

/**
 * What the browser tells of itself (forms.md §3 device data): the screen's width and height in CSS
 * pixels, its platform and language. The server adds type, system and browser from the User-Agent.
 */
export const ZReportedDevice = z.object({
  width: z.number().int().min(1).max(100_000).optional(),
  height: z.number().int().min(1).max(100_000).optional(),
  platform: z.string().max(64).optional(),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/, "request.invalid")
    .optional(),
});

/** What a respondent's browser sends (POST /api/forms/answer). */
export const ZSubmission = z.object({
  formId: ZRowIdInBody,
  startTime: ZClientTime.optional(),
  submitTime: ZClientTime.optional(),
  /** Seconds, kept in an int column. */
  formPassingTime: z.number().nonnegative().max(PG_INT_MAX).optional(),
  deviceFingerprint: z.string().max(200).optional(),
  captcha: z.string().max(2000).optional(),
  answers: z.array(ZSubmissionAnswer).max(1000),
  miscData: z.record(z.string(), z.unknown()).optional(),
  timeUp: ZTimeUp.optional(),
  device: ZReportedDevice.optional(),
  /** The options ticked in the consent pop-ups; empty when the respondent cancelled. */
  capturingConfirmOptions: ZConsentChoice.optional(),
  behavioralConfirmOptions: ZConsentChoice.optional(),
  /** How often the respondent left the form, as the page counted it. */
  cursorOutCases: z.number().int().nonnegative().max(MAX_CURSOR_OUT_CASES).optional(),
  /** The page sent the form by itself because the respondent left it more often than allowed. */
  sentOnCursorOut: z.boolean().optional(),
});
export type TSubmission = z.infer<typeof ZSubmission>;
