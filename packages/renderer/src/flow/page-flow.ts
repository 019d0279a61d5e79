import type { TElement } from "@formloom/core/element-schema";
import { isAnswerable } from "@formloom/core/field-registry";
import { nextPage } from "@formloom/core/form-pages";
import type { TRule } from "@formloom/core/rule-schema";
import { evaluate } from "@formloom/core/rules";
import { useEffect, useRef, useState } from "react";

/**
 * Where a respondent is in a form on pages: the page, the pages they came through (for Back), and
 * when each page was first shown (epoch ms), which a step's time counts from.
 */
export interface FormPosition {
  page: number;
  history: number[];
  stepStarts?: Record<number, number> | undefined;
}

/** The name of the hidden input saying which page a form posted without JavaScript was on. */
export const PAGE_INPUT = "fl-page";
/** The name of the Back button's value, when a form on pages is posted without JavaScript. */
export const BACK_INPUT = "fl-back";

interface PageFlowOptions {
  pages: readonly TElement[][];
  elements: readonly TElement[];
  fields: readonly TElement[];
  rules: readonly TRule[];
  /** The elements of a page the rules show now (asked on a move, not while drawing). */
  onPage(index: number): TElement[];
  /** Where to start: the page (and the pages passed through to it) of a filling taken up again. */
  initialPosition?: FormPosition | undefined;
  /** Told when the respondent moves to another page, with the question that page starts with. */
  onPositionChange?(position: FormPosition & { stoppedAt: string | null }): void;
  /** Called on every move, after the page changed. */
  onMove(): void;
}

/**
 * The page a respondent is on and the pages they came through: Next follows the rules' logic
 * jumps and passes over a page whose every question is hidden, Back returns along the way taken,
 * and the position is told on every move (a filling kept on the device takes it up again there).
 */
export function usePageFlow(options: PageFlowOptions) {
  const { pages, elements, fields, rules, onPage } = options;
  const [history, setHistory] = useState<number[]>(() => options.initialPosition?.history ?? []);
  const [page, setPage] = useState(() => options.initialPosition?.page ?? 0);
  const current = Math.min(page, pages.length - 1);
  // A page keeps the moment it was first shown when the respondent comes back to it, or reloads.
  const starts = useRef<Record<number, number>>({ ...options.initialPosition?.stepStarts });
  starts.current[current] ??= Date.now();

  const goTo = (index: number, trail: number[]) => {
    setHistory(trail);
    setPage(index);
    options.onMove();
  };

  /** On to the next page, as the answers of the pages passed through decide it. */
  const forward = (values: Readonly<Record<string, unknown>>) => {
    const trail = [...history, current];
    // The rules see only the answers of the pages passed through, as the server replays them.
    const known = Object.fromEntries(
      trail.flatMap((index) => onPage(index).map((field) => [field.id, values[field.id]])),
    );
    let target = nextPage(pages, elements, current, evaluate(fields, rules, known).jumpTo);
    while (target < pages.length - 1 && onPage(target).length === 0) target++;
    goTo(target, trail);
  };

  const back = () => {
    const previous = history.at(-1);
    if (previous !== undefined) goTo(previous, history.slice(0, -1));
  };

  /** Back to an earlier page (one with an answer to mend), as if Back had been pressed up to it. */
  const returnTo = (index: number) => goTo(index, history.slice(0, Math.max(0, history.indexOf(index))));

  const { onPositionChange } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: told of a move, not of every redraw.
  useEffect(
    () =>
      onPositionChange?.({
        page: current,
        history,
        stepStarts: { ...starts.current },
        stoppedAt: onPage(current).find(isAnswerable)?.id ?? null,
      }),
    [current, history],
  );

  return { current, history, forward, back, returnTo, stepStart: starts.current[current]! };
}
