// Webhook target checks (decisions.md, "Webhooks"): only https URLs whose host resolves
// to public addresses only. Used at registration (never connects to the URL) and again
// before each delivery, which then connects to exactly the address checked here.
//
// Addresses are parsed by our own code into bigints and compared against CIDR ranges, so
// that every textual form is handled the same way: compressed IPv6, embedded dotted quads,
// zone ids, brackets, and the inet_aton spellings of IPv4 (decimal, hex, octal, short).

import { promises as dnsPromises } from 'node:dns';
import { isIPv4, isIPv6 } from 'node:net';

/** Thrown by checkWebhookUrl; `reason` is a short English sentence fit for an API error. */
export class UrlRejectedError extends Error {
  readonly code = 'url_rejected';
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UrlRejectedError';
  }
}

export type HostLookup = (host: string) => Promise<string[]>;

export interface CheckWebhookUrlOptions {
  /** RZ_WEBHOOK_ALLOW_PRIVATE=1: allows http and lifts every address rule. */
  allowPrivate: boolean;
  /** Resolves a host name to all its addresses (A and AAAA). Defaults to dns.lookup. */
  lookup?: HostLookup;
}

export interface CheckedWebhookUrl {
  url: URL;
  /** Every address the host resolved to (or the literal), all of them checked. */
  addresses: string[];
}

// ---------------------------------------------------------------------------------------
// Address parsing

interface ParsedAddress {
  family: 4 | 6;
  value: bigint;
  zone: string | null;
}

function parseIPv4Strict(s: string): bigint | null {
  if (!isIPv4(s)) return null;
  let v = 0n;
  for (const part of s.split('.')) v = (v << 8n) | BigInt(Number(part));
  return v;
}

/**
 * inet_aton / WHATWG spellings: 1 to 4 parts, each decimal, 0x-hex or 0-octal; the last
 * part fills the remaining bytes (127.1, 2130706433, 0x7f.0.0.1, 0177.0.0.1).
 */
function parseIPv4Loose(s: string): bigint | null {
  const text = s.endsWith('.') ? s.slice(0, -1) : s;
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const nums: bigint[] = [];
  for (const p of parts) {
    let n: bigint;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0n : BigInt(p);
    else if (/^0[0-7]+$/.test(p)) n = BigInt('0o' + p.slice(1));
    else if (/^(0|[1-9][0-9]*)$/.test(p)) n = BigInt(p);
    else return null;
    nums.push(n);
  }
  const last = nums[nums.length - 1];
  for (let i = 0; i < nums.length - 1; i++) if (nums[i] > 255n) return null;
  const lastBits = BigInt(8 * (5 - nums.length));
  if (last >= 1n << lastBits) return null;
  let v = 0n;
  for (let i = 0; i < nums.length - 1; i++) v |= nums[i] << BigInt(8 * (3 - i));
  return v | last;
}

function parseIPv6(s: string): bigint | null {
  if (!isIPv6(s)) return null;
  let text = s;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const lastPart = text.slice(lastColon + 1);
  if (lastPart.includes('.')) {
    const v4 = parseIPv4Strict(lastPart);
    if (v4 === null) return null;
    tail.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    // Keep the colon of "::" when the quad follows it directly ("::1.2.3.4").
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const toHextets = (chunk: string): number[] =>
    chunk === '' ? [] : chunk.split(':').map((h) => parseInt(h, 16));
  let hextets: number[];
  const dbl = text.indexOf('::');
  if (dbl >= 0) {
    const head = toHextets(text.slice(0, dbl));
    const rest = toHextets(text.slice(dbl + 2));
    const missing = 8 - head.length - rest.length - tail.length;
    if (missing < 1) return null;
    hextets = [...head, ...new Array<number>(missing).fill(0), ...rest, ...tail];
  } else {
    hextets = [...toHextets(text), ...tail];
  }
  if (hextets.length !== 8 || hextets.some((h) => !Number.isInteger(h) || h < 0 || h > 0xffff)) return null;
  let v = 0n;
  for (const h of hextets) v = (v << 16n) | BigInt(h);
  return v;
}

function parseAddress(raw: string): ParsedAddress | null {
  let s = raw.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  let zone: string | null = null;
  const pct = s.indexOf('%');
  if (pct >= 0) {
    zone = s.slice(pct + 1);
    s = s.slice(0, pct);
    if (zone === '') return null;
  }
  if (s.includes(':')) {
    const v = parseIPv6(s);
    return v === null ? null : { family: 6, value: v, zone };
  }
  if (zone !== null) return null; // zone ids exist for IPv6 only
  const v = parseIPv4Strict(s) ?? parseIPv4Loose(s);
  return v === null ? null : { family: 4, value: v, zone: null };
}

/** A canonical IPv4 or IPv6 address as a resolver returns it (a zone id allowed). */
function isPlainIp(s: string): boolean {
  const pct = s.indexOf('%');
  const bare = pct >= 0 ? s.slice(0, pct) : s;
  return isIPv4(bare) || (isIPv6(bare) && parseAddress(s) !== null);
}

function formatIPv4(v: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((v >> shift) & 0xffn)).join('.');
}

// ---------------------------------------------------------------------------------------
// Ranges

interface Range {
  base: bigint;
  prefix: number;
  reason: string;
}

function v4(cidr: string, reason: string): Range {
  const [addr, prefix] = cidr.split('/');
  const base = parseIPv4Strict(addr);
  if (base === null) throw new Error(`bad range ${cidr}`);
  return { base, prefix: Number(prefix ?? 32), reason };
}

function v6(cidr: string, reason: string): Range {
  const [addr, prefix] = cidr.split('/');
  const base = parseIPv6(addr);
  if (base === null) throw new Error(`bad range ${cidr}`);
  return { base, prefix: Number(prefix ?? 128), reason };
}

function inRange(value: bigint, bits: number, r: Range): boolean {
  const shift = BigInt(bits - r.prefix);
  return value >> shift === r.base >> shift;
}

// First match wins: the more specific ranges come first.
const IPV4_RANGES: Range[] = [
  v4('169.254.169.254/32', 'cloud metadata address (169.254.169.254)'),
  v4('255.255.255.255/32', 'broadcast address (255.255.255.255)'),
  v4('0.0.0.0/8', 'unspecified address ("this network", 0.0.0.0/8)'),
  v4('10.0.0.0/8', 'private address (RFC 1918, 10.0.0.0/8)'),
  v4('100.64.0.0/10', 'shared address space (carrier-grade NAT, 100.64.0.0/10)'),
  v4('127.0.0.0/8', 'loopback address (127.0.0.0/8)'),
  v4('169.254.0.0/16', 'link-local address (169.254.0.0/16)'),
  v4('172.16.0.0/12', 'private address (RFC 1918, 172.16.0.0/12)'),
  v4('192.0.0.0/24', 'IETF protocol assignment (192.0.0.0/24)'),
  v4('192.0.2.0/24', 'documentation address (TEST-NET-1, 192.0.2.0/24)'),
  v4('192.88.99.0/24', 'deprecated 6to4 relay anycast address (192.88.99.0/24)'),
  v4('192.168.0.0/16', 'private address (RFC 1918, 192.168.0.0/16)'),
  v4('198.18.0.0/15', 'benchmarking address (198.18.0.0/15)'),
  v4('198.51.100.0/24', 'documentation address (TEST-NET-2, 198.51.100.0/24)'),
  v4('203.0.113.0/24', 'documentation address (TEST-NET-3, 203.0.113.0/24)'),
  v4('224.0.0.0/4', 'multicast address (224.0.0.0/4)'),
  v4('240.0.0.0/4', 'reserved address (240.0.0.0/4)'),
];

// Ranges refused whatever they contain. IPv4-mapped and NAT64 well-known-prefix addresses
// are not listed: they are judged by the IPv4 address they embed (see below).
const IPV6_RANGES: Range[] = [
  v6('::/128', 'unspecified address (::)'),
  v6('::1/128', 'loopback address (::1)'),
  v6('fd00:ec2::254/128', 'cloud metadata address (fd00:ec2::254)'),
  v6('64:ff9b:1::/48', 'local-use NAT64 address (64:ff9b:1::/48)'),
  v6('100::/64', 'discard-only address (100::/64)'),
  v6('100:0:0:1::/64', 'dummy IPv6 prefix (100:0:0:1::/64)'),
  v6('2001::/32', 'Teredo tunnelling address (2001::/32)'),
  v6('2001::/23', 'IETF protocol assignment (2001::/23)'),
  v6('2001:db8::/32', 'documentation address (2001:db8::/32)'),
  v6('3fff::/20', 'documentation address (3fff::/20)'),
  v6('5f00::/16', 'segment routing (SRv6) address (5f00::/16)'),
  v6('fc00::/7', 'unique local address (fc00::/7)'),
  v6('fe80::/10', 'link-local address (fe80::/10)'),
  v6('fec0::/10', 'site-local address (fec0::/10)'),
  v6('ff00::/8', 'multicast address (ff00::/8)'),
];

const V4_MAPPED = v6('::ffff:0:0/96', 'IPv4-mapped');
const V4_TRANSLATED = v6('::ffff:0:0:0/96', 'IPv4-translated');
const V4_COMPATIBLE = v6('::/96', 'IPv4-compatible');
const NAT64 = v6('64:ff9b::/96', 'NAT64');
const SIX_TO_FOUR = v6('2002::/16', '6to4');
const GLOBAL_UNICAST = v6('2000::/3', 'global unicast');

function ipv4Reason(value: bigint): string | null {
  for (const r of IPV4_RANGES) if (inRange(value, 32, r)) return r.reason;
  return null;
}

function ipv6Reason(value: bigint): string | null {
  const low32 = value & 0xffffffffn;
  const embedded = (label: string, ip: bigint): string | null => {
    const inner = ipv4Reason(ip);
    return inner === null ? null : `${label} IPv6 address embedding ${formatIPv4(ip)}: ${inner}`;
  };

  // Embeddings judged by the IPv4 address inside: connecting to them reaches that address.
  if (inRange(value, 128, V4_MAPPED)) return embedded('IPv4-mapped', low32);
  if (inRange(value, 128, NAT64)) return embedded('NAT64', low32);

  for (const r of IPV6_RANGES) if (inRange(value, 128, r)) return r.reason;

  // Embeddings refused in any case (deprecated or tunnelling), named after what they embed.
  if (inRange(value, 128, V4_TRANSLATED))
    return embedded('IPv4-translated', low32) ?? `IPv4-translated IPv6 address (::ffff:0:0:0/96)`;
  if (inRange(value, 128, V4_COMPATIBLE))
    return embedded('IPv4-compatible', low32) ?? `deprecated IPv4-compatible IPv6 address (::/96)`;
  if (inRange(value, 128, SIX_TO_FOUR)) {
    const inner = (value >> 80n) & 0xffffffffn;
    return embedded('6to4', inner) ?? `6to4 tunnelling address (2002::/16) embedding ${formatIPv4(inner)}`;
  }

  // Outside 2000::/3 nothing is assigned for global unicast.
  if (!inRange(value, 128, GLOBAL_UNICAST)) return 'reserved address (outside global unicast 2000::/3)';
  return null;
}

/**
 * Why a webhook may not connect to this address, or null when it is public.
 * Accepts every textual form of IPv4 and IPv6 (brackets, zone ids, embedded quads,
 * inet_aton spellings); anything that isn't an address is refused too.
 */
export function isForbiddenAddress(ip: string): string | null {
  if (typeof ip !== 'string') return 'not an IP address';
  const parsed = parseAddress(ip);
  if (parsed === null) return 'not an IP address';
  const reason = parsed.family === 4 ? ipv4Reason(parsed.value) : ipv6Reason(parsed.value);
  if (reason !== null) return reason;
  if (parsed.zone !== null) return 'scoped address (with a zone id)';
  return null;
}

// ---------------------------------------------------------------------------------------
// URLs

const defaultLookup: HostLookup = async (host) => {
  const answers = await dnsPromises.lookup(host, { all: true, verbatim: true });
  return answers.map((a) => a.address);
};

function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/**
 * Parses and checks a webhook URL. Without allowPrivate: https only, no user info, and
 * the host (IP literal or every address it resolves to) must be public. With
 * allowPrivate: http or https, no address rules, but still no user info and the host must
 * resolve. Returns the addresses to connect to; never connects to the URL itself.
 */
export async function checkWebhookUrl(raw: string, opts: CheckWebhookUrlOptions): Promise<CheckedWebhookUrl> {
  const { allowPrivate } = opts;
  let url: URL;
  try {
    if (typeof raw !== 'string') throw new TypeError('not a string');
    url = new URL(raw.trim());
  } catch {
    throw new UrlRejectedError('The URL is not valid.');
  }

  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new UrlRejectedError(
      allowPrivate ? 'Only http and https URLs are accepted.' : 'Only https URLs are accepted.',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new UrlRejectedError('The URL must not contain a user name or password.');
  }
  const host = url.hostname;
  if (host === '') throw new UrlRejectedError('The URL has no host.');
  if (url.port === '0') throw new UrlRejectedError('The URL has port 0, which no server listens on.');

  // IP literal: WHATWG parsing has already turned decimal, hex, octal and short IPv4
  // spellings into a dotted quad, and IPv6 into its bracketed canonical form.
  const literal = host.startsWith('[') ? host.slice(1, -1) : isIPv4(host) ? host : null;
  if (literal !== null) {
    if (!allowPrivate) {
      const reason = isForbiddenAddress(literal);
      if (reason !== null) throw new UrlRejectedError(`The URL's host ${literal} is not allowed: ${reason}.`);
    }
    return { url, addresses: [literal] };
  }

  if (!allowPrivate && isLocalhostName(host)) {
    throw new UrlRejectedError(`The URL's host ${host} is not allowed: loopback name.`);
  }

  let addresses: string[];
  try {
    addresses = await (opts.lookup ?? defaultLookup)(host);
  } catch {
    throw new UrlRejectedError(`The host name ${host} does not resolve.`);
  }
  if (!Array.isArray(addresses) || addresses.length === 0) {
    throw new UrlRejectedError(`The host name ${host} does not resolve.`);
  }
  for (const address of addresses) {
    if (typeof address !== 'string' || !isPlainIp(address)) {
      throw new UrlRejectedError(`The host name ${host} resolves to something that isn't an IP address.`);
    }
    if (!allowPrivate) {
      const reason = isForbiddenAddress(address);
      if (reason !== null) {
        // The address itself is not named: the answer must not map the network behind the service.
        throw new UrlRejectedError(`The host name ${host} resolves to an address that is not allowed: ${reason}.`);
      }
    }
  }
  return { url, addresses: [...addresses] };
}
