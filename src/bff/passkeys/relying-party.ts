import { isIP } from 'node:net';

/** Where passkeys are bound: the console's host name (the RP ID) and its origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** A host name or IP address without IPv6's brackets. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

const isLoopbackAddress = (host: string) => host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

/**
 * The relying party of the console at `origin` (BFF_PUBLIC_URL, else where it listens), or null when
 * WebAuthn cannot use it: browsers refuse an IP address as RP ID, so passkeys need a host name. A console
 * listening on a loopback address is reached as `http://localhost:PORT` — the address `npm start` prints, and
 * a secure context for browsers although it is http (issue 42: passkeys work there as started).
 */
export function relyingPartyOf(origin: string | undefined): RelyingParty | null {
  if (!origin) return null;
  const url = new URL(origin);
  const host = bare(url.hostname);
  if (isLoopbackAddress(host))
    return { id: 'localhost', origin: `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}` };
  if (isIP(host) !== 0) return null;
  return { id: url.hostname, origin: url.origin };
}

/**
 * Whether a request reached a console bound to `localhost` by an IP address (`http://127.0.0.1:PORT`): the
 * browser would refuse the passkey there, so the console says to use the host name instead of failing later.
 */
export function reachedByIpInsteadOfLocalhost(relyingParty: RelyingParty, hostHeader: string | undefined) {
  if (relyingParty.id !== 'localhost' || !hostHeader) return false;
  try {
    return isIP(bare(new URL(`http://${hostHeader}`).hostname)) !== 0;
  } catch {
    return false;
  }
}

/** Said by the API where a host name is missing; the console says it in the UI language. */
export const NEEDS_HOST_NAME =
  'Passkeys need a host name: this console is reached by an IP address, which browsers refuse for passkeys. Set BFF_PUBLIC_URL to an address with a host name, such as https://console.example.com.';
