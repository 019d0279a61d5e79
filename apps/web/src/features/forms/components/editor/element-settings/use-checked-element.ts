import {
  elementIssues,
  ownElementIssues,
  ownElementIssuesSince,
  type TElement,
} from "@formloom/core/element-schema";
import { MESSAGES } from "@formloom/core/errors";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText } from "../../../../../i18n/i18n.ts";

/** One problem zod found, as core's schema reports it. */
type Issue = ReturnType<typeof elementIssues>[number];

/** Each element's own problems, kept with it: a change checked as it is made is not parsed again when drawn. */
const ownIssues = new WeakMap<TElement, Issue[]>();
/** The element checked last: the next one of the same id is checked from it, its changed settings only. */
let lastChecked: TElement | undefined;

function ownIssuesOf(element: TElement): Issue[] {
  let own = ownIssues.get(element);
  if (!own) {
    const base = lastChecked?.id === element.id ? lastChecked : undefined;
    const baseIssues = base && ownIssues.get(base);
    own = base && baseIssues ? ownElementIssuesSince(element, base, baseIssues) : ownElementIssues(element);
    ownIssues.set(element, own);
  }
  lastChecked = element;
  return own;
}

/** Core's problems with one element among the form's, by the dotted path of the setting ("fieldSettings.maxRating"). */
export function issuesOf(element: TElement, fields: readonly TElement[]): ReadonlyMap<string, Issue> {
  const found = new Map<string, Issue>();
  // The formula name is checked against the other elements, by id, so the element's older self among them does not count.
  for (const issue of elementIssues(element, fields, ownIssuesOf(element))) {
    const key = issue.path.join(".");
    if (!found.has(key)) found.set(key, issue);
  }
  return found;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A change made from a drawing of `seen`, put over the element as it is `now`: only what differs
 * from what was seen is taken, one level into the settings objects. A part of the window drawn a
 * moment before the last keystroke then changes its own setting without taking that keystroke back.
 */
export function changedOver(now: TElement, seen: TElement, next: TElement): TElement {
  return now === seen ? next : (overlay(now, seen, next, 1) as TElement);
}

/** `now` with what differs between `seen` and `next`, looking `depth` levels into objects. */
function overlay(
  now: Record<string, unknown>,
  seen: Record<string, unknown>,
  next: Record<string, unknown>,
  depth: number,
): Record<string, unknown> {
  const merged = { ...now };
  for (const key of new Set([...Object.keys(seen), ...Object.keys(next)])) {
    const [was, will, current] = [seen[key], next[key], now[key]];
    if (JSON.stringify(was) === JSON.stringify(will)) continue;
    if (!(key in next)) delete merged[key];
    else if (depth > 0 && isRecord(was) && isRecord(will) && isRecord(current))
      merged[key] = overlay(current, was, will, depth - 1);
    else merged[key] = will;
  }
  return merged;
}

/** The top-level keys whose values differ, as the patch the draft takes. */
function patchOf(next: TElement, current: TElement): Partial<TElement> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof TElement)[])
    if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) patch[key] = next[key];
  return patch as Partial<TElement>;
}

export interface CheckedElement {
  /** The element as the inputs show it: a change core refused stays here, unsaved, with its error. */
  element: TElement;
  /** Applies a patch through the draft when core accepts the element; otherwise only shows it. */
  change(patch: Partial<TElement>): void;
  /** Applies a core builder helper's result (a whole element) the same way. */
  replace(next: TElement): void;
  /** Core's message for a setting, in the user's language. */
  error(path: string): string | undefined;
}

/** Whether two elements hold the same settings, one level deep (the draft makes new objects). */
function sameSettings(a: TElement, b: TElement): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof TElement)[]);
  return [...keys].every((key) => a[key] === b[key] || JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** The patch split by its top-level keys: those named in `keys`, and the rest. */
function split(patch: Partial<TElement>, keys: ReadonlySet<string>) {
  const named: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) (keys.has(key) ? named : rest)[key] = value;
  return { named: named as Partial<TElement>, rest: rest as Partial<TElement> };
}

/**
 * Settings are checked with core's element schema before they reach the draft: a value core
 * would refuse is shown with core's reason under its input, and the draft (its undo history and
 * what is saved) keeps the last valid element. Only the settings with the new problem are held
 * back: what else is changed meanwhile (the question, the formula beside a refused formula name)
 * goes to the draft as usual. Problems the element already had do not block; a different problem
 * in their place does.
 */
export function useCheckedElement(
  element: TElement,
  fields: readonly TElement[],
  onChange: (patch: Partial<TElement>) => void,
): CheckedElement {
  const { t } = useTranslation();
  // The refused settings, shown over the element the draft was expected to hold with them; an
  // undo, or another field, makes another element, and drops them.
  const [refused, setRefused] = useState<{ over: TElement; held: Partial<TElement> }>();
  const holding = refused !== undefined && sameSettings(refused.over, element);
  const shown = useMemo(
    () => (holding && refused ? { ...element, ...refused.held } : element),
    [holding, refused, element],
  );
  const issues = useMemo(() => issuesOf(shown, fields), [shown, fields]);

  // The element as the draft holds it now, for changes made from a drawing of an earlier one.
  const latest = useRef(element);
  latest.current = element;

  const replace = (change: TElement) => {
    const now = latest.current;
    // Made from a drawing of the element as it is: the change as it is; of an earlier one: what it changes.
    const next = now === element ? change : changedOver(now, shown, change);
    const before = issuesOf(now, fields);
    const after = issuesOf(next, fields);
    // A new problem, or another one where there was one (an empty formula name typed into a reserved word).
    const fresh = [...after].filter(([key, issue]) => before.get(key)?.message !== issue.message);
    const patch = patchOf(next, now);
    if (fresh.length === 0) {
      setRefused(undefined);
      if (Object.keys(patch).length > 0) onChange(patch);
      return;
    }
    const { named: held, rest } = split(patch, new Set(fresh.map(([key]) => key.split(".")[0]!)));
    const taken = { ...now, ...rest };
    const takenIssues = issuesOf(taken, fields);
    // The rest alone brings no problem of its own: it goes to the draft, the refused settings wait.
    if (
      Object.keys(rest).length > 0 &&
      [...takenIssues].every(([key, issue]) => before.get(key)?.message === issue.message)
    ) {
      setRefused({ over: taken, held });
      onChange(rest);
      return;
    }
    setRefused({ over: now, held: patch });
  };

  const error = (path: string) => {
    const issue = issues.get(path);
    return issue ? issueText(issue, t) : undefined;
  };

  return { element: shown, change: (patch) => replace({ ...shown, ...patch }), replace, error };
}

type T = ReturnType<typeof useTranslation>["t"];

/** A zod issue as a sentence: core's message codes by their text, bounds by their number. */
function issueText(issue: Issue, t: T): string {
  if (issue.code === "custom" && issue.message in MESSAGES) return messageText(issue.message);
  if (issue.code === "too_big") {
    const n = Number(issue.maximum);
    if (issue.origin === "string") return t("Use at most {{n}} characters", { n });
    if (issue.origin === "array") return t("At most {{n}} items", { n });
    return issue.inclusive === false ? t("Less than {{n}}", { n }) : t("At most {{n}}", { n });
  }
  if (issue.code === "too_small") {
    const n = Number(issue.minimum);
    if (issue.origin === "string") return t("Use at least {{n}} characters", { n });
    if (issue.origin === "array") return t("At least {{n}} items", { n });
    return issue.inclusive === false ? t("More than {{n}}", { n }) : t("At least {{n}}", { n });
  }
  if (issue.code === "invalid_type" && issue.expected === "int") return t("Enter a whole number");
  return t("Not a valid value");
}
