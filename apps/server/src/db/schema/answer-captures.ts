import { index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * One chunk of a filling's video or audio capture (MediaRecorder), its bytes in the file storage
 * under `storageKey`, kept under the filling's key as the session recording is: the submission sent
 * with that key is the one it belongs to. Stored only after the respondent agreed to capturing;
 * removed with the submission, and by the clean-up when its form is gone or no submission took it.
 */
export const answerCaptures = pgTable(
  "answer_captures",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    submissionKey: text("submission_key").notNull(),
    seq: integer("seq").notNull(),
    /** The recorder's type, as the first chunk's bytes show it (video/webm, audio/webm…). */
    mimeType: text("mime_type").notNull(),
    storageKey: text("storage_key").notNull(),
    /** The chunk's size, which the filling's limit counts. */
    bytes: integer("bytes").notNull(),
    /** The sender's address (an IPv6 network counts as one): its share of the form's unclaimed captures. */
    uploader: text("uploader").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("answer_captures_chunk_key").on(t.accountId, t.formId, t.submissionKey, t.seq),
    index("answer_captures_created_idx").on(t.createdAt),
    index("answer_captures_account_created_idx").on(t.accountId, t.createdAt),
  ],
);
