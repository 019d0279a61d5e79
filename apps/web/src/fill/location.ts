import { SEND_STEP } from "@formloom/core/form-post";
import { keptPathArgs, START_PARAM } from "@formloom/core/path-args";

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
  /** Past the welcome screen: its Start was followed as a link, without JavaScript (`?start=1`). */
  started: boolean;
  /** The link's other query parameters, kept with the submission (core's path-args). */
  pathArgs: Record<string, string>;
}

export function readLocation(url: URL): FillLocation | null {
  // The address a form is posted to without JavaScript shows the form too (a refused post).
  const match = new RegExp(`^/f/([^/]+)(/thankyou|/${SEND_STEP})?/?$`).exec(url.pathname);
  if (!match?.[1]) return null;
  const subdomain = url.searchParams.get("a") ?? "";
  return {
    alias: decodeURIComponent(match[1]),
    subdomain,
    thankYou: match[2] === "/thankyou",
    started: url.searchParams.get(START_PARAM) === "1",
    pathArgs: keptPathArgs(url.searchParams),
  };
}

export function fillPath(location: Pick<FillLocation, "alias" | "subdomain">, thankYou: boolean): string {
  const account = location.subdomain ? `?a=${encodeURIComponent(location.subdomain)}` : "";
  return `/f/${encodeURIComponent(location.alias)}${thankYou ? "/thankyou" : ""}${account}`;
}

/** The form's own link, path args included. */
export function linkPath(location: Pick<FillLocation, "alias" | "subdomain" | "pathArgs">): string {
  return withArgs(fillPath(location, false), location.pathArgs);
}

/**
 * Where the form is posted without JavaScript, path args included: beside the page, not to its own
 * address. A post to an address drops the browser's copy of the page there, so Back would draw the
 * form again under a new submission key while the browser puts the sent answers back in it, and
 * sending them again would store them twice; kept, the page sends them under the first key.
 */
export function postPath(location: Pick<FillLocation, "alias" | "subdomain" | "pathArgs">): string {
  const account = location.subdomain ? `?a=${encodeURIComponent(location.subdomain)}` : "";
  return withArgs(`/f/${encodeURIComponent(location.alias)}/${SEND_STEP}${account}`, location.pathArgs);
}

function withArgs(path: string, pathArgs: Record<string, string>): string {
  const args = new URLSearchParams(pathArgs).toString();
  return args ? `${path}${path.includes("?") ? "&" : "?"}${args}` : path;
}

/** The API call (its path under /api) that loads the form a location names, with or without its account. */
export function formApiPath(location: Pick<FillLocation, "alias" | "subdomain">): string {
  const alias = encodeURIComponent(location.alias);
  return location.subdomain
    ? `/forms/path/${alias}/${encodeURIComponent(location.subdomain)}`
    : `/forms/path/${alias}`;
}
