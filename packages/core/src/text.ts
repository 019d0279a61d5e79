/** Tags, comments and entities out of HTML, leaving the text a reader sees. */
export function stripHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

export const TITLE_LENGTH = 20;

/** Titles over 20 characters are cut to 20 and end with an ellipsis (forms.md §5). */
export function shortenTitle(title: string, length = TITLE_LENGTH): string {
  const chars = [...title];
  return chars.length > length ? `${chars.slice(0, length).join("")}...` : title;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a database can keep this text: PostgreSQL refuses U+0000 in text and jsonb, and a lone
 * UTF-16 surrogate (legal in JSON's `\ud800` escape) has no UTF-8 form.
 */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !LONE_SURROGATE.test(text);
}

/** JSON.parse, and whether every text in it, keys too, can be kept (isStorableText). */
export function parseJsonText(text: string): { value: unknown; storable: boolean } {
  let storable = true;
  const value: unknown = JSON.parse(text, (key, item: unknown) => {
    if (!isStorableText(key) || (typeof item === "string" && !isStorableText(item))) storable = false;
    return item;
  });
  return { value, storable };
}
