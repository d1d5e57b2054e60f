import { passkeyListSchema, passkeySchema } from '../../../../contract/passkeys.ts';
import { requestOk } from '../../../lib/api-client.ts';

/** The signed-in account's passkeys, and whether it can add any here. */
export const getPasskeys = () => requestOk('get', '/bff/passkeys', { schema: passkeyListSchema });

/**
 * After the server accepted the account's current `password` (the step-up), makes a passkey in the
 * browser (its dialog asks for the device and the PIN) and registers it under `name`. Throws the
 * server's refusal (ApiError) or the browser's (its DOMException or WebAuthnError).
 */
export async function addPasskey({ name, password }: { name: string; password: string }) {
  // The WebAuthn library loads only when a passkey is added.
  const { createPasskey } = await import('../../../lib/passkey-ceremonies.ts');
  // The browser's refusal stays as it is: the panel says what it means.
  const response = await createPasskey(password);
  return requestOk('post', '/bff/passkeys', { json: { name, response }, schema: passkeySchema });
}

export const renamePasskey = ({ id, name }: { id: string; name: string }) =>
  requestOk('patch', `/bff/passkeys/${encodeURIComponent(id)}`, { json: { name }, schema: passkeySchema });

export const removePasskey = (id: string) => requestOk('delete', `/bff/passkeys/${encodeURIComponent(id)}`);
