import ipaddr from "ipaddr.js";
import { isPublicAddress } from "../webhooks/ssrf.ts";

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

/**
 * The address as the GeoIP database knows it (an IPv4 address a dual-stack socket wrapped,
 * unwrapped), when it is a public one a place can be looked up for: private networks, loopback,
 * link-local and reserved addresses say nothing about a place. Whether an address is public is
 * decided in one place, the one that keeps webhooks off the private network.
 */
function placeableAddress(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  return isPublicAddress(address) ? address.toString() : null;
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
  const address = placeableAddress(ip);
  if (address === null) return null;
  const geoip = await database(onError);
  if (!geoip) return null;
  try {
    const found = geoip.lookup(address);
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
