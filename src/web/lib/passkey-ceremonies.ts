import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { passkeyCreationOptionsSchema, passkeyRequestOptionsSchema } from '../../contract/passkey-options.ts';
import { requestOk } from './api-client.ts';

/*
 * The browser's passkey dialogs with the console's server on either side. Loaded on demand (a dynamic
 * import) by the passkeys panel and the passkey sign-in: the WebAuthn library and these schemas stay out
 * of the first download.
 */

/**
 * Asks the browser for a new passkey for the signed-in account; its answer, for `POST /bff/passkeys`.
 * `password`: the account's current password, the step-up the server asks for before it hands out options.
 */
export async function createPasskey(password: string) {
  const optionsJSON = await requestOk('post', '/bff/passkeys/registration-options', {
    json: { password },
    schema: passkeyCreationOptionsSchema,
  });
  return startRegistration({ optionsJSON });
}

/** Asks the browser to sign in with one of its passkeys for this console; its answer, for `POST /bff/login/passkey`. */
export async function assertPasskey() {
  const optionsJSON = await requestOk('post', '/bff/passkeys/authentication-options', {
    schema: passkeyRequestOptionsSchema,
    unauthorizedIsAnswer: true,
  });
  return startAuthentication({ optionsJSON });
}
