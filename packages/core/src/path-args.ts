/**
 * The query parameters a public form link was opened with (`?utm_source=…&ref=…`), kept with the
 * submission as its path args. The account alias `a` only picks the form and is left out; so are
 * the page's own parameters and empty names. At most PATH_ARGS_LIMITS.count parameters are kept, each name and value cut to its
 * length limit, so a long link cannot bloat what is stored.
 */
export const PATH_ARGS_LIMITS = { count: 30, nameLength: 100, valueLength: 500 } as const;

/**
 * A page reached after sending without JavaScript names the submission it follows
 * (`?fl-sent=<key>`): the page's own word, not the link's, so never kept as a path arg.
 */
export const SENT_PARAM = "fl-sent";

/** A welcome screen's Start followed as a link without JavaScript (`?start=1`): the page's own word too. */
export const START_PARAM = "start";

const NOT_ARGS: ReadonlySet<string> = new Set(["a", SENT_PARAM, START_PARAM]);

/**
 * Path args cut to the limits, from a link's query (`new URLSearchParams(search)`) or as a client
 * sent them; anything but a string value is dropped.
 */
export function keptPathArgs(
  pairs: Iterable<[string, unknown]> | Record<string, unknown>,
): Record<string, string> {
  const entries = Symbol.iterator in pairs ? pairs : Object.entries(pairs);
  const args: Record<string, string> = {};
  let kept = 0;
  for (const [name, value] of entries as Iterable<[string, unknown]>) {
    if (kept >= PATH_ARGS_LIMITS.count) break;
    const key = name.slice(0, PATH_ARGS_LIMITS.nameLength);
    if (!key || typeof value !== "string" || NOT_ARGS.has(key) || Object.hasOwn(args, key)) continue;
    args[key] = value.slice(0, PATH_ARGS_LIMITS.valueLength);
    kept++;
  }
  return args;
}
