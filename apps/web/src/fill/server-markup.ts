import sanitizeHtml from "sanitize-html";

/**
 * Author markup sanitised on the server (sanitize-html), for the public page drawn there: the
 * browser's sanitiser (DOMPurify) needs a window. Stricter than the browser's: no inline styles,
 * only web, mail and phone links, pictures from the web or inline; every link opens in a new tab
 * without a reference back to the form.
 */
export function sanitizeOnServer(content: string): string {
  return sanitizeHtml(content, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      "img",
      "h1",
      "h2",
      "span",
      "del",
      "ins",
      "u",
      "s",
      "sub",
      "sup",
      "figure",
      "figcaption",
    ],
    allowedAttributes: {
      a: ["href", "name", "title", "target", "rel"],
      img: ["src", "alt", "title", "width", "height"],
      "*": ["class", "lang", "dir"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https", "data"] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
    },
  });
}
