import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where a webhook may be sent. A webhook's endpoint is typed by an account user, so before the
 * server calls it every address its name resolves to must be a public one: not this machine,
 * not the private network it sits in, not the cloud's metadata service. The request then goes
 * to the very address that was checked (no second DNS lookup a rebinding name could change),
 * and redirects are never followed.
 *
 * Node's URL parser already turns the numeric forms of an IPv4 address (0x7f000001,
 * 2130706433, 017700000001, 127.1) into dotted form and IPv6 literals into their short form;
 * ipaddr.js then classifies each address by its IANA range.
 */

export type GuardRefusal =
  | "webhook.endpoint.invalid"
  | "webhook.endpoint.scheme"
  | "webhook.endpoint.unresolved"
  | "webhook.endpoint.forbidden";

export interface CheckedEndpoint {
  url: URL;
  /** The address the request must go to, checked. */
  address: string;
  family: 4 | 6;
}

export type GuardResult = { ok: true; endpoint: CheckedEndpoint } | { ok: false; code: GuardRefusal };

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Self-hosters' exceptions (WEBHOOK_ALLOW_HOSTS): host names, addresses or CIDR ranges, separated
 * by commas. A host name matches the endpoint's name; an address or range matches what it resolves to.
 */
export class AllowList {
  private readonly names = new Set<string>();
  private readonly ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, "");
      if (!entry) continue;
      if (ipaddr.isValidCIDR(entry)) this.ranges.push(normalisedRange(ipaddr.parseCIDR(entry)));
      else if (ipaddr.isValid(entry)) {
        const ip = normalised(ipaddr.parse(entry));
        this.ranges.push([ip, ip.kind() === "ipv4" ? 32 : 128]);
      } else this.names.add(entry);
    }
  }

  static parse(setting: string | undefined): AllowList {
    return new AllowList((setting ?? "").split(","));
  }

  allowsName(hostname: string): boolean {
    return this.names.has(hostname.toLowerCase());
  }

  allowsAddress(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    return this.ranges.some(([base, bits]) => base.kind() === ip.kind() && ip.match(base, bits));
  }
}

function normalised(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()
    ? (ip as ipaddr.IPv6).toIPv4Address()
    : ip;
}

function normalisedRange([ip, bits]: [ipaddr.IPv4 | ipaddr.IPv6, number]): [
  ipaddr.IPv4 | ipaddr.IPv6,
  number,
] {
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(ip as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [ip, bits];
}

/** Global unicast IPv6 (2000::/3): the only block the internet routes; the rest is never public. */
const GLOBAL_UNICAST: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse("2000::"), 3];
/** Translators to IPv4 that carry the IPv4 address in their last 32 bits (RFC 6052's well-known prefix). */
const NAT64: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse("64:ff9b::"), 96];
/** 6to4 (RFC 3056): the relay's IPv4 address sits in bits 16 to 47. */
const SIX_TO_FOUR: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse("2002::"), 16];

/**
 * The IPv4 address an IPv6 address carries inside, where a router on the way would send the
 * request to it: IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = ip.toByteArray();
  if (ip.isIPv4MappedAddress() || ip.match(...NAT64)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (ip.match(...SIX_TO_FOUR)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return undefined;
}

/**
 * Whether an address is on the public internet, deciding "no" for whatever it cannot place. An
 * IPv4 address passes only in ipaddr.js's "unicast" range: that leaves out loopback, RFC 1918,
 * link-local (169.254.169.254 among them), CGNAT, unspecified, broadcast, multicast, reserved and
 * documentation ranges. An IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4) is judged
 * by that IPv4 address; any other passes only inside global unicast (2000::/3) and outside its
 * special ranges, so IPv4-compatible ::/96 (::7f00:1 is 127.0.0.1 to some stacks), Teredo,
 * ORCHID, documentation and blocks not yet given out are refused.
 */
export function isPublicAddress(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (ip.kind() === "ipv4") return ip.range() === "unicast";
  const v6 = ip as ipaddr.IPv6;
  const inside = embeddedIPv4(v6);
  if (inside) return inside.range() === "unicast";
  return v6.match(...GLOBAL_UNICAST) && v6.range() === "unicast";
}

/** Checks an endpoint: http(s) only, and every address it resolves to public or allowed. */
export async function checkEndpoint(
  raw: string,
  allow: AllowList,
  resolve: Resolver = systemResolver,
): Promise<GuardResult> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, code: "webhook.endpoint.invalid" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, code: "webhook.endpoint.scheme" };
  if (url.username || url.password) return { ok: false, code: "webhook.endpoint.invalid" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) return { ok: false, code: "webhook.endpoint.invalid" };

  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, code: "webhook.endpoint.unresolved" };
    }
    if (addresses.length === 0) return { ok: false, code: "webhook.endpoint.unresolved" };
  }

  const nameAllowed = allow.allowsName(host);
  for (const { address } of addresses) {
    if (!ipaddr.isValid(address)) return { ok: false, code: "webhook.endpoint.unresolved" };
    const ip = ipaddr.parse(address);
    if (!nameAllowed && !isPublicAddress(ip) && !allow.allowsAddress(normalised(ip))) {
      return { ok: false, code: "webhook.endpoint.forbidden" };
    }
  }
  const first = addresses[0]!;
  return { ok: true, endpoint: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}

export interface SendResult {
  /** The response's status, or null when none came (refused, unreachable, timed out). */
  status: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Sends one request to a checked endpoint: the connection goes to the checked address whatever
 * the name resolves to now (the Host header and TLS name stay the endpoint's), nothing is
 * followed, and the whole exchange is bounded by the time-out. The response body is read and
 * dropped, up to a small limit.
 */
export function sendToChecked(
  endpoint: CheckedEndpoint,
  request: { method: string; headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<SendResult> {
  const started = performance.now();
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: endpoint.address, family: endpoint.family },
      ]);
    } else callback(null, endpoint.address, endpoint.family);
  };
  const transport = endpoint.url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      resolve({ status, durationMs: Math.round(performance.now() - started), error });
    };
    const req = transport.request(
      endpoint.url,
      {
        method: request.method,
        headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
        lookup: pinned,
        timeout: request.timeoutMs,
        agent: false,
      },
      (res) => {
        let seen = 0;
        res.on("data", (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > 64 * 1024) res.destroy();
        });
        res.on("end", () => finish(res.statusCode ?? null, null));
        res.on("close", () => finish(res.statusCode ?? null, null));
        res.on("error", () => finish(res.statusCode ?? null, null));
      },
    );
    const deadline = setTimeout(() => {
      req.destroy(new Error("timed out"));
    }, request.timeoutMs);
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (error) => finish(null, error.message));
    req.on("close", () => clearTimeout(deadline));
    req.end(request.body);
  });
}
