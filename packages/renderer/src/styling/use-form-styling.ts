import type { TElement } from "@formloom/core/element-schema";
import { fontStylesheet, usedFonts } from "@formloom/core/fonts";
import { DEFAULT_FORM_STYLE } from "@formloom/core/styling";
import { type RefCallback, useCallback, useEffect, useMemo, useState } from "react";
import { type Area, fieldStyle, formStyle, layoutAreas, layoutOf, type StyleSettings } from "./form-style.ts";
import "./layouts.css";
import "./styling.css";

/** How many columns the form's own width leaves room for: one, at most two, or all of the layout's. */
export type Fit = "1" | "2" | "all";

export function fitFor(width: number, oneColumn: number, twoColumns: number): Fit {
  if (width < oneColumn) return "1";
  return width < twoColumns ? "2" : "all";
}

const breakpoint = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 4000 ? value : fallback;

/**
 * The styling of one form: props for its <form> and for each element's wrapper. The columns
 * follow the form's own width (not the window's), so the builder's narrow preview shows what a
 * phone shows; the break points are the form style's.
 */
export function useFormStyling(settings: StyleSettings, ordered: readonly TElement[]) {
  const [fit, setFit] = useState<Fit>("all");
  const one = breakpoint(
    settings.formStyling?.oneColumnBreakpoint,
    DEFAULT_FORM_STYLE.oneColumnBreakpoint ?? 480,
  );
  const two = breakpoint(
    settings.formStyling?.twoColumnBreakpoint,
    DEFAULT_FORM_STYLE.twoColumnBreakpoint ?? 800,
  );
  const measure: RefCallback<HTMLElement> = useCallback(
    (node) => {
      if (!node) return;
      const update = () => setFit(fitFor(node.getBoundingClientRect().width, one, two));
      update();
      const observer = new ResizeObserver(update);
      observer.observe(node);
      return () => observer.disconnect();
    },
    [one, two],
  );
  useFormFonts(settings, ordered);
  const layout = layoutOf(settings);
  const form = formStyle(settings);
  const areas = layoutAreas(layout, ordered);
  // One style object per element while the styling and the areas stay the same: a question that
  // did not change then has the very style it had, and is not drawn again on a keystroke elsewhere.
  const areasKey = [...areas].join(";");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key holds what the areas are made of
  const field = useMemo(() => {
    const styles = new WeakMap<TElement, ReturnType<typeof fieldStyle>>();
    return (element: TElement) => {
      let style = styles.get(element);
      if (!style) {
        style = fieldStyle(element, settings, areas.get(element.id) as Area | undefined);
        styles.set(element, style);
      }
      return style;
    };
  }, [settings, areasKey]);
  return {
    form: {
      ref: measure,
      style: form.style,
      "data-layout": form.layout,
      "data-columns": layout.columns,
      "data-fit": fit,
    },
    field,
  };
}

/**
 * Links the stylesheets of the served fonts the form uses, once each, into the page's head (the
 * server-drawn page has them already; the builder's preview and a page drawn in the browser do not).
 */
function useFormFonts(settings: StyleSettings, ordered: readonly TElement[]) {
  const addresses = usedFonts(settings, ordered).map(fontStylesheet).join(" ");
  useEffect(() => {
    for (const href of addresses.split(" ").filter(Boolean)) {
      if (document.head.querySelector(`link[rel="stylesheet"][href="${href}"]`)) continue;
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      document.head.append(link);
    }
  }, [addresses]);
}
