/**
 * Where a public form lives: /f/<alias>[/thankyou], with the account named by `?a=<subdomain>`
 * or, on a host like <subdomain>.forms.example.com, by the host's first label.
 */
export interface FillLocation {
  alias: string;
  subdomain: string;
  thankYou: boolean;
}

export function readLocation(url: URL): FillLocation | null {
  const match = /^\/f\/([^/]+)(\/thankyou)?\/?$/.exec(url.pathname);
  if (!match?.[1]) return null;
  const labels = url.hostname.split(".");
  const fromHost = labels.length > 2 && !/^\d+$/.test(labels.at(-1) ?? "") ? labels[0] : undefined;
  const subdomain = url.searchParams.get("a") ?? fromHost;
  if (!subdomain) return null;
  return { alias: decodeURIComponent(match[1]), subdomain, thankYou: Boolean(match[2]) };
}

export function fillPath(location: Pick<FillLocation, "alias" | "subdomain">, thankYou: boolean): string {
  return `/f/${encodeURIComponent(location.alias)}${thankYou ? "/thankyou" : ""}?a=${encodeURIComponent(location.subdomain)}`;
}
