import { sql } from "drizzle-orm";
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { attempts, createdAt, jobState, nextAttemptAt } from "./columns.ts";
import { formAnswers } from "./forms.ts";
import { accounts } from "./identity.ts";

/** Behavioural segments (platform.md §3): named ranges of the six attributes (docs/behaviour.md). */
export const segments = pgTable(
  "segments",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    color: text("color").notNull(),
    /** core's SegmentCondition[]: each attribute once, with its value from and to. */
    conditions: jsonb("conditions").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] })],
);

/** A submission in a segment, as its last recalculation found it; gone with the submission or the segment. */
export const segmentMembers = pgTable(
  "segment_members",
  {
    accountId: integer("account_id").notNull(),
    segmentId: integer("segment_id").notNull(),
    formId: integer("form_id").notNull(),
    answerId: integer("answer_id").notNull(),
  },
  (t) => [
    primaryKey({ name: "segment_members_pk", columns: [t.accountId, t.segmentId, t.answerId] }),
    foreignKey({
      name: "segment_members_segment_fk",
      columns: [t.accountId, t.segmentId],
      foreignColumns: [segments.accountId, segments.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "segment_members_answer_fk",
      columns: [t.accountId, t.answerId],
      foreignColumns: [formAnswers.accountId, formAnswers.id],
    }).onDelete("cascade"),
    index("segment_members_form_idx").on(t.accountId, t.segmentId, t.formId),
  ],
);

/**
 * One recalculation of a segment over some forms (PATCH /api/forms/answers/recalculate-segments/{id}),
 * drained by features/segments/jobs.ts; progress is counted in submissions.
 */
export const segmentJobs = pgTable(
  "segment_jobs",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    segmentId: integer("segment_id").notNull(),
    formIds: jsonb("form_ids").notNull(),
    state: jobState(),
    attempts: attempts(),
    nextAttemptAt: nextAttemptAt(),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      name: "segment_jobs_segment_fk",
      columns: [t.accountId, t.segmentId],
      foreignColumns: [segments.accountId, segments.id],
    }).onDelete("cascade"),
    index("segment_jobs_due_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
  ],
);
