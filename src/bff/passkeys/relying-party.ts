import { isIP } from 'node:net';

/** Where passkeys are bound: the console's host name (the RP ID) and its origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party of the console at `origin` (BFF_PUBLIC_URL, else where it listens), or null when
 * WebAuthn cannot use it: browsers refuse an IP address as RP ID, so passkeys need a host name.
 */
export function relyingPartyOf(origin: string | undefined): RelyingParty | null {
  if (!origin) return null;
  const url = new URL(origin);
  // IPv6 hosts keep their brackets in URL.hostname.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) return null;
  return { id: url.hostname, origin: url.origin };
}

/** Said by the API where a host name is missing; the console says it in the UI language. */
export const NEEDS_HOST_NAME =
  'Passkeys need a host name: this console is reached by an IP address, which browsers refuse for passkeys. Set BFF_PUBLIC_URL to an address with a host name, such as https://console.example.com.';
