import type { TElement } from "@formloom/core/element-schema";
import {
  catalogTranslate,
  englishText,
  FormRenderer,
  type FormRendererProps,
  liveElementStore,
} from "@formloom/renderer/form-renderer";
import { memo, useLayoutEffect, useMemo, useState } from "react";

type Drawn = Omit<FormRendererProps, "translate" | "liveElement">;

export interface PreviewFormProps extends Drawn {
  /** The form language's texts; none for English. */
  catalog: Readonly<Record<string, string>> | undefined;
  /** The element being edited, drawn ahead of `fields` (which may be a moment behind). */
  selected: TElement | undefined;
}

/**
 * The preview's form, drawn by the public page's renderer: every field's widget and the rich-text
 * sanitiser, a fifth of the builder's code, which comes in a file of its own.
 */
export function PreviewForm({ catalog, selected, ...drawn }: PreviewFormProps) {
  const translate = useMemo(() => (catalog ? catalogTranslate(catalog) : englishText), [catalog]);
  // A keystroke redraws the selected element alone, before the paint: the rest of the form is
  // drawn again only when `fields`, a moment behind, changes.
  const [live] = useState(liveElementStore);
  useLayoutEffect(() => live.set(selected), [live, selected]);
  // Only while elements are picked (not while the form is tried out) is the edited one drawn ahead.
  return <Renderer {...drawn} translate={translate} liveElement={drawn.onSelectField ? live : undefined} />;
}

const Renderer = memo(FormRenderer);
