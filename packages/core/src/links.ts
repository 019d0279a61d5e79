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
