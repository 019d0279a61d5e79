import type { TElement } from "./element-schema.ts";
import type { ValidationError } from "./errors.ts";
import { isAnswerable } from "./field-registry.ts";
import {
  answersOnPages,
  type DisplayMode,
  nextPage,
  pageElements,
  splitPages,
  walkPages,
} from "./form-pages.ts";
import { newlyOpened } from "./form-post.ts";
import type { TRule } from "./rule-schema.ts";
import { evaluate } from "./rules.ts";
import { checkAnswer, type TSubmissionAnswer } from "./submission.ts";

/**
 * A form on pages filled without JavaScript: each page is posted on its own, and the server keeps
 * the answers of the pages so far under the filling's key. This decides what one post does: go
 * back, stay on the page with its errors, go on to the next page, or send the whole filling.
 */
export type PagedStep =
  | {
      kind: "page";
      page: number;
      /** The pages passed through to it, oldest first: where Back goes, as the page's script keeps them. */
      history: number[];
      values: Record<string, unknown>;
      errors: ValidationError[];
      /** Said above the send button: the page's answers opened questions on it, now shown. */
      notice?: "form.more_questions";
    }
  | { kind: "send"; values: Record<string, unknown> };

interface PagedPost {
  /** The questions as this respondent was given them (their seed's order and part). */
  elements: readonly TElement[];
  rules: readonly TRule[];
  display: DisplayMode;
  /** The page the post came from, as the page said it. */
  page: number;
  /** The post came from the Back button. */
  back: boolean;
  /** The answers of the pages before, as the server kept them. */
  kept: Readonly<Record<string, unknown>>;
  /** The answers in this post: only those of its own page are taken. */
  posted: readonly TSubmissionAnswer[];
  /** What the page says it drew open (`FORM_POST_FIELDS.opened`). */
  opened?: string | undefined;
}

/** How many pages the form has for this respondent; 1 for a form on one page. */
export const pageCount = (elements: readonly TElement[], display: DisplayMode) =>
  splitPages(elements, display).length;

export function pagedStep(post: PagedPost): PagedStep {
  const { elements, rules } = post;
  const pages = splitPages(elements, post.display);
  const last = pages.length - 1;
  const at = Math.min(Math.max(0, Math.trunc(post.page) || 0), last);
  const onPage = (index: number) => pageElements(pages[index] ?? [], elements);
  const ids = new Set(
    onPage(at)
      .filter(isAnswerable)
      .map((element) => element.id),
  );
  // This page's answers replace what was kept of them: an answer cleared is gone.
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries(post.kept).filter(([id]) => !ids.has(id)),
  );
  for (const answer of post.posted) if (ids.has(answer.fieldId)) values[answer.fieldId] = answer.answer;
  const trail = (page: number) => pageTrail(post, values, page);
  if (post.back) {
    // Back goes to the page the respondent came from, over the pages a logic jump passed.
    const history = trail(at).slice(0, -1);
    const page = history.pop() ?? Math.max(0, at - 1);
    return { kind: "page", page, history, values, errors: [] };
  }

  // A question of this page its answers opened was never seen: the page comes back with it, as
  // the page's script would have shown it, before anything on it is found wrong.
  // The rules see the pages walked through to this one, as the page's script does.
  const walked = answersOnPages(pages, elements, trail(at), values);
  const answers = Object.entries(walked).map(([fieldId, answer]) => ({ fieldId, answer }));
  if (newlyOpened(elements, rules, answers, post.opened).some((id) => ids.has(id)))
    return {
      kind: "page",
      page: at,
      history: trail(at).slice(0, -1),
      values,
      errors: [],
      notice: "form.more_questions",
    };
  const outcome = evaluate(elements, rules, walked);
  const shown = (element: TElement) =>
    !outcome.elements[element.id]?.hidden && !(outcome.elements[element.id]?.disabled ?? element.isDisabled);
  const errors = onPage(at)
    .filter((element) => isAnswerable(element) && shown(element))
    .flatMap((element) => {
      const code = checkAnswer(element, outcome.values[element.id]);
      return code ? [{ field: element.id, code, message: code }] : [];
    });
  if (errors.length > 0) return { kind: "page", page: at, history: trail(at).slice(0, -1), values, errors };
  if (at >= last) return { kind: "send", values };
  let target = nextPage(pages, elements, at, outcome.jumpTo);
  // A page whose every question the rules hide is passed over, as the page's script does.
  while (target < last && onPage(target).filter(shown).length === 0) target++;
  return { kind: "page", page: target, history: [...trail(at)], values, errors: [] };
}

/**
 * The pages a respondent passed through to `page` with these answers, `page` last, walked as the
 * page's script walks them: leaving each page, the rules see the answers of the pages passed so
 * far, a logic jump moves forward and a page whose every question is hidden is passed over. A page
 * the walk does not reach (answers changed since) is taken as reached from the page before it.
 */
function pageTrail(post: PagedPost, values: Readonly<Record<string, unknown>>, page: number): number[] {
  const { path, reached } = walkPages(post.elements, post.rules, values, post.display, page);
  return reached === page ? [...path, page] : [...Array(page + 1).keys()];
}

/** The questions of a page, in its order. */
function questionsOn(elements: readonly TElement[], display: DisplayMode, page: number): string[] {
  const pages = splitPages(elements, display);
  return pageElements(pages[page] ?? [], elements)
    .filter(isAnswerable)
    .map((element) => element.id);
}

/** The first question of a page: where a respondent on it stopped. */
export function firstQuestionOn(elements: readonly TElement[], display: DisplayMode, page: number) {
  return questionsOn(elements, display, page)[0] ?? null;
}

/** The page holding the first of these questions, for an error found only when sending. */
export function pageOfFirst(elements: readonly TElement[], display: DisplayMode, ids: readonly string[]) {
  const pages = splitPages(elements, display);
  const index = pages.findIndex((page) =>
    pageElements(page, elements).some((element) => ids.includes(element.id)),
  );
  return Math.max(0, index);
}
