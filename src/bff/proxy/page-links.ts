import { matchOperation } from '../../contract/api/operations.ts';

/** The BFF's prefix for the platform's paths: `/api/v3/…` → `/v3/…`. */
export const API_PREFIX = '/api';

/** A list page that is not JSON after all: unterminated string, unbalanced brackets, trailing bytes. */
export class BrokenJsonError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrokenJsonError';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The index of the quote closing the string opened at `start`, or -1 when there is none. */
function stringEnd(bytes: Buffer, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let index = quote - 1; index > start && bytes[index] === BACKSLASH; index--) backslashes++;
    // An even run of backslashes escapes itself, not the quote.
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** A member name as JSON.parse reads it (`"n\u0065xt"` is `next`); only escaped names are decoded. */
function memberName(bytes: Buffer, start: number, end: number): string {
  const raw = bytes.toString('latin1', start + 1, end);
  if (!raw.includes('\\')) return raw;
  try {
    const name: unknown = JSON.parse(bytes.toString('utf8', start, end + 1));
    return typeof name === 'string' ? name : raw;
  } catch {
    return raw;
  }
}

/** A value of a top-level `next`/`previous` member: where its bytes are. */
export interface LinkValue {
  key: 'next' | 'previous';
  start: number;
  /** Exclusive. */
  end: number;
}

/**
 * Finds the values of the root object's `next` and `previous` members, byte offsets into `bytes`,
 * every occurrence (JSON.parse keeps the last of duplicate names; all are rewritten). Strings are
 * skipped whole, so `"next"` inside another value or inside a string never matches. Checks structure
 * on the way (strings terminated, brackets balanced and matching, nothing after the root) and throws
 * BrokenJsonError; it is not a full validator (`{"a" "b"}` passes). Works on bytes, never decodes
 * the body: what is not a link stays byte for byte, invalid UTF-8 included.
 */
export function findPageLinks(bytes: Buffer): LinkValue[] {
  const links: LinkValue[] = [];
  const stack: number[] = [];
  let rootIsObject = false;
  let rootClosed = false;
  // Root object members only: is the next string a name, and which link (if any) the value is.
  let expectName = false;
  let pendingKey: LinkValue['key'] | null = null;
  let nestedValueStart = -1;
  let nestedKey: LinkValue['key'] | null = null;
  const length = bytes.length;
  for (let index = 0; index < length; index++) {
    const byte = bytes[index]!;
    if (isWhitespace(byte)) continue;
    if (rootClosed) throw new BrokenJsonError('bytes after the end of the JSON value');
    const depth = stack.length;
    if (byte === QUOTE) {
      const end = stringEnd(bytes, index);
      if (end < 0) throw new BrokenJsonError('a string is not terminated');
      if (depth === 1 && rootIsObject) {
        if (expectName) {
          const name = memberName(bytes, index, end);
          pendingKey = name === 'next' || name === 'previous' ? name : null;
          expectName = false;
        } else if (pendingKey) {
          links.push({ key: pendingKey, start: index, end: end + 1 });
          pendingKey = null;
        }
      } else if (depth === 0) rootClosed = true;
      index = end;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (depth === 0) rootIsObject = byte === OPEN_OBJECT;
      if (depth === 1 && rootIsObject && pendingKey) {
        nestedValueStart = index;
        nestedKey = pendingKey;
        pendingKey = null;
      }
      stack.push(byte);
      if (depth === 0 && rootIsObject) expectName = true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      const open = stack.pop();
      if (open === undefined || open !== (byte === CLOSE_OBJECT ? OPEN_OBJECT : OPEN_ARRAY))
        throw new BrokenJsonError('brackets do not match');
      if (stack.length === 1 && nestedKey) {
        links.push({ key: nestedKey, start: nestedValueStart, end: index + 1 });
        nestedKey = null;
      }
      if (stack.length === 0) rootClosed = true;
    } else if (depth === 1 && rootIsObject && (byte === COLON || byte === COMMA)) {
      if (byte === COMMA) {
        expectName = true;
        pendingKey = null;
      }
    } else if (byte !== COLON && byte !== COMMA) {
      // A number, true, false or null: up to the next delimiter.
      let end = index + 1;
      while (end < length) {
        const next = bytes[end]!;
        if (isWhitespace(next) || next === COMMA || next === CLOSE_OBJECT || next === CLOSE_ARRAY) break;
        if (next === QUOTE || next === OPEN_OBJECT || next === OPEN_ARRAY || next === COLON) break;
        end++;
      }
      if (depth === 1 && rootIsObject && pendingKey) {
        links.push({ key: pendingKey, start: index, end });
        pendingKey = null;
      } else if (depth === 0) rootClosed = true;
      index = end - 1;
    }
  }
  if (stack.length > 0) throw new BrokenJsonError('the JSON value is not closed');
  return links;
}

/** Where pagination links may point and what they become. */
export interface PageLinkTarget {
  /** The platform's base URL (ENERGY_API_BASE_URL), without a trailing slash. */
  upstreamBase: string;
  /** The console's origin (BFF_PUBLIC_URL), or '' for links relative to the console's origin. */
  publicBase: string;
}

/**
 * The link the console gets for an upstream `next`/`previous` value, or null: only a link into the
 * platform's base URL, to an allowlisted GET operation, becomes `publicBase/api/v3/…` with its query;
 * anything else (another host, `javascript:`, a path outside the base, credentials, dot segments,
 * encoded slashes, a number or an object) is dropped.
 */
export function pageLink(value: unknown, target: PageLinkTarget): string | null {
  if (typeof value !== 'string') return null;
  const base = new URL(`${target.upstreamBase}/`);
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  const basePath = base.pathname.slice(0, -1);
  if (url.origin !== base.origin || url.username || url.password) return null;
  if (!url.pathname.startsWith(`${basePath}/v3/`)) return null;
  const path = url.pathname.slice(basePath.length);
  if (/%2f|%5c|%2e|\\|\/\//i.test(path) || path.split('/').some((segment) => segment === '..')) return null;
  if (!matchOperation('GET', path)) return null;
  return `${target.publicBase}${API_PREFIX}${path}${url.search}`;
}

/**
 * Points the root object's `next`/`previous` links back through the BFF (pageLink), changing no other
 * byte: the link values are spliced, the rest of the body is copied as it came (numbers such as
 * `12345678901234567890` or `1e400` keep their digits). Answers the same Buffer when nothing changes.
 */
export function rewritePageLinks(body: Buffer, target: PageLinkTarget): Buffer {
  const links = findPageLinks(body);
  if (links.length === 0) return body;
  const parts: Buffer[] = [];
  let copied = 0;
  for (const link of links) {
    const raw = body.toString('utf8', link.start, link.end);
    let value: unknown = null;
    try {
      value = JSON.parse(raw);
    } catch {
      // Not a JSON value (a bare word): dropped below.
    }
    const replacement = JSON.stringify(pageLink(value, target));
    if (replacement === raw) continue;
    parts.push(body.subarray(copied, link.start), Buffer.from(replacement));
    copied = link.end;
  }
  if (copied === 0) return body;
  parts.push(body.subarray(copied));
  return Buffer.concat(parts);
}
