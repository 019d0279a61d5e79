import { z } from "zod";
import { ZDeviceData, ZGeoData } from "./answers.ts";

/** The neighbours of one submission in the results' default order (newest first); null at either end. */
export const ZPrevNext = z.object({
  /** The submission shown before this one: the next newer. */
  prev: z.number().nullable(),
  /** The submission shown after this one: the next older. */
  next: z.number().nullable(),
  /** The same two by the form's own numbers, which the single result's page address carries. */
  prevNumber: z.number().nullable(),
  nextNumber: z.number().nullable(),
});
export type TPrevNext = z.infer<typeof ZPrevNext>;

/** One question's points in a submission, as core's fieldScore gives them for the form as it is now. */
export const ZFieldPoints = z.object({
  fieldId: z.string(),
  question: z.string(),
  score: z.number(),
  max: z.number(),
});

export const ZAnswerCalc = z.object({
  /** The total stored when the form was sent; null for a form that is not scored, or a reader of selected fields. */
  score: z.number().nullable(),
  /** The most the questions the reader sees can give. */
  maxScore: z.number(),
  /** The result view's outcome (core's ResultOutcome) stored with the submission; null when hidden or none. */
  result: z.unknown(),
  fields: z.array(ZFieldPoints),
});
export type TAnswerCalc = z.infer<typeof ZAnswerCalc>;

export const ZAnswerAdditional = z.object({
  geo: ZGeoData.nullable(),
  device: ZDeviceData,
  /** The query arguments of the link the form was opened with, when the page sent them. */
  pathArgs: z.record(z.string(), z.string()),
  startTime: z.string().nullable(),
  submitTime: z.string(),
  /** Seconds from opening the form to sending it. */
  formPassingTime: z.number().nullable(),
  /**
   * Seconds spent on each question the reader sees, where the page measured them, with the
   * author's expected bounds (userBehaviorSettings) and whether the time fell outside them.
   */
  answeringTimes: z.array(
    z.object({
      fieldId: z.string(),
      question: z.string(),
      seconds: z.number(),
      minTime: z.number().nullable(),
      maxTime: z.number().nullable(),
      outside: z.enum(["shorter", "longer"]).nullable(),
    }),
  ),
});
export type TAnswerAdditional = z.infer<typeof ZAnswerAdditional>;
