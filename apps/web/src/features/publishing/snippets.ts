import type { TEmbedding } from "@formloom/core/api/embeddings";
import { LOCALES, type Locale } from "@formloom/core/locales";
import i18n, { msg } from "../../i18n/i18n.ts";

/** What the snippets say about the form: its shared link, title and language. */
export interface SnippetForm {
  link: string;
  /**
   * The link embeds use: it names the account, since pasted code lives on for years and another
   * account publishing the same alias later must not take its place.
   */
  embedLink: string;
  title: string;
  description: string;
  language: string;
}

/** Texts the snippets carry to respondents, in the form's language rather than the author's. */
const TEXTS = {
  open: msg("Open the form"),
  close: msg("Close"),
  fill: msg("Fill in the form"),
} as const;

function formLocale(language: string): Locale {
  const code = language.trim().toLowerCase().slice(0, 2);
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : "en";
}

function inFormLanguage(form: SnippetForm, text: keyof typeof TEXTS): string {
  return i18n.getFixedT(formLocale(form.language))(TEXTS[text]);
}

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

const origin = (link: string) => new URL(link).origin;

/**
 * The HTML a site owner pastes where the form should appear: a placeholder the embed script
 * (served beside the form, /embed.js) turns into the frame, the pop-up button or the side panel.
 */
export function embedSnippet(embedding: Pick<TEmbedding, "type" | "options">, form: SnippetForm): string {
  const { options } = embedding;
  const attributes: Array<[string, string]> = [
    ["data-formloom-form", form.embedLink],
    ["data-formloom-type", embedding.type],
    ["data-formloom-title", form.title || inFormLanguage(form, "open")],
  ];
  if (embedding.type === "iframe") attributes.push(["data-formloom-height", String(options.height)]);
  else {
    attributes.push(
      ["data-formloom-button-text", options.buttonText || form.title || inFormLanguage(form, "open")],
      ["data-formloom-button-color", options.buttonColor],
      ["data-formloom-close-label", inFormLanguage(form, "close")],
    );
    if (embedding.type === "panel_widget") attributes.push(["data-formloom-side", options.side]);
  }
  const div = `<div ${attributes.map(([name, value]) => `${name}="${escapeHtml(value)}"`).join(" ")}></div>`;
  return `${div}\n<script src="${escapeHtml(`${origin(form.link)}/embed.js`)}" async></script>`;
}

/**
 * An e-mail in AMP for Email (AMP4EMAIL): mail clients that show AMP render it; the letter's
 * HTML part (htmlEmailSnippet) is what every other client shows.
 */
export function ampEmailSnippet(form: SnippetForm, colour: string): string {
  const title = escapeHtml(form.title);
  const description = form.description ? `\n    <p>${escapeHtml(stripTags(form.description))}</p>` : "";
  return `<!doctype html>
<html ⚡4email data-css-strict>
  <head>
    <meta charset="utf-8" />
    <script async src="https://cdn.ampproject.org/v0.js"></script>
    <style amp4email-boilerplate>body{visibility:hidden}</style>
    <style amp-custom>
      .card { font-family: sans-serif; max-width: 560px; margin: 0 auto; padding: 24px; }
      .button { display: inline-block; padding: 12px 24px; border-radius: 6px; background: ${colour};
        color: #ffffff; font-weight: bold; text-decoration: none; }
    </style>
  </head>
  <body>
    <div class="card">
    <h1>${title}</h1>${description}
    <p><a class="button" href="${escapeHtml(form.link)}">${escapeHtml(inFormLanguage(form, "fill"))}</a></p>
    </div>
  </body>
</html>`;
}

/** The same letter as plain HTML e-mail: a heading and a button-like link that every client shows. */
export function htmlEmailSnippet(form: SnippetForm, colour: string): string {
  const description = form.description
    ? `\n      <p style="margin:0 0 20px;color:#444444;">${escapeHtml(stripTags(form.description))}</p>`
    : "";
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-family:Arial,sans-serif;">
  <tr>
    <td style="padding:24px;">
      <h1 style="margin:0 0 12px;font-size:22px;color:#1f2430;">${escapeHtml(form.title)}</h1>${description}
      <a href="${escapeHtml(form.link)}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${colour};color:#ffffff;font-weight:bold;text-decoration:none;">${escapeHtml(inFormLanguage(form, "fill"))}</a>
    </td>
  </tr>
</table>`;
}

function stripTags(html: string): string {
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  return text.replace(/\s+/g, " ").trim();
}
