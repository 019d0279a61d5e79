import { z } from "zod";
import { EMOTIONS, RECOGNITION_LIMITS } from "../recognition.ts";

const ZEmotion = z.enum(EMOTIONS);
const ZGender = z.enum(["male", "female"]);
/** A number for each of the seven emotions. */
const perEmotion = (value: z.ZodNumber) =>
  z.object(
    Object.fromEntries(EMOTIONS.map((emotion) => [emotion, value])) as Record<
      (typeof EMOTIONS)[number],
      z.ZodNumber
    >,
  );

/** One look at the camera (core's RecognitionSample). */
export const ZRecognitionSample = z.strictObject({
  /** Milliseconds after the question was first answered in this filling. */
  at: z.number().int().min(0).max(86_400_000),
  /** Faces seen; 0 is "no face found". */
  faces: z.number().int().min(0).max(50),
  /** Of the largest face: each emotion's score, 0–1. */
  emotions: z.partialRecord(ZEmotion, z.number().min(0).max(1)).optional(),
  age: z.number().min(0).max(120).optional(),
  gender: ZGender.optional(),
});

/** POST /api/forms/answer/recognition: what the page recognised per question so far. */
export const ZRecognitionBatch = z.strictObject({
  formId: z.number().int().positive().max(2_147_483_647),
  /** The Idempotency-Key the submission is sent with. */
  key: z.string().regex(/^[\x21-\x7e]{1,200}$/),
  /** The capturing consent's ticked options. */
  capturingConfirmOptions: z.array(z.string().max(64)).max(20),
  fields: z
    .array(
      z.strictObject({
        fieldId: z.string().min(1).max(100),
        samples: z.array(ZRecognitionSample).max(RECOGNITION_LIMITS.samplesPerField),
      }),
    )
    .min(1)
    .max(RECOGNITION_LIMITS.fieldsPerRequest),
});
export type TRecognitionBatch = z.infer<typeof ZRecognitionBatch>;

/** A question's recognition added up (core's FieldRecognition). */
const ZFieldSummary = z.object({
  fieldId: z.string(),
  question: z.string(),
  samples: z.number().int(),
  withFace: z.number().int(),
  maxFaces: z.number().int(),
  age: z.number().nullable(),
  gender: ZGender.nullable(),
});

/** GET /api/forms/{id}/answer/{answerId}/faces: the faces, age and gender seen at each question. */
export const ZAnswerFaces = z.object({
  answerId: z.number().int(),
  /** Whether the form recognises faces, age and gender at all. */
  recognises: z.object({ faces: z.boolean(), emotions: z.boolean(), ageGender: z.boolean() }),
  /** Every question's samples together; null when nothing was recognised. */
  overall: ZFieldSummary.omit({ fieldId: true, question: true }).nullable(),
  fields: z.array(ZFieldSummary),
});
export type TAnswerFaces = z.infer<typeof ZAnswerFaces>;

/** GET /api/forms/{id}/answer/{answerId}/charts/fields-emotions: each question's emotions. */
export const ZAnswerFieldsEmotions = z.object({
  answerId: z.number().int(),
  fields: z.array(
    z.object({
      fieldId: z.string(),
      question: z.string(),
      expectedEmotion: ZEmotion.nullable(),
      samples: z.number().int(),
      withFace: z.number().int(),
      /** The emotion with the highest mean score; null when no face was found. */
      dominant: ZEmotion.nullable(),
      /** Whether the dominant emotion is the expected one; null without either. */
      matchesExpected: z.boolean().nullable(),
      emotions: perEmotion(z.number()).nullable(),
      /** Each sample: when, the faces seen, its strongest emotion and that emotion's score. */
      timeline: z.array(
        z.object({
          at: z.number().int(),
          faces: z.number().int(),
          emotion: ZEmotion.nullable(),
          score: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type TAnswerFieldsEmotions = z.infer<typeof ZAnswerFieldsEmotions>;

/** GET /api/forms/{id}/answers/charts/fields-emotions: each question's emotions over the submissions. */
export const ZFormFieldsEmotions = z.object({
  /** Submissions with any recognition. */
  submissions: z.number().int(),
  fields: z.array(
    z.object({
      fieldId: z.string(),
      question: z.string(),
      expectedEmotion: ZEmotion.nullable(),
      /** Submissions with samples at this question. */
      answers: z.number().int(),
      /** Of those, the ones where no face was found. */
      noFace: z.number().int(),
      /** How many submissions had each emotion as the question's dominant one. */
      dominant: perEmotion(z.number().int()),
      /** Submissions whose dominant emotion was the expected one; null without an expected emotion. */
      matchedExpected: z.number().int().nullable(),
    }),
  ),
});
export type TFormFieldsEmotions = z.infer<typeof ZFormFieldsEmotions>;
