import { customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { formForeignKey } from "./forms.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * One batch of a filling's session recording (rrweb events), gzipped, under the filling's key as
 * its behaviour batches are: the submission sent with that key is the one it replays. Stored only
 * after the respondent agreed to capturing; removed with the submission, with the form, or by the
 * clean-up when no submission took it.
 */
export const sessionRecordings = pgTable(
  "session_recordings",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    submissionKey: text("submission_key").notNull(),
    seq: integer("seq").notNull(),
    /** The batch's events as JSON, gzipped. */
    data: bytea("data").notNull(),
    /** Its gzipped size, which the filling's limit counts. */
    bytes: integer("bytes").notNull(),
    /** Its JSON's size before gzip, which the filling's limit counts too. */
    rawBytes: integer("raw_bytes").notNull().default(0),
    /** The sender's address (an IPv6 network counts as one): its share of the form's unclaimed recordings. */
    uploader: text("uploader").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    formForeignKey(t),
    uniqueIndex("session_recordings_batch_key").on(t.accountId, t.formId, t.submissionKey, t.seq),
    index("session_recordings_created_idx").on(t.createdAt),
    index("session_recordings_account_created_idx").on(t.accountId, t.createdAt),
  ],
);
