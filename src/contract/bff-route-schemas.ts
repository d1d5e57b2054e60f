import { z } from 'zod/mini';
import { fieldErrorsSchema } from './api/common.ts';
import { bffRefusalSchema } from './bff-refusal-codes.ts';
import { passkeyNameSchema } from './passkeys.ts';

/*
 * Shapes only the BFF's routes read (the console never sends or reads them): apart from bff-api.ts so
 * the console's first download does not carry them (zod schemas built at module level are kept by the
 * bundler even when unused).
 */

/**
 * A `400` of the BFF's own routes: field errors (a schema's refusal, a taken username) or `{detail}` (a
 * null character in the address, a rule such as "not your own admin role"). Other refusals are `{detail}`.
 */
export const bffBadRequestSchema = z.union([bffRefusalSchema, fieldErrorsSchema]);

/** A route that reads the platform on its way: its 502 (no usable answer) and 504 (too slow), with codes. */
export const platformFailureAnswers = { 502: bffRefusalSchema, 504: bffRefusalSchema };

/** The largest `max_age` the BFF passes on: a day, longer than any session lives. */
export const SSO_MAX_AGE_LIMIT_SECONDS = 86_400;

/**
 * `GET /bff/login/oidc?returnTo=&max_age=`: where to go after signing in (anything unusable means the start
 * page), and for a step-up how recently the person must have signed in at the provider (OIDC `max_age`, whole
 * seconds; anything else — a fraction, a sign, an exponent, a repeated parameter — is ignored, as if absent).
 */
export const ssoSignInQuerySchema = z.object({
  returnTo: z.catch(z.optional(z.string()), undefined),
  max_age: z.catch(
    z.optional(
      z.pipe(
        z.pipe(z.string().check(z.regex(/^\d{1,6}$/)), z.transform(Number)),
        z.number().check(z.int(), z.maximum(SSO_MAX_AGE_LIMIT_SECONDS)),
      ),
    ),
    undefined,
  ),
});

/**
 * `GET /bff/callback`: the provider's redirect (RFC 6749 4.1.2). Only `state` and `error` are read here;
 * openid-client checks the whole query (code, iss) itself. A repeated parameter counts as absent.
 */
export const ssoCallbackQuerySchema = z.object({
  state: z.catch(z.optional(z.string()), undefined),
  error: z.catch(z.optional(z.string()), undefined),
});

/**
 * `POST /bff/backchannel` (OpenID Connect Back-Channel Logout 1.0, 2.5): a form whose `logout_token`
 * is the provider's signed logout token; the schema answers the token.
 */
export const backchannelLogoutSchema = z.pipe(
  z.pipe(
    z.instanceof(URLSearchParams),
    z.transform((form) => form.get('logout_token') ?? ''),
  ),
  z.string().check(z.minLength(1)),
);

/** `GET /bff/sessions?username=`: someone else's sessions (admins only); absent: one's own. */
export const sessionsQuerySchema = z.object({
  username: z.optional(z.string().check(z.minLength(1), z.maxLength(300))),
});

/** `DELETE /bff/sessions/{id}`: the session's public id. */
export const sessionParamsSchema = z.object({ id: z.uuid({ message: 'No such session.' }) });

/** base64url as WebAuthn's JSON forms carry binary fields; bounded (the body limit bounds them too). */
const base64url = (max: number) =>
  z.string().check(z.regex(/^[\w-]*$/, { message: 'Must be base64url.' }), z.maxLength(max));

/** The extension results the console reads (none verify anything); the rest are dropped. */
const extensionResultsSchema = z.object({
  credProps: z.optional(z.object({ rk: z.optional(z.boolean()) })),
});

/**
 * The browser's answer to `navigator.credentials.create()` as JSON (WebAuthn Level 3
 * `RegistrationResponseJSON`): only its frame is checked here, @simplewebauthn/server verifies the rest.
 */
export const registrationResponseSchema = z.looseObject({
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(16))),
  }),
  clientExtensionResults: extensionResultsSchema,
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
});

/** `POST /bff/passkeys`: the new passkey's name and the browser's answer to the registration options. */
export const addPasskeyRequestSchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});

/** The browser's answer to `navigator.credentials.get()` as JSON (`AuthenticationResponseJSON`). */
export const authenticationResponseSchema = z.looseObject({
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65_536),
    signature: base64url(8192),
    userHandle: z.optional(base64url(128)),
  }),
  clientExtensionResults: extensionResultsSchema,
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
});

/** `POST /bff/login/passkey`. */
export const passkeySignInRequestSchema = z.object({ response: authenticationResponseSchema });
