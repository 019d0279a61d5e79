import type { TElement } from "@formloom/core/element-schema";
import { type DisplayMode, pageElements, splitPages } from "@formloom/core/form-pages";
import type { TFormSettings } from "@formloom/core/form-schema";
import { type NumberingMode, numberQuestions } from "@formloom/core/numbering";
import { arrangeQuestions } from "@formloom/core/question-output";

export type ArrangeSettings = Partial<
  Pick<TFormSettings, "display" | "questionsOrder" | "questionsOutputting">
>;

export interface Arranged {
  /** The elements in the order this respondent meets them. */
  elements: TElement[];
  pages: TElement[][];
}

/**
 * The respondent's form: questions in order or shuffled by the seed, only N of them when the
 * form shows a part, split into the pages of its display mode. The builder's preview shows
 * every question in the author's order, so nothing the author adds is out of reach. Given the
 * arrangement drawn before, an element that did not change is that same object again, so the
 * page redraws only the questions that did (core hands back each element as a new copy).
 */
export function arrangeForm(
  fields: readonly TElement[],
  settings: ArrangeSettings,
  seed: string,
  preview: boolean,
  before?: Arranged,
): Arranged {
  const display: DisplayMode = settings.display ?? "all";
  const elements = arrangeQuestions(
    fields,
    preview
      ? { questionsOrder: "ordered", questionsOutputting: "all" }
      : {
          questionsOrder: settings.questionsOrder ?? "ordered",
          questionsOutputting: settings.questionsOutputting ?? "all",
        },
    seed,
  );
  const kept = before ? keepDrawn(elements, before.elements) : elements;
  return { elements: kept, pages: splitPages(kept, display) };
}

/** Each element as the object drawn before when it holds the same values, key by key. */
function keepDrawn(elements: TElement[], drawn: readonly TElement[]): TElement[] {
  const byId = new Map(drawn.map((element) => [element.id, element]));
  return elements.map((element) => {
    const previous = byId.get(element.id);
    return previous && sameValues(previous, element) ? previous : element;
  });
}

function sameValues(a: TElement, b: TElement): boolean {
  const keys = Object.keys(a) as (keyof TElement)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** Numbers for the questions shown, counted across all pages in the respondent's order. */
export function questionNumbers(
  arranged: Arranged,
  shown: (element: TElement) => boolean,
  mode: NumberingMode,
  template: string,
): Record<string, string> {
  const ordered = arranged.pages.flatMap((page) => pageElements(page, arranged.elements));
  return numberQuestions(
    ordered.map((element, index) => ({ ...element, fieldOrder: index, isHidden: !shown(element) })),
    mode,
    template,
  );
}
