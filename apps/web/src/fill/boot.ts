import type { TPublicForm } from "@formloom/core/api/forms";
import { DEFAULT_TEXTS, RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { TShownEnding } from "@formloom/core/ending-screens";
import type { TPostedForm } from "@formloom/core/form-post";
import type { TRespondentOutcome } from "@formloom/core/thank-you";
import { catalogTranslate, englishText, type Translate } from "@formloom/renderer/form-renderer";
import type { FillLocation } from "./location.ts";

/** The id of the page's embedded JSON: what the server rendered, for the browser to take over. */
export const BOOT_ELEMENT_ID = "fill-data";

/**
 * What the server rendered the public page from: the form (or the notice shown instead of it),
 * where it lives, and the respondent texts of the form's language, so the browser shows the same
 * page without asking the server again.
 */
export interface FillBoot {
  location: FillLocation | null;
  /** The form, or the message code of the notice shown instead of it. */
  form: { kind: "ready"; data: TPublicForm } | { kind: "failed"; code: string };
  /** The seed the server ordered the questions with (respondent-language.ts). */
  seed?: string | undefined;
  /** The texts of the form's language (null: English, which needs none). */
  catalog: Record<string, string> | null;
  /** The form as posted without JavaScript and refused: drawn again with its answers and errors. */
  submitted?: TPostedForm | undefined;
  /**
   * The result of the calculation form just sent without JavaScript, for its thank-you page; null
   * when that submission has none. Absent when the page names no submission: the tab's kept one is shown.
   */
  outcome?: TRespondentOutcome | null | undefined;
  /** The ending screen the form just sent without JavaScript reached, the same way. */
  ending?: TShownEnding | null | undefined;
  /**
   * A form that shows itself again after sending, just sent without JavaScript: drawn afresh,
   * saying the answers were sent, with the result they gave (null: none).
   */
  sentAgain?: { outcome: TRespondentOutcome | null } | undefined;
}

export const bootTranslate = (catalog: FillBoot["catalog"]): Translate =>
  catalog ? catalogTranslate(catalog) : englishText;

/**
 * The part of a language's catalog the respondent's page uses: the message codes and the
 * English texts the form shows, keyed as the catalogs key them (flow/translate.ts).
 */
export function respondentCatalog(
  catalog: Record<string, string>,
  alsoAsked: Iterable<string> = [],
): Record<string, string> {
  const wanted = new Set<string>([
    ...Object.values(DEFAULT_TEXTS),
    ...Object.values(RESPONDENT_TEXTS),
    ...alsoAsked,
  ]);
  return Object.fromEntries(
    Object.entries(catalog).filter(([key]) => key.startsWith("codes.") || wanted.has(key)),
  );
}

/** JSON that is safe inside `<script type="application/json">`: no `<` can close the element. */
export function embeddedJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

/** The server's boot data, when the page was rendered on the server; null on a client-only page. */
export function readBoot(): FillBoot | null {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as FillBoot;
  } catch {
    return null;
  }
}
