import type { TFormListItem } from "@formloom/core/api/forms";

/** forms.md §2: the date-range filter starts at 2018-01-01 and ends today. */
export const DEFAULT_FROM = "2018-01-01";

/** Today as YYYY-MM-DD in the browser's time zone. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface FormsFilter {
  search: string;
  /** YYYY-MM-DD, inclusive; empty means no bound. */
  from: string;
  to: string;
}

/** A start after the end is refused (the spec's search rule, §5). */
export const rangeInvalid = (filter: Pick<FormsFilter, "from" | "to">) =>
  filter.from !== "" && filter.to !== "" && filter.from > filter.to;

/** The forms whose title matches and that were created inside the range (by the browser's calendar). */
export function filterForms(forms: readonly TFormListItem[], filter: FormsFilter): TFormListItem[] {
  const words = filter.search.trim().toLowerCase();
  const invalid = rangeInvalid(filter);
  return forms.filter((form) => {
    if (words && !form.title.toLowerCase().includes(words) && !form.formPathAlias.includes(words))
      return false;
    if (invalid) return true;
    const created = today(new Date(form.creationDate));
    return (!filter.from || created >= filter.from) && (!filter.to || created <= filter.to);
  });
}
