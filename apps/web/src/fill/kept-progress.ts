import { dropKept, keepLocally, readKept } from "./kept-locally.ts";

/**
 * A filling kept on this device as it goes, one per form: the answers that may be kept (no
 * passwords, signatures or captcha; uploads by their references), the page reached, the key its
 * submission will be sent with and when it was started, so a reload or a closed tab takes it up
 * again where it was and its time spent counts from its start.
 */
export interface Progress {
  values: Record<string, unknown>;
  page: number;
  history: number[];
  submissionKey: string;
  savedAt: string;
  /** Absent in what was kept before it was. */
  startTime?: string;
  /** When each page was first shown (epoch ms by page), which a step's time counts from. */
  stepStarts?: Record<number, number>;
}

/** The pages' first moments that may be believed: whole pages, no later than now. */
function stepStartsOf(kept: unknown): Record<number, number> {
  if (!kept || typeof kept !== "object") return {};
  return Object.fromEntries(
    Object.entries(kept).filter(
      ([page, at]) => /^\d+$/.test(page) && typeof at === "number" && at > 0 && at <= Date.now(),
    ),
  );
}

const progressKey = (formId: number) => `formloom.progress.${formId}`;

export function readProgress(formId: number): Progress | null {
  const kept = readKept(progressKey(formId)) as Progress | null;
  if (!kept || typeof kept.submissionKey !== "string" || typeof kept.values !== "object") return null;
  return {
    ...kept,
    page: Number.isInteger(kept.page) && kept.page >= 0 ? kept.page : 0,
    history: Array.isArray(kept.history) ? kept.history.filter(Number.isInteger) : [],
    startTime:
      typeof kept.startTime === "string" && Date.parse(kept.startTime) <= Date.now()
        ? kept.startTime
        : undefined,
    stepStarts: stepStartsOf(kept.stepStarts),
  };
}

/** Keeps the filling within forms.md §5's local storage limits; false when it may not be kept. */
export const keepProgress = (formId: number, progress: Progress): boolean =>
  keepLocally(progressKey(formId), progress);

export const dropProgress = (formId: number): void => dropKept(progressKey(formId));
