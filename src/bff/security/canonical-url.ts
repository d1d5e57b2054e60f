/**
 * One spelling of every request's path, set before routing (Fastify's `rewriteUrl`), so routing, the
 * CSRF check, the session lookup, the audit and the proxy all see the same path.
 *
 * RFC 3986 §6.2.2: percent-encoded *unreserved* characters (letters, digits, `-._~`) are decoded —
 * `/%62ff/login` is `/bff/login` — and the hex digits of every other percent-encoding are upper-cased
 * (`%2f` → `%2F`). Nothing else is decoded: an encoded `/`, `?`, `%` or NUL stays encoded, so no
 * spelling can turn into another path, and decoding once can never be undone by decoding twice.
 * Only the path is touched; the query string is left as sent.
 */
export function canonicalUrl(url: string): string {
  const percent = url.indexOf('%');
  if (percent < 0) return url;
  const queryStart = url.search(/[?#]/);
  if (queryStart >= 0 && percent > queryStart) return url;
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const canonical = path.replace(/%([0-9a-fA-F]{2})/g, (encoded, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /^[A-Za-z0-9\-._~]$/.test(char) ? char : encoded.toUpperCase();
  });
  return queryStart < 0 ? canonical : canonical + url.slice(queryStart);
}

/** A percent-encoded NUL anywhere in the address (path or query), or a raw one. */
export const hasNullCharacter = (url: string) => url.includes('%00') || url.includes('\u0000');
