const SCHEMES = /^(https?:|mailto:|tel:)/i;

/** External links must start with http, https, mailto or tel (forms.md §5). */
export function isExternalLink(link: string): boolean {
  return SCHEMES.test(link.trim());
}

/** A link without a scheme gets http:// in front; one with an allowed scheme is kept. */
export function normalizeExternalLink(link: string): string {
  const trimmed = link.trim();
  if (isExternalLink(trimmed)) return trimmed;
  return `http://${trimmed.replace(/^\/+/, "")}`;
}

const WEB_URL = /^https?:\/\/([^/?#\s:@]+)(:\d{1,5})?([/?#]\S*)?$/i;

/** A website link: http(s) after normalisation, with a host that has a dot and no spaces. */
export function isValidWebsite(link: string): boolean {
  if (/^(mailto|tel):/i.test(link.trim())) return false;
  const host = WEB_URL.exec(normalizeExternalLink(link))?.[1];
  return host !== undefined && /^[^.]+(\.[^.]+)+$/.test(host);
}

/** A scheme at the start of an address, as a browser reads one: letters first, then letters, digits, + - . */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A file link or a picture an author puts into a form: an http(s) address or a path of this
 * site, never a scheme that runs or carries its own content (javascript:, vbscript:, data:). It
 * is read as a browser reads it: tabs and line breaks inside dropped, blanks around trimmed, so
 * `java\tscript:` is the javascript: it becomes. An empty address is no address.
 */
export function isSafeResourceUrl(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a browser drops from an address
  const read = url.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  const scheme = SCHEME.exec(read)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === "http" || scheme === "https";
}

/** A picture drawn as an image, which runs nothing: also an image carried in a data: address. */
const IMAGE_DATA = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

/** An image option's picture: a safe address, or an image in a data: address. */
export function isSafePictureUrl(url: string): boolean {
  return isSafeResourceUrl(url) || IMAGE_DATA.test(url.trim());
}
