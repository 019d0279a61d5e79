import type { Emotion, RecognitionSample } from "@formloom/core/recognition";
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { formForeignKey } from "./forms.ts";

/**
 * One question's on-device recognition of a filling (faces, emotions, age and gender), kept under
 * the filling's key as captures are: the submission sent with that key is the one it belongs to.
 * Stored only after the respondent agreed to capturing; removed with the submission, with its form,
 * and by the clean-up when no submission took it within a day.
 */
export const answerRecognitions = pgTable(
  "answer_recognitions",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    submissionKey: text("submission_key").notNull(),
    fieldId: text("field_id").notNull(),
    /** The page's looks at the camera while the question was answered, in time order. */
    samples: jsonb("samples").$type<RecognitionSample[]>().notNull(),
    /** The sender's address (an IPv6 network counts as one): its share of the form's unclaimed recognition. */
    uploader: text("uploader").notNull().default(""),
    /** The samples' size as sent, which that share counts. */
    bytes: integer("bytes").notNull().default(0),
    /** The samples that found a face, kept with them so the form's chart adds up rows, not timelines. */
    withFace: integer("with_face").notNull().default(0),
    /** The samples' dominant emotion (summarizeSamples), kept likewise; null without a face and emotions. */
    dominant: text("dominant").$type<Emotion>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    formForeignKey(t),
    uniqueIndex("answer_recognitions_field_key").on(t.accountId, t.formId, t.submissionKey, t.fieldId),
    index("answer_recognitions_created_idx").on(t.createdAt),
    index("answer_recognitions_account_created_idx").on(t.accountId, t.createdAt),
  ],
);
