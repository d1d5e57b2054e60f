import { userPasskeysSchema } from '../../../../contract/passkeys.ts';
import { requestOk } from '../../../lib/api-client.ts';

/** Another account's passkeys, for an admin. */
export const getUserPasskeys = (username: string) =>
  requestOk('get', `/bff/users/${encodeURIComponent(username)}/passkeys`, { schema: userPasskeysSchema });

export const removeUserPasskey = ({ username, id }: { username: string; id: string }) =>
  requestOk('delete', `/bff/users/${encodeURIComponent(username)}/passkeys/${encodeURIComponent(id)}`);
