import { isIP } from 'node:net';

/**
 * Which peers' `X-Forwarded-*` headers the BFF believes (`BFF_TRUST_PROXY`):
 * - `false`: none; the client is the TCP peer.
 * - `true` (or `1`): one hop — the TCP peer is the TLS proxy, and the client is the address *it* saw,
 *   the right-most `X-Forwarded-For` entry. Not Fastify's `true` (trust every hop, i.e. believe the
 *   left-most entry, which any client can write).
 * - a hop count `n`: the `n` nearest hops are proxies (e.g. a load balancer in front of nginx: 2).
 * - addresses, CIDR ranges or proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`): these are
 *   proxies; the client is the right-most entry that is not one of them.
 */
export type TrustProxy = boolean | number | string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of an address list: an IP, a CIDR range or a proxy-addr name; else what is wrong. */
export function trustedProxyProblem(entry: string): string | null {
  if (NAMES.has(entry)) return null;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR range`;
  if (prefix === undefined) return null;
  const bits = Number(prefix);
  const max = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || bits > max) return `"${entry}" has a prefix length outside 0-${max}`;
  return null;
}

/** `BFF_TRUST_PROXY` as written → its meaning, or `{problem}` when it is none of the forms. */
export function parseTrustProxy(value: string): TrustProxy | { problem: string } {
  const trimmed = value.trim();
  if (trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops <= 32 ? hops : { problem: 'a hop count must be at most 32' };
  }
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return { problem: 'must be true, false, a hop count or proxy addresses' };
  for (const entry of entries) {
    const problem = trustedProxyProblem(entry);
    if (problem) return { problem: `must be true, false, a hop count or proxy addresses: ${problem}` };
  }
  return entries;
}

/**
 * The value for Fastify's `trustProxy`: `true` is one hop (see TrustProxy), never "trust everyone".
 * A hop count becomes proxy-addr's hop rule as a function: Fastify 5.12 turns a bare number into
 * "trust nobody", because a client that reaches the BFF directly (not through the proxy) can then
 * write the header itself. So a hop count is for a BFF reachable only through its proxy (listening on
 * loopback or a private network); otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(
  trust: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined || trust === false || trust === 0) return false;
  if (Array.isArray(trust)) return trust;
  const hops = trust === true ? 1 : trust;
  return (_address, hop) => hop < hops;
}
