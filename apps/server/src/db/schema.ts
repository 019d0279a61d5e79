// The database schema, one file per area; drizzle-kit reads it from here.

export * from "./schema/answer-captures.ts";
export * from "./schema/answer-recognitions.ts";
export * from "./schema/automation.ts";
export * from "./schema/billing.ts";
export * from "./schema/brand.ts";
export * from "./schema/form-chains.ts";
export * from "./schema/forms.ts";
export * from "./schema/google.ts";
export * from "./schema/identity.ts";
export * from "./schema/interviewer-areas.ts";
export * from "./schema/jobs.ts";
export * from "./schema/question-bank.ts";
export * from "./schema/search.ts";
export * from "./schema/segments.ts";
export * from "./schema/session-recordings.ts";
export * from "./schema/shared-reports.ts";
export * from "./schema/storage-writes.ts";
export * from "./schema/support.ts";
export * from "./schema/teams.ts";
export * from "./schema/visits.ts";
export * from "./schema/webhooks.ts";
