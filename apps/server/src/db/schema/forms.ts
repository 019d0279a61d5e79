import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { accounts, users } from "./identity.ts";

export const forms = pgTable(
  "forms",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    id: integer("id").generatedAlwaysAsIdentity(),
    creatorId: integer("creator_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    alias: text("alias").notNull(),
    isPublished: boolean("is_published").notNull(),
    /** The form's settings (core's ZFormSettings) as one document. */
    settings: jsonb("settings").notNull(),
    /** The form's elements (core's ZElements). */
    fields: jsonb("fields").notNull(),
    /** Questions deleted since, as they last were (forms/presenter.ts readRemovedFields). */
    removedFields: jsonb("removed_fields").notNull().default([]),
    /** The core model version the documents were written at (core's MODEL_VERSION); 0 = read through the schemas. */
    modelVersion: integer("model_version").notNull().default(0),
    createdAt: createdAt(),
    /** Also the version a cached copy of the form is checked against when a submission is stored. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("forms_id_idx").on(t.id),
    uniqueIndex("forms_account_alias_key").on(t.accountId, t.alias),
    // A link without its account (/f/<alias>) looks the alias up in all accounts.
    index("forms_alias_idx").on(t.alias),
  ],
);

/** A row's form within its account; deleting the form deletes the row. */
export const formForeignKey = (t: { accountId: AnyPgColumn; formId: AnyPgColumn }) =>
  foreignKey({ columns: [t.accountId, t.formId], foreignColumns: [forms.accountId, forms.id] }).onDelete(
    "cascade",
  );

export const formAnswers = pgTable(
  "form_answers",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    /**
     * The submission's number within its form (1, 2, …; never reused), taken from
     * form_answer_counts.last_number by a row trigger (migration 0022) inside the inserting
     * statement; a row inserted with a number keeps it and moves the counter past it.
     */
    number: integer("number"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    startTime: timestamp("start_time", { withTimezone: true }),
    submitTime: timestamp("submit_time", { withTimezone: true }).notNull().defaultNow(),
    formPassingTime: integer("form_passing_time"),
    answers: jsonb("answers").notNull(),
    device: jsonb("device").notNull(),
    deviceFingerprint: text("device_fingerprint"),
    /** The signed respondent cookie's id the server issued to this browser, if it sent one. */
    respondent: text("respondent"),
    ip: text("ip"),
    /**
     * Where the submitter's address is, as the shipped GeoIP database places it (geo.ts): country,
     * region, city, zipcode, time zone, latitude and longitude. Null for private addresses.
     */
    geo: jsonb("geo"),
    /**
     * Names one submission within its form: the client's Idempotency-Key, else one the server
     * makes. A retried submission with the same key is stored once.
     */
    submissionKey: text("submission_key").notNull().default(sql`gen_random_uuid()::text`),
    miscData: jsonb("misc_data"),
    /**
     * The questions the respondent was shown, by id: not those hidden by the rules or the author,
     * on a page never reached, not drawn by their seed, or added to the form after they sent it.
     * Null for submissions stored before this was kept.
     */
    shown: jsonb("shown"),
    /** The options the respondent ticked in the form's consent pop-ups; [] when they cancelled. */
    capturingConfirmOptions: jsonb("capturing_confirm_options"),
    behavioralConfirmOptions: jsonb("behavioral_confirm_options"),
    isViewed: boolean("is_viewed").notNull().default(false),
    /** Calculation forms: the total score, the result (core's ResultOutcome) and each field's points. */
    score: doublePrecision("score"),
    result: jsonb("result"),
    fieldScores: jsonb("field_scores"),
    /** The readers' tags, and their comments on fields' answers by field id. */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    fieldComments: jsonb("field_comments").notNull().default(sql`'{}'::jsonb`),
    /** Whether the search's answer index holds it (features/search/answer-index.ts). */
    searchIndexed: boolean("search_indexed").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({ columns: [t.accountId, t.formId], foreignColumns: [forms.accountId, forms.id] }),
    // One index per sort key the results table offers, each ending in the id that breaks ties,
    // so a page (and the page after a cursor) is read in order, never sorted from every row.
    index("form_answers_form_submit_idx").on(t.accountId, t.formId, t.submitTime, t.id),
    index("form_answers_form_id_idx").on(t.accountId, t.formId, t.id),
    index("form_answers_form_passing_idx").on(t.accountId, t.formId, t.formPassingTime, t.id),
    index("form_answers_form_score_idx").on(t.accountId, t.formId, t.score, t.id),
    index("form_answers_form_viewed_idx").on(t.accountId, t.formId, t.isViewed, t.id),
    index("form_answers_form_number_idx").on(t.accountId, t.formId, t.number, t.id),
    // The results table's filters by an answer's value (containment) and by tags.
    index("form_answers_answers_gin").using("gin", sql`${t.answers} jsonb_path_ops`),
    index("form_answers_tags_gin").using("gin", t.tags),
    // Led by the key: a lookup by key reads its own rows, never a form's (0059).
    uniqueIndex("form_answers_submission_key").on(t.submissionKey, t.accountId, t.formId),
    // The submissions the search has still to index.
    index("form_answers_search_pending_idx").on(t.accountId, t.id).where(sql`not ${t.searchIndexed}`),
    // The unread filter, newest first.
    index("form_answers_unread_idx")
      .on(t.accountId, t.formId, t.submitTime, t.id)
      .where(sql`not ${t.isViewed}`),
  ],
);

/**
 * Each form's number of submissions and of unread ones, kept exact by statement triggers on
 * form_answers (migration 0018) in the same transaction as the change, so the results table and
 * the unread badge never count the form's rows.
 */
export const formAnswerCounts = pgTable(
  "form_answer_counts",
  {
    accountId: integer("account_id").notNull(),
    formId: integer("form_id").notNull(),
    total: integer("total").notNull().default(0),
    unread: integer("unread").notNull().default(0),
    /** The last submission number given in the form; deleting submissions does not lower it. */
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.formId] }), formForeignKey(t)],
);

/**
 * Files respondents uploaded to a form's file, image, photo or audio field. The id is the upload
 * id an answer refers to; the bytes live in the file storage under `storageKey`. A file belongs to
 * its form, and once a submission refers to it, to that submission: deleting either removes it,
 * and an upload no submission took is removed by housekeeping after a day.
 */
export const formFiles = pgTable(
  "form_files",
  {
    id: text("id").primaryKey(),
    accountId: integer("account_id").notNull(),
    formId: integer("form_id").notNull(),
    fieldId: text("field_id").notNull(),
    /** The submission that took the file; null until one does. */
    answerId: integer("answer_id"),
    name: text("name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    /** The uploader's address (an IPv6 network counts as one) and filling key: their share of the form's unclaimed files. */
    uploader: text("uploader"),
    fillingKey: text("filling_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("form_files_form_idx").on(t.accountId, t.formId, t.answerId),
    index("form_files_unclaimed_idx").on(t.createdAt).where(sql`${t.answerId} is null`),
  ],
);

/**
 * Behaviour a respondent's browser recorded while filling a form (focus, blur, typing counts,
 * pointer samples), one row per batch it sent. A filling is named by the key its submission is
 * later stored under (form_answers.submission_key), which joins the two; `seq` numbers the
 * batches of one filling so a batch sent twice is kept once.
 */
export const behaviorLogs = pgTable(
  "behavior_logs",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    submissionKey: text("submission_key").notNull(),
    seq: integer("seq").notNull(),
    respondent: text("respondent"),
    events: jsonb("events").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    formForeignKey(t),
    uniqueIndex("behavior_logs_batch_key").on(t.accountId, t.formId, t.submissionKey, t.seq),
    index("behavior_logs_created_idx").on(t.createdAt),
    index("behavior_logs_account_created_idx").on(t.accountId, t.createdAt),
  ],
);

/**
 * A filling not sent yet, kept by the server under the filling's key (the key its submission is
 * later stored under): the answers so far and the question where the respondent stopped. Kept
 * apart from form_answers, so no count, export, webhook or notification ever takes one for a
 * submission; storing the submission with the same key deletes it. `listed` rows are the ones the
 * author asked for ("save partial responses"); the others are the pages of a form filled without
 * JavaScript, kept only until it is sent.
 */
export const formPartials = pgTable(
  "form_partials",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    submissionKey: text("submission_key").notNull(),
    respondent: text("respondent"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    answers: jsonb("answers").notNull(),
    /** The question the respondent was at when this was saved (the first of their current page). */
    stoppedAt: text("stopped_at"),
    /** The page they were on (0 = first). */
    page: integer("page").notNull().default(0),
    listed: boolean("listed").notNull(),
    startTime: timestamp("start_time", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    formForeignKey(t),
    uniqueIndex("form_partials_key").on(t.submissionKey, t.accountId, t.formId),
    index("form_partials_form_updated_idx").on(t.accountId, t.formId, t.updatedAt, t.id),
  ],
);

/**
 * How a form is placed on another site (the publishing page's "web-site" section): a frame, a
 * pop-up button or a side panel, with the options its copied snippet carries.
 */
export const embeddings = pgTable(
  "embeddings",
  {
    accountId: integer("account_id").notNull(),
    id: integer("id").generatedAlwaysAsIdentity(),
    formId: integer("form_id").notNull(),
    name: text("name").notNull(),
    type: text("type", { enum: ["iframe", "popup_button", "panel_widget"] }).notNull(),
    options: jsonb("options").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    formForeignKey(t),
    index("embeddings_form_idx").on(t.accountId, t.formId),
  ],
);

/**
 * Form themes (forms.md §3 "Theme"): a user's own (ownerId set) or the account's common ones
 * (ownerId null, kept by its admins). Names are unique among a user's own and among the common.
 */
export const formThemes = pgTable(
  "form_themes",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: integer("id").generatedAlwaysAsIdentity(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    order: integer("sort_order").notNull().default(0),
    /** core's ZThemeStyling. */
    styling: jsonb("styling").notNull(),
    /** The random 9-character id the theme lists and a form's themeId show (forms.md §9). */
    uid: text("uid").notNull().default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 9)`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("form_themes_name_key").on(
      t.accountId,
      sql`coalesce(${t.ownerId}, 0)`,
      sql`lower(${t.name})`,
    ),
  ],
);

/** The results table's columns (which, in what order, how wide) as one user arranged them for one form. */
export const resultsTableLayouts = pgTable(
  "results_table_layouts",
  {
    accountId: integer("account_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    formId: integer("form_id").notNull(),
    columns: jsonb("columns").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.formId] }), formForeignKey(t)],
);

/**
 * When each user last opened a form's results list: the submissions after it are the ones new to
 * them (GET /forms/{id}/answers/recent-new), counted over form_answers_form_submit_idx from there.
 */
export const resultsSeen = pgTable(
  "results_seen",
  {
    accountId: integer("account_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    formId: integer("form_id").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.formId] }), formForeignKey(t)],
);
