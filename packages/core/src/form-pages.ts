import type { TElement } from "./element-schema.ts";
import { isAnswerable } from "./field-registry.ts";
import type { TFormSettings } from "./form-schema.ts";
import type { TRule } from "./rule-schema.ts";
import { evaluate } from "./rules.ts";

export type DisplayMode = TFormSettings["display"];

/** Elements that arrange the pages and are never drawn as page content. */
const PAGE_TYPES: ReadonlySet<string> = new Set(["pageBreak", "stepper"]);
/** On one page there is nothing to step through: page buttons go too. */
const STEP_TYPES: ReadonlySet<string> = new Set([...PAGE_TYPES, "pageButtons"]);

const byOrder = (a: TElement, b: TElement) => a.fieldOrder - b.fieldOrder;

/**
 * Members of each field group, in the group's order. A field belongs to a group when its
 * `fieldSettings.fieldGroup` names a field-group element of the form.
 */
export function groupMembers(elements: readonly TElement[]): Map<string, TElement[]> {
  const groups = new Map<string, TElement[]>(
    elements.filter((element) => element.fieldType === "fieldGroup").map((group) => [group.id, []]),
  );
  for (const element of [...elements].sort(byOrder)) {
    const group = element.fieldSettings.fieldGroup;
    if (group !== undefined && group !== element.id) groups.get(group)?.push(element);
  }
  for (const members of groups.values())
    members.sort((a, b) => (a.fieldSettings.fieldGroupOrder ?? 0) - (b.fieldSettings.fieldGroupOrder ?? 0));
  return groups;
}

/** An element with the members of a group it holds, for counting a page's questions. */
function withMembers(element: TElement, groups: Map<string, TElement[]>): TElement[] {
  return [element, ...(groups.get(element.id) ?? [])];
}

/**
 * The pages a respondent walks through (forms.md §3 display): one page; several pages split
 * by page breaks; or step by step, where page breaks make the steps and, without any, each
 * question is a step with the texts before it. Group members stay inside their group.
 */
export function splitPages(elements: readonly TElement[], display: DisplayMode): TElement[][] {
  const groups = groupMembers(elements);
  const grouped = new Set([...groups.values()].flat().map((element) => element.id));
  const top = [...elements].sort(byOrder).filter((element) => !grouped.has(element.id));
  if (display === "all") return [top.filter((element) => !STEP_TYPES.has(element.fieldType))];

  const breaks = top.some((element) => element.fieldType === "pageBreak");
  const pages: TElement[][] = [[]];
  for (const element of top) {
    if (element.fieldType === "pageBreak") {
      pages.push([]);
      continue;
    }
    if (PAGE_TYPES.has(element.fieldType)) continue;
    const current = pages.at(-1) ?? [];
    const asks = withMembers(element, groups).some(isAnswerable);
    // Step by step without breaks: a question closes its step, so the next one starts a new one.
    current.push(element);
    if (!breaks && display === "stepByStep" && asks) pages.push([]);
  }
  const filled = pages.filter((page) => page.length > 0);
  // Texts after the last question (a closing note, the send button) join the last step.
  const last = filled.at(-1);
  if (filled.length > 1 && last && !last.some((element) => withMembers(element, groups).some(isAnswerable))) {
    filled.pop();
    filled.at(-1)?.push(...last);
  }
  return filled.length > 0 ? filled : [[]];
}

/** Every element drawn on a page, group members included. */
export function pageElements(page: readonly TElement[], elements: readonly TElement[]): TElement[] {
  const groups = groupMembers(elements);
  return page.flatMap((element) => withMembers(element, groups));
}

/**
 * The answers given on these pages: what the rules see of a walk through them. An answer on a
 * page a jump passed over, or on one not reached again since going back, counts when it is.
 */
export function answersOnPages(
  pages: readonly TElement[][],
  elements: readonly TElement[],
  indexes: readonly number[],
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const walked = new Set(
    indexes.flatMap((index) => pageElements(pages[index] ?? [], elements)).map((e) => e.id),
  );
  return Object.fromEntries(Object.entries(values).filter(([id]) => walked.has(id)));
}

/** The page holding an element (or the group around it); -1 when none does. */
export function pageOf(pages: readonly TElement[][], elements: readonly TElement[], id: string): number {
  return pages.findIndex((page) => pageElements(page, elements).some((element) => element.id === id));
}

/** A logic jump only moves forward; otherwise Next goes to the following page. */
export function nextPage(
  pages: readonly TElement[][],
  elements: readonly TElement[],
  current: number,
  jumpTo: string | null,
): number {
  const target = jumpTo ? pageOf(pages, elements, jumpTo) : -1;
  return target > current ? target : current + 1;
}

/**
 * The pages a respondent passes through with these answers, up to page `until` (by default to the
 * end): at each page the rules see only the answers given so far, so a jump decided on page 2
 * happens when leaving page 2, and a page whose every element the rules hide is passed over, as
 * the page's script passes it. `path` holds the pages left before `until`; `reached` is the page
 * the walk came to at or past it. The browser walks page by page; the server replays the walk to
 * know which questions were asked, and the page posted without JavaScript to know how it got there.
 */
export function walkPages(
  elements: readonly TElement[],
  rules: readonly TRule[],
  answers: Readonly<Record<string, unknown>>,
  display: DisplayMode,
  until = Number.POSITIVE_INFINITY,
): { path: number[]; reached: number } {
  const pages = splitPages(elements, display);
  const end = Math.min(until, pages.length);
  const path: number[] = [];
  const known: Record<string, unknown> = {};
  let current = 0;
  while (current < end) {
    path.push(current);
    for (const element of pageElements(pages[current] ?? [], elements))
      if (element.id in answers) known[element.id] = answers[element.id];
    const outcome = evaluate(elements, rules, known);
    const shown = (element: TElement) => !outcome.elements[element.id]?.hidden;
    current = nextPage(pages, elements, current, outcome.jumpTo);
    while (
      current < pages.length - 1 &&
      pageElements(pages[current] ?? [], elements).filter(shown).length === 0
    )
      current++;
  }
  return { path, reached: current };
}

/** Ids of the elements on the pages a respondent passes through (all of them on one page). */
export function reachedElementIds(
  elements: readonly TElement[],
  rules: readonly TRule[],
  answers: Record<string, unknown>,
  display: DisplayMode,
): Set<string> {
  const pages = splitPages(elements, display);
  const { path } = walkPages(elements, rules, answers, display);
  return new Set(path.flatMap((index) => pageElements(pages[index] ?? [], elements).map((e) => e.id)));
}
