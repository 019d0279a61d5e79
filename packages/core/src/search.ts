/**
 * The global search's constants and excerpt reading, without the schemas: the app's first
 * download (the top bar, the route list) takes these and no schema library.
 */

/** What the global search looks through (forms.md §2 "Global search result groups"). */
export const SEARCH_TYPES = ["form", "form_answer", "user", "custom_page", "service"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** forms.md §9: debounce 500 ms, more than 2 characters, page size 20, start 2018-01-01. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_DEFAULT_START = "2018-01-01";

/** Where a match starts and ends in an excerpt; the excerpt is plain text otherwise. */
export const MARK_START = "<mark>";
export const MARK_END = "</mark>";

/** Splits an excerpt into plain pieces and marked ones, for showing matches without HTML. */
export function excerptPieces(excerpt: string): Array<{ text: string; marked: boolean }> {
  const pieces: Array<{ text: string; marked: boolean }> = [];
  let rest = excerpt;
  while (rest !== "") {
    const start = rest.indexOf(MARK_START);
    const end = start < 0 ? -1 : rest.indexOf(MARK_END, start);
    if (start < 0 || end < 0) {
      pieces.push({ text: rest, marked: false });
      break;
    }
    if (start > 0) pieces.push({ text: rest.slice(0, start), marked: false });
    pieces.push({ text: rest.slice(start + MARK_START.length, end), marked: true });
    rest = rest.slice(end + MARK_END.length);
  }
  return pieces;
}
