import type { TElement } from "@formloom/core/element-schema";
import { answerToText, isAnswerable } from "@formloom/core/field-registry";
import { fileRefsOf, isUploadField } from "@formloom/core/field-types/file-like";
import { shownScore } from "@formloom/core/shown-score";
import { stripHtml } from "@formloom/core/text";
import { convert } from "html-to-text";
import sanitizeHtml from "sanitize-html";

/** What a notification's placeholders are filled from. */
export interface MailContext {
  formTitle: string;
  /** The submission's number within its form, as the results table shows it ([answer_id]). */
  answerNumber: number | null;
  answerId: number;
  submitTime: Date;
  score: number | null;
  fields: readonly TElement[];
  /** The stored answers by field id. */
  answers: ReadonlyMap<string, unknown>;
  /** Where the mail's reader opens a submission's file (files/file-links.ts); none: files go by name. */
  fileHref?: ((url: string) => string) | undefined;
}

/** How a placeholder's value is written where it lands: the message's HTML, or the subject. */
interface Writing {
  /** Text as it is there: escaped in HTML, on one line in a subject. */
  text(value: string): string;
  /** A file by its name, linked where the reader has an address for it. */
  file(name: string, href: string | undefined): string;
  lineBreak: string;
}

export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

const PLACEHOLDER = /\[(form_title|answer_id|submit_time|score|all_answers|answer:([A-Za-z0-9_-]{1,64}))\]/g;

/** The tags and attributes a notification's HTML keeps (sanitize-html's defaults plus images). */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img"],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ["src", "alt", "width", "height"],
    "*": ["style"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedStyles: {
    "*": {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      "text-align": [/^(left|right|center|justify)$/],
      "font-weight": [/^(bold|normal|\d{3})$/],
      "font-style": [/^(italic|normal)$/],
      "text-decoration": [/^(underline|line-through|none)$/],
    },
  },
};

function titleOf(element: TElement): string {
  const raw = element.question || element.title || element.fieldLabel || element.id;
  return stripHtml(raw).replace(/\s+/g, " ").trim() || element.id;
}

function answerValue(context: MailContext, fieldId: string, out: Writing): string {
  const element = context.fields.find((field) => field.id === fieldId);
  const answer = context.answers.get(fieldId);
  if (answer === undefined) return "";
  const files = element && isUploadField(element) ? fileRefsOf(answer) : null;
  if (files) {
    return files
      .map((file) => out.file(file.name || file.url, context.fileHref?.(file.url)))
      .join(out.text(", "));
  }
  // The respondent's words are plain text, angle brackets and all: made safe where they land.
  return out.text(element ? answerToText(element, answer) : String(answer));
}

function placeholderValue(
  context: MailContext,
  name: string,
  fieldId: string | undefined,
  out: Writing,
): string {
  if (fieldId !== undefined) return answerValue(context, fieldId, out);
  switch (name) {
    case "form_title":
      return out.text(context.formTitle);
    case "answer_id":
      // People know a submission by its number in the form; the internal id only stands in for
      // a row stored before numbers were given.
      return out.text(String(context.answerNumber ?? context.answerId));
    case "submit_time":
      return out.text(`${context.submitTime.toISOString().replace("T", " ").slice(0, 19)} UTC`);
    case "score":
      return out.text(context.score === null ? "" : String(shownScore(context.score)));
    default:
      return context.fields
        .filter((element) => isAnswerable(element) && context.answers.has(element.id))
        .map((element) => `${out.text(`${titleOf(element)}: `)}${answerValue(context, element.id, out)}`)
        .join(out.lineBreak);
  }
}

/** Fills the placeholders, each value written for where it lands by `out`. */
function fill(template: string, context: MailContext, out: Writing): string {
  return template.replace(PLACEHOLDER, (_match, name: string, fieldId: string | undefined) =>
    placeholderValue(context, name, fieldId, out),
  );
}

const inSubject: Writing = {
  text: (value) => value.replace(/\s+/g, " "),
  file: (name) => name.replace(/\s+/g, " "),
  lineBreak: " ",
};

const inHtml: Writing = {
  text: (value) => escapeHtml(value).replace(/\n/g, "<br>"),
  file: (name, href) =>
    href === undefined ? escapeHtml(name) : `<a href="${escapeHtml(href)}">${escapeHtml(name)}</a>`,
  lineBreak: "<br>",
};

/**
 * The message a notification sends for one submission. Answers are the respondent's words, so in
 * the HTML they are escaped before they are put in, and the whole is then passed through
 * sanitize-html (the author's own markup too: no scripts, handlers or javascript: links). The
 * plain-text alternative is made from that HTML; the subject takes plain text on one line.
 */
export function composeMail(
  template: { subject: string; message: string },
  context: MailContext,
): ComposedMail {
  const subject = fill(template.subject, context, inSubject)
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, 900);
  const html = sanitizeHtml(fill(template.message, context, inHtml), SANITIZE);
  const text = convert(html, { wordwrap: 100, selectors: [{ selector: "img", format: "skip" }] });
  return { subject, html, text };
}
