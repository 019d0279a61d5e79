import { BlockList, isIP } from "node:net";

/** Where a submitter's address is, as stored with the submission (form_answers.geo). */
export interface Geo {
  country: string | null;
  region: string | null;
  city: string | null;
  /** The shipped database carries no postal codes: kept for the stored shape, null for now. */
  zipcode: string | null;
  timeZone: string | null;
  latitude: number | null;
  longitude: number | null;
}

interface GeoipLookup {
  country: string;
  region: string;
  city: string;
  timezone: string;
  ll: [number | null, number | null];
}

interface GeoipLite {
  lookup(ip: string): GeoipLookup | null;
}

/** Addresses that say nothing about a place: private networks, loopback, link-local, reserved. */
const NOT_PLACED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  NOT_PLACED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PLACED.addSubnet(network, prefix, "ipv6");

/** The address as the database knows it: an IPv4 address a dual-stack socket wrapped, unwrapped. */
function plainAddress(ip: string): { address: string; family: "ipv4" | "ipv6" } | null {
  const unwrapped = ip.toLowerCase().startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const version = isIP(unwrapped);
  if (version === 0) return null;
  return { address: unwrapped, family: version === 4 ? "ipv4" : "ipv6" };
}

/** Whether an address is a public one a place can be looked up for. */
export function isPublicAddress(ip: string): boolean {
  const plain = plainAddress(ip);
  return plain !== null && !NOT_PLACED.check(plain.address, plain.family);
}

/**
 * geoip-lite reads its whole database (about 150 MB, a fifth of a second) when it is imported, so
 * it is imported on the first public address, once, and never at start-up. A server that only
 * sees private addresses never loads it.
 */
let loading: Promise<GeoipLite | null> | undefined;

function database(onError: (error: unknown) => void): Promise<GeoipLite | null> {
  loading ??= import("geoip-lite")
    .then((module) => ((module as { default?: GeoipLite }).default ?? module) as GeoipLite)
    .catch((error: unknown) => {
      onError(error);
      return null;
    });
  return loading;
}

const text = (value: string | undefined) => (value ? value : null);

/**
 * The place of a submitter's address from the offline database shipped in the geoip-lite package
 * (refreshed by updating the package). Null for private and loopback addresses and for addresses
 * the database does not know; never an error, so a submission is stored whatever happens here.
 */
export async function geoOf(ip: string, onError: (error: unknown) => void = () => {}): Promise<Geo | null> {
  if (!isPublicAddress(ip)) return null;
  const geoip = await database(onError);
  if (!geoip) return null;
  try {
    const found = geoip.lookup(plainAddress(ip)!.address);
    if (!found) return null;
    const [latitude, longitude] = found.ll ?? [null, null];
    return {
      country: text(found.country),
      region: text(found.region),
      city: text(found.city),
      zipcode: null,
      timeZone: text(found.timezone),
      latitude: typeof latitude === "number" ? latitude : null,
      longitude: typeof longitude === "number" ? longitude : null,
    };
  } catch (error) {
    onError(error);
    return null;
  }
}
