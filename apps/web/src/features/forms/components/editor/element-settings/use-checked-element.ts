import { elementIssues, type TElement } from "@formloom/core/element-schema";
import { MESSAGES } from "@formloom/core/errors";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText } from "../../../../../i18n/i18n.ts";

/** One problem zod found, as core's schema reports it. */
type Issue = ReturnType<typeof elementIssues>[number];

/** Core's problems with one element among the form's, by the dotted path of the setting ("fieldSettings.maxRating"). */
export function issuesOf(element: TElement, fields: readonly TElement[]): Map<string, Issue> {
  const all = fields.some((f) => f.id === element.id)
    ? fields.map((f) => (f.id === element.id ? element : f))
    : [...fields, element];
  const found = new Map<string, Issue>();
  for (const issue of elementIssues(element, all)) {
    const key = issue.path.join(".");
    if (!found.has(key)) found.set(key, issue);
  }
  return found;
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

/**
 * Settings are checked with core's element schema before they reach the draft: a value core
 * would refuse is shown with core's reason under its input, and the draft (its undo history and
 * what is saved) keeps the last valid element. Problems the element already had do not block;
 * a different problem in their place does.
 */
export function useCheckedElement(
  element: TElement,
  fields: readonly TElement[],
  onChange: (patch: Partial<TElement>) => void,
): CheckedElement {
  const { t } = useTranslation();
  // Held only while the draft's element is the one it was refused against (undo drops it).
  const [refused, setRefused] = useState<{ base: TElement; shown: TElement }>();
  const shown = refused && refused.base === element ? refused.shown : element;
  const issues = useMemo(() => issuesOf(shown, fields), [shown, fields]);

  const replace = (next: TElement) => {
    const before = issuesOf(element, fields);
    const after = issuesOf(next, fields);
    // A new problem, or another one where there was one (an empty formula name typed into a reserved word).
    const introduces = [...after].some(([key, issue]) => before.get(key)?.message !== issue.message);
    if (introduces) {
      setRefused({ base: element, shown: next });
      return;
    }
    setRefused(undefined);
    const patch = patchOf(next, element);
    if (Object.keys(patch).length > 0) onChange(patch);
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
