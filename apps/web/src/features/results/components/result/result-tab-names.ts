/** The sub-pages of a single result, as the spec names them (forms.md §2). */
export const RESULT_TABS = [
  "view",
  "calculations",
  "additional-info",
  "user-activity",
  "visualizations",
  "video-emotions",
  "behavior-pattern",
  "user-activity-recording",
  "video-questions",
] as const;
export type ResultTab = (typeof RESULT_TABS)[number];
