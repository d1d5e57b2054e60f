import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, describeFailure } from '../../lib/api-client.ts';
import { isRecord } from '../../../contract/is-record.ts';
import { minutesOf, type RefusalWords } from '../../lib/bff-refusal.ts';
import { consoleMessage } from '../../lib/known-messages.ts';
import { PASSKEY_NAME_MISSING } from '../../../contract/passkeys.ts';
import { passkeyDialogProblem } from '../../lib/passkey-support.ts';

/**
 * The console server's refusals that only the passkeys panel shows, by code, in the UI language. Kept with
 * the panel, in its catalogue; the refusals any page may meet are in lib/bff-refusal.ts.
 */
export const PASSKEY_REFUSAL_WORDS: RefusalWords = {
  passkey_not_verified: () =>
    msg`The passkey could not be verified, or the request for it has expired. Add it again.`,
  passkey_registered_already: () => msg`This passkey is registered already.`,
  passkey_password_required: () =>
    msg`Adding a passkey needs your current password: enter it to confirm it is you.`,
  passkey_password_wrong: () => msg`This is not your password: the passkey was not added.`,
  password_attempts_throttled: ({ retry_after_seconds }) => {
    const minutes = minutesOf(retry_after_seconds);
    return msg`Too many wrong passwords. Try again in ${minutes} minutes.`;
  },
  no_such_passkey: () => msg`You have no passkey with this ID.`,
  passkey_limit_reached: (refusal) => {
    const most = String(refusal.most ?? '');
    return msg`You have ${most} passkeys, the most an account may have: remove one first.`;
  },
  passkeys_need_host_name: () =>
    msg`Passkeys need a host name: this console is reached by an IP address, which browsers refuse for passkeys. Your administrator can set BFF_PUBLIC_URL to an address with a host name.`,
  passkeys_for_sso_accounts: () =>
    msg`You sign in through your company’s sign-in service, which keeps your credentials: passkeys are set up there, not here.`,
};

/** A field error of the passkey routes (the contract's rule for a name), or any other in the UI language. */
export function passkeyAnswer(message: string): string {
  if (message === PASSKEY_NAME_MISSING) return i18n._(msg`Give the passkey a name.`);
  return consoleMessage(message);
}

/** What went wrong with a passkey change: the server's answer or the browser's, in the UI language. */
export function passkeyProblem(error: Error): string {
  if (error instanceof ApiError)
    return describeFailure(error.status, error.body, passkeyAnswer, PASSKEY_REFUSAL_WORDS);
  const code = isRecord(error) && typeof error.code === 'string' ? error.code : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError')
    return i18n._(msg`This device already holds one of your passkeys.`);
  return passkeyDialogProblem(error);
}
