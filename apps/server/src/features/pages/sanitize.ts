import sanitizeHtml from "sanitize-html";
import { invalidField } from "../../http/errors.ts";

/** Raster images only: an SVG can carry script. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,([a-z0-9+/=\s]+)$/i;

/**
 * An address as a browser reads it: without the spaces and control characters around it, the
 * tabs and line breaks within it, and with its scheme in lower case. The checks below then see
 * "DATA:" or " data:" as the "data:" it is.
 */
function asBrowsersRead(src: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the URL standard strips these controls.
  const bare = src.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(bare)?.[0];
  return scheme ? scheme.toLowerCase() + bare.slice(scheme.length) : bare;
}

/** What a custom page's HTML keeps: the editor's formatting, links, and images inline or over https. */
const PAGE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2", "u", "s", "mark", "sub", "sup"],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    "*": ["style"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https", "data"] },
  allowedStyles: { "*": { "text-align": [/^(left|right|center|justify)$/] } },
  transformTags: {
    // Links leave the app in a new tab, without handing it the opener.
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: attribs.src === undefined ? attribs : { ...attribs, src: asBrowsersRead(attribs.src) },
    }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === "img" &&
    frame.attribs.src?.startsWith("data:") === true &&
    !DATA_IMAGE.test(frame.attribs.src),
};

/**
 * The page's HTML as it is stored and served: sanitised, with each inline image under the
 * instance's limit (forms.md §5: 100 KB unless configured).
 */
export function sanitizePage(html: string, imageLimit: number): string {
  const clean = sanitizeHtml(html, PAGE_HTML);
  for (const match of clean.matchAll(/src="(data:[^"]*)"/g)) {
    const base64 = DATA_IMAGE.exec(match[1] ?? "")?.[2]?.replace(/\s/g, "") ?? "";
    const bytes =
      Math.floor((base64.length * 3) / 4) - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0);
    if (bytes > imageLimit) throw invalidField("page.image.too_large", "body");
  }
  return clean;
}
