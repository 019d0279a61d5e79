import { keptPathArgs } from "@formloom/core/path-args";

/**
 * Where a public form lives: /f/<alias>[/thankyou], with the account named by `?a=<subdomain>`.
 * Without it the server decides: the account a host like <subdomain>.forms.example.com names
 * (only the server knows the public address), else the one account that publishes the alias.
 */
export interface FillLocation {
  alias: string;
  /** The account's subdomain; "" when the link does not name it in `?a=`. */
  subdomain: string;
  thankYou: boolean;
  /** The link's other query parameters, kept with the submission (core's path-args). */
  pathArgs: Record<string, string>;
}

export function readLocation(url: URL): FillLocation | null {
  const match = /^\/f\/([^/]+)(\/thankyou)?\/?$/.exec(url.pathname);
  if (!match?.[1]) return null;
  const subdomain = url.searchParams.get("a") ?? "";
  return {
    alias: decodeURIComponent(match[1]),
    subdomain,
    thankYou: Boolean(match[2]),
    pathArgs: keptPathArgs(url.searchParams),
  };
}

export function fillPath(location: Pick<FillLocation, "alias" | "subdomain">, thankYou: boolean): string {
  const account = location.subdomain ? `?a=${encodeURIComponent(location.subdomain)}` : "";
  return `/f/${encodeURIComponent(location.alias)}${thankYou ? "/thankyou" : ""}${account}`;
}

/** Where the form is posted without JavaScript: its own link, path args included. */
export function postPath(location: Pick<FillLocation, "alias" | "subdomain" | "pathArgs">): string {
  const path = fillPath(location, false);
  const args = new URLSearchParams(location.pathArgs).toString();
  return args ? `${path}${path.includes("?") ? "&" : "?"}${args}` : path;
}

/** The API call (its path under /api) that loads the form a location names, with or without its account. */
export function formApiPath(location: Pick<FillLocation, "alias" | "subdomain">): string {
  const alias = encodeURIComponent(location.alias);
  return location.subdomain
    ? `/forms/path/${alias}/${encodeURIComponent(location.subdomain)}`
    : `/forms/path/${alias}`;
}
