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
