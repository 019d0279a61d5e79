import type { DraftSettings } from "../use-form-draft.ts";

/** What every group of the Settings tab gets: the draft's settings, the messages to show, and the edit. */
export interface SectionProps {
  settings: DraftSettings;
  /** Messages keyed by setting path ("afterFormFillingActions.customUrl"), the server's and the tab's own. */
  errors: Record<string, string>;
  onChange(patch: Partial<DraftSettings>): void;
  /** Switches the display mode; back to one page also drops the page breaks (forms.md §4). */
  onDisplay(display: DraftSettings["display"]): void;
}
