import type { TSubmissionAnswer } from "@formloom/core/submission";
import { dropKept, keepLocally, readKept } from "./kept-locally.ts";

/**
 * Answers kept on this device when they could not be sent for want of a connection, one draft
 * per form: what the respondent entered, the answers as they were to be sent, and the
 * submission's key, so sending it later stores it once.
 */
export interface Draft {
  values: Record<string, unknown>;
  answers: TSubmissionAnswer[];
  submissionKey: string;
  savedAt: string;
  /** When the filling began: its time limit counts from then (absent in drafts kept before). */
  startTime?: string;
}

const draftKey = (formId: number) => `formloom.draft.${formId}`;

export function readDraft(formId: number): Draft | null {
  const draft = readKept(draftKey(formId)) as Draft | null;
  return draft && typeof draft.submissionKey === "string" && draft.values ? draft : null;
}

/** Keeps the draft within forms.md §5's local storage limits; false when it may not be kept. */
export const keepDraft = (formId: number, draft: Draft): boolean => keepLocally(draftKey(formId), draft);

export const dropDraft = (formId: number): void => dropKept(draftKey(formId));
