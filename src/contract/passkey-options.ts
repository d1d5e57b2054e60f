import { z } from 'zod/mini';

/*
 * The WebAuthn options the BFF hands the browser for a passkey ceremony (WebAuthn Level 3's
 * `PublicKeyCredentialCreationOptionsJSON` and `…RequestOptionsJSON`, as @simplewebauthn/server makes
 * them). Apart from bff-api.ts: only the passkey pages and the passkey sign-in load them, with the
 * WebAuthn library.
 */

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type Transport = (typeof TRANSPORTS)[number];
const isTransport = (value: string): value is Transport => TRANSPORTS.some((known) => known === value);
/** A passkey named in the options; a transport a browser of tomorrow reports is left out. */
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.pipe(z.string(), z.literal('public-key')),
  transports: z.optional(
    z.pipe(
      z.array(z.string()),
      z.transform((list) => list.filter(isTransport)),
    ),
  ),
});
const userVerification = z.enum(['required', 'preferred', 'discouraged']);
const hints = z.array(z.enum(['hybrid', 'security-key', 'client-device']));
const extensions = z.object({
  appid: z.optional(z.string()),
  credProps: z.optional(z.boolean()),
  hmacCreateSecret: z.optional(z.boolean()),
  minPinLength: z.optional(z.boolean()),
});

/** `POST /bff/passkeys/registration-options`: for `navigator.credentials.create()`. */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ id: z.optional(z.string()), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.optional(z.number()),
  excludeCredentials: z.optional(z.array(credentialDescriptor)),
  authenticatorSelection: z.optional(
    z.object({
      authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
      requireResidentKey: z.optional(z.boolean()),
      residentKey: z.optional(z.enum(['required', 'preferred', 'discouraged'])),
      userVerification: z.optional(userVerification),
    }),
  ),
  hints: z.optional(hints),
  attestation: z.optional(z.enum(['none', 'indirect', 'direct', 'enterprise'])),
  extensions: z.optional(extensions),
});

/** `POST /bff/passkeys/authentication-options`: for `navigator.credentials.get()`. */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.optional(z.number()),
  rpId: z.optional(z.string()),
  allowCredentials: z.optional(z.array(credentialDescriptor)),
  userVerification: z.optional(userVerification),
  hints: z.optional(hints),
  extensions: z.optional(extensions),
});
