/** The link respondents open: /f/<alias> with the account's subdomain (see fill/location.ts). */
export function publicFormUrl(alias: string, subdomain: string): string {
  return `${window.location.origin}/f/${encodeURIComponent(alias)}?a=${encodeURIComponent(subdomain)}`;
}
