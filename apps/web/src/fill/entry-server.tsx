import { randomBytes } from "node:crypto";
import type { TPublicForm } from "@formloom/core/api/forms";
import type { TShownEnding } from "@formloom/core/ending-screens";
import { fontStylesheet, usedFonts } from "@formloom/core/fonts";
import { FORM_POST_FIELDS, type TPostedForm } from "@formloom/core/form-post";
import { formLocale } from "@formloom/core/locales";
import { isMediaQuestionType, RECORDER_TEXTS } from "@formloom/core/media-questions";
import type { TRespondentOutcome } from "@formloom/core/thank-you";
import { sanitizeWithoutWindow } from "@formloom/renderer/fields/display-fields";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import esProgress from "../i18n/locales/es/partial-responses.json";
import es from "../i18n/locales/es.json";
import itProgress from "../i18n/locales/it/partial-responses.json";
import it from "../i18n/locales/it.json";
import ruProgress from "../i18n/locales/ru/partial-responses.json";
import ru from "../i18n/locales/ru.json";
import ukProgress from "../i18n/locales/uk/partial-responses.json";
import uk from "../i18n/locales/uk.json";
import { BOOT_ELEMENT_ID, embeddedJson, type FillBoot, respondentCatalog } from "./boot.ts";
import { FillApp } from "./fill-app.tsx";
import type { FillLocation } from "./location.ts";
import { setDrawnSeed } from "./respondent-language.ts";
import { sanitizeOnServer } from "./server-markup.ts";

/**
 * The server side of the public form page, built by Vite into dist-ssr (vite.fill.config.ts)
 * and loaded by the server at start-up, so the API's own code carries no UI library.
 */

// The respondent texts of kept progress live in their feature's catalog beside the main one.
const CATALOGS: Record<string, Record<string, string>> = {
  es: { ...es, ...esProgress },
  it: { ...it, ...itProgress },
  ru: { ...ru, ...ruProgress },
  uk: { ...uk, ...ukProgress },
};

sanitizeWithoutWindow(sanitizeOnServer);

export interface PublicPageRequest {
  /** The built page (dist/fill.html) with its script and style links. */
  template: string;
  /** The page's absolute address, for link previews. */
  url: string;
  location: FillLocation | null;
  /** The form, or the message code of the notice shown instead (form.not_found…). */
  form: { kind: "ready"; data: TPublicForm } | { kind: "failed"; code: string };
  /** A form sent without JavaScript and refused: what was answered and what was wrong. */
  submitted?: TPostedForm | undefined;
  /** The result of the form just sent without JavaScript (null: none), as FillBoot's. */
  outcome?: TRespondentOutcome | null | undefined;
  /** The ending screen the form just sent without JavaScript reached (null: none), as FillBoot's. */
  ending?: TShownEnding | null | undefined;
  /** A form that shows itself again, just sent without JavaScript, as FillBoot's. */
  sentAgain?: FillBoot["sentAgain"];
}

/** The whole HTML page: the form's questions, its language and link-preview tags, and boot data. */
export function renderPublicPage(request: PublicPageRequest): string {
  const { form } = request;
  const locale = form.kind === "ready" ? formLocale(form.data.form.language) : "en";
  const full = locale === "en" ? null : (CATALOGS[locale] ?? null);
  // Texts the page asks for while it is drawn travel with it, beside the respondent texts.
  const asked = new Set<string>();
  const watched = full
    ? new Proxy(full, {
        get: (target, key) => {
          if (typeof key === "string") asked.add(key);
          return target[key as string];
        },
      })
    : null;
  // A shuffled form is drawn in the order of a seed the browser then keeps as the respondent's;
  // a refused post is drawn again in the order it was filled in.
  const seed = request.submitted?.hidden[FORM_POST_FIELDS.seed] || randomBytes(8).toString("hex");
  const boot: FillBoot = {
    location: request.location,
    form,
    seed,
    catalog: watched,
    ...(request.submitted ? { submitted: request.submitted } : {}),
    ...(request.outcome !== undefined ? { outcome: request.outcome } : {}),
    ...(request.ending !== undefined ? { ending: request.ending } : {}),
    ...(request.sentAgain ? { sentAgain: request.sentAgain } : {}),
  };
  setDrawnSeed(seed);
  const body = renderToString((<FillApp boot={boot} />) as unknown as VNode);
  setDrawnSeed(undefined);
  // The recorder of a video or audio question loads after the page and is never drawn here.
  if (form.kind === "ready" && form.data.fields.some((field) => isMediaQuestionType(field.fieldType)))
    for (const text of Object.values(RECORDER_TEXTS)) asked.add(text);
  const sent: FillBoot = { ...boot, catalog: full ? respondentCatalog(full, asked) : null };

  const title = form.kind === "ready" ? form.data.form.title || "Form" : "Formloom";
  // No description tags: the form's description is its editors' note (forms.md §3, admin only).
  const head = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${attribute(title)}" />`,
    `<meta property="og:url" content="${attribute(request.url)}" />`,
    ...(form.kind === "ready" && form.data.form.hideFromSearchEngines
      ? [`<meta name="robots" content="noindex" />`]
      : []),
    // The fonts the form's styling chose, so its first paint is already in them.
    ...(form.kind === "ready" ? usedFonts(form.data.form, form.data.fields) : []).map(
      (font) => `<link rel="stylesheet" href="${fontStylesheet(font)}" />`,
    ),
  ].join("\n    ");
  return request.template
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${text(title)}</title>`)
    .replace("<!--fill-head-->", () => head)
    .replace("<!--fill-root-->", () => body)
    .replace(
      "<!--fill-data-->",
      () => `<script type="application/json" id="${BOOT_ELEMENT_ID}">${embeddedJson(sent)}</script>`,
    );
}

function text(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function attribute(value: string): string {
  return text(value).replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}
