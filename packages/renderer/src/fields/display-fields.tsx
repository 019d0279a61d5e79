import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { FieldType, TElement } from "@formloom/core/element-schema";
import { formulaValues } from "@formloom/core/scoring";
import type { DOMPurify as Purifier } from "dompurify";
import { type ComponentType, useEffect, useMemo, useState } from "react";
import { CaptchaSlot } from "../captcha-slot.tsx";
import { useTranslate } from "../translate-context.ts";
import "./display-fields.css";
import { ImageSlider, PopupBlock } from "./lazy-widgets.tsx";

/** What an element that shows something (and takes no answer) is drawn from. */
export interface DisplayProps {
  element: TElement;
  /** The whole form and the answers so far, for what is computed from them. */
  fields: readonly TElement[];
  values: Readonly<Record<string, unknown>>;
  id: string;
}

let purifier: Purifier | undefined;
let loadingPurifier: Promise<Purifier> | undefined;

/**
 * A DOMPurify of our own (its hooks are per instance), loaded with the first markup to show: a
 * form without rich text never loads it (the public page's script has a budget), and a page the
 * server drew already shows the server's sanitised markup meanwhile. Every link it lets through
 * opens in a new tab without handing that tab a reference back to the form.
 */
function loadPurifier(): Promise<Purifier> {
  loadingPurifier ??= import("dompurify").then(({ default: DOMPurify }) => {
    const made = DOMPurify(window);
    made.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A" && node.hasAttribute("href")) {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer");
      }
    });
    purifier = made;
    return made;
  });
  return loadingPurifier;
}

/** What sanitises where there is no window: the server drawing the public page. */
let windowlessSanitizer: ((content: string) => string) | undefined;

/** Sets how author markup is sanitised where there is no window (DOMPurify needs one). */
export function sanitizeWithoutWindow(sanitize: (content: string) => string): void {
  windowlessSanitizer = sanitize;
}

const sanitizeWith = (sanitizer: Purifier, content: string) =>
  sanitizer.sanitize(content, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style"] });

/**
 * The markup sanitised now if it can be: on the server by its sanitiser (without one, nothing of
 * it), in the browser once DOMPurify has loaded; null while it has not.
 */
function sanitizedNow(content: string): string | null {
  if (typeof window === "undefined") return windowlessSanitizer?.(content) ?? "";
  return purifier ? sanitizeWith(purifier, content) : null;
}

/**
 * The element's rich text, with scripts, event handlers and javascript: links taken out. Until the
 * sanitiser has loaded it is empty, which a page the server drew keeps showing its own copy for:
 * hydration leaves inner HTML as the server wrote it.
 */
export function MarkupBlock({ element, id }: DisplayProps) {
  return <AuthorMarkup className="fl-markup" id={id} content={element.fieldSettings.content ?? ""} />;
}

/**
 * An author's rich text (a block of the form, a thank-you page's text), sanitised where it is
 * drawn: on the server too, so a page without its script shows it formatted, links and all.
 */
export function AuthorMarkup({
  content,
  className,
  id,
}: {
  content: string;
  className: string;
  id?: string;
}) {
  const [loaded, setLoaded] = useState(purifier !== undefined);
  const html = useMemo(
    () => (loaded || typeof window === "undefined" ? sanitizedNow(content) : null),
    [content, loaded],
  );
  useEffect(() => {
    if (!loaded) void loadPurifier().then(() => setLoaded(true));
  }, [loaded]);
  // The HTML has just been through DOMPurify (the server's sanitiser on the server): that is the
  // point of this element.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above
  return <div className={className} id={id} dangerouslySetInnerHTML={{ __html: html ?? "" }} />;
}

/** A picture is only drawn from the web, the site itself or an inline image. */
const SAFE_IMAGE_URL = /^(https?:\/\/|\/(?!\/)|data:image\/)/i;

/** The element's pictures, each with its caption, as wide as the form and loaded when near. */
export function ImagePromo({ element, id }: DisplayProps) {
  const images = (element.fieldSettings.images ?? []).filter((image) => SAFE_IMAGE_URL.test(image.url));
  return (
    <div className="fl-images" id={id}>
      {images.map((image) => (
        <figure key={image.id} className="fl-image">
          <img src={image.url} alt={image.caption || element.title} loading="lazy" decoding="async" />
          {image.caption && <figcaption aria-hidden="true">{image.caption}</figcaption>}
        </figure>
      ))}
    </div>
  );
}

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 });

/** The formula's value from the answers so far, computed by core as the server will. */
export function FormulaOutput({ element, fields, values, id }: DisplayProps) {
  const translate = useTranslate();
  const later = element.fieldSettings.formulaAfterSending === true;
  const value = later ? undefined : formulaValues(fields, values)[element.formulaName];
  return (
    <div className="fl-formula">
      <label className="fl-question" htmlFor={id}>
        {element.question || element.title || element.formulaName}
      </label>
      <output
        id={id}
        className={later ? "fl-formula-value fl-formula-later" : "fl-formula-value"}
        aria-live="polite"
      >
        {later
          ? translate(RESPONDENT_TEXTS.formulaAfterSending)
          : value === null || value === undefined
            ? "—"
            : numberFormat.format(value)}
      </output>
    </div>
  );
}

/** Elements drawn by the form that take no answer, so never appear among the submitted ones. */
export const displayComponents: Partial<Record<FieldType, ComponentType<DisplayProps>>> = {
  markup: MarkupBlock,
  imagePromo: ImagePromo,
  formula: FormulaOutput,
  imageSlider: ImageSlider,
  popup: PopupBlock,
  captcha: CaptchaSlot,
};
