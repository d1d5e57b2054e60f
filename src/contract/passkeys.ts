import { z } from 'zod/mini';

/*
 * The shapes of the signed-in person's passkeys (`/bff/passkeys`): apart from bff-api.ts so that only the
 * passkeys panel and the BFF load them, not the console's first download.
 */

export const PASSKEY_NAME_MISSING = 'Give the passkey a name.';

/** A passkey's name, given by its owner ("Laptop", "YubiKey 5C"). */
export const passkeyNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { message: PASSKEY_NAME_MISSING }),
    z.maxLength(64, { message: 'Use at most 64 characters.' }),
  );

/** `GET /bff/passkeys`: one of the signed-in account's passkeys (never its key or credential id). */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** The passkey is synced to other devices by its provider (a password manager, a platform account). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * Why passkeys cannot be added here: `sso` (the company's sign-in service keeps the account's
 * credentials), `host-name` (the console is reached by an IP address, which WebAuthn refuses as a
 * relying party: BFF_PUBLIC_URL needs a host name), `local-accounts-off` (BFF_LOCAL_ACCOUNTS=false).
 */
export const PASSKEYS_UNAVAILABLE = ['sso', 'host-name', 'local-accounts-off'] as const;
export type PasskeysUnavailable = (typeof PASSKEYS_UNAVAILABLE)[number];

export const passkeyListSchema = z.object({
  passkeys: z.array(passkeySchema),
  /** Null: passkeys can be added. */
  unavailable: z.nullable(z.enum(PASSKEYS_UNAVAILABLE)),
});
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const renamePasskeyRequestSchema = z.object({ name: passkeyNameSchema });

/**
 * `POST /bff/passkeys/registration-options`: the account's current password, the step-up that adding a
 * passkey needs (a session alone could be stolen, and a passkey planted with it would outlive a reset).
 */
export const passkeyRegistrationStepUpSchema = z.object({
  password: z.optional(z.string().check(z.maxLength(1024, { message: 'Use at most 1024 characters.' }))),
});
export type PasskeyRegistrationStepUp = z.infer<typeof passkeyRegistrationStepUpSchema>;

/** `GET /bff/users/{username}/passkeys` (admins): another account's passkeys, as its owner sees them. */
export const userPasskeysSchema = z.array(passkeySchema);
