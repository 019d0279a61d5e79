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
