import { z } from 'zod';

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
  type: z.string().pipe(z.literal('public-key')),
  transports: z
    .array(z.string())
    .transform((list) => list.filter(isTransport))
    .optional(),
});
const userVerification = z.enum(['required', 'preferred', 'discouraged']);
const hints = z.array(z.enum(['hybrid', 'security-key', 'client-device']));
const extensions = z.object({
  appid: z.string().optional(),
  credProps: z.boolean().optional(),
  hmacCreateSecret: z.boolean().optional(),
  minPinLength: z.boolean().optional(),
});

/** `POST /bff/passkeys/registration-options`: for `navigator.credentials.create()`. */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['required', 'preferred', 'discouraged']).optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  hints: hints.optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: extensions.optional(),
});

/** `POST /bff/passkeys/authentication-options`: for `navigator.credentials.get()`. */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: userVerification.optional(),
  hints: hints.optional(),
  extensions: extensions.optional(),
});
