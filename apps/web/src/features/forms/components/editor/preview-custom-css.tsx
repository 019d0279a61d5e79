import { useEffect, useState } from "react";

/**
 * The class of the element the preview draws the form in: the root core's custom-css.ts puts every
 * author rule under (CUSTOM_CSS_ROOT), as the public page's themed root (fill/themed-page.tsx) has
 * it. Written out here, not imported, so the builder does not load the CSS parser for a form that
 * has no style sheet; the browser test of custom CSS fails if the two part.
 */
export const PREVIEW_ROOT_CLASS = "fill-theme";

/** core's custom-css.ts and its CSS parser, fetched only once a form has a style sheet. */
const loadScoping = () => import("@formloom/core/custom-css");

/**
 * The form's own style sheet in the live preview, as the public page draws it: read by the same
 * parser, refused whole when the server would refuse it (the page then draws none), and otherwise
 * put under the form's root, so nothing of it reaches the builder around the preview.
 */
export function PreviewCustomCss({ text }: { text: string }) {
  const [css, setCss] = useState("");
  useEffect(() => {
    if (!text.trim()) {
      setCss("");
      return;
    }
    let current = true;
    loadScoping()
      .then(({ scopeCustomCss }) => {
        if (!current) return;
        const scoped = scopeCustomCss(text);
        setCss(scoped.ok ? scoped.css : "");
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [text]);
  if (!css) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: read by core's CSS parser and every rule put under the preview's root (custom-css.ts); it holds no "<"
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
