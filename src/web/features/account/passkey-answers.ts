import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, describeFailure } from '../../lib/api-client.ts';
import { isRecord } from '../../../contract/is-record.ts';
import { consoleMessage } from '../../lib/known-messages.ts';
import { passkeyDialogProblem } from '../../lib/passkey-support.ts';

/**
 * The console server's answers about passkeys, in the UI language. Kept with the passkeys panel, in its
 * catalogue: only the panel shows them. Anything else goes through `consoleMessage`.
 */
const ANSWERS: readonly (readonly [RegExp, (groups: RegExpExecArray) => MessageDescriptor])[] = [
  [/^Give the passkey a name\.$/, () => msg`Give the passkey a name.`],
  [
    /^The passkey could not be verified, or the request for it has expired\. Add it again\.$/,
    () => msg`The passkey could not be verified, or the request for it has expired. Add it again.`,
  ],
  [/^This passkey is registered already\.$/, () => msg`This passkey is registered already.`],
  [
    /^Adding a passkey needs your current password: /,
    () => msg`Adding a passkey needs your current password: enter it to confirm it is you.`,
  ],
  [
    /^This is not your password: the passkey was not added\.$/,
    () => msg`This is not your password: the passkey was not added.`,
  ],
  [
    /^Too many wrong passwords\. Try again in (\d+) minutes\.$/,
    ([, minutes = '']) => msg`Too many wrong passwords. Try again in ${minutes} minutes.`,
  ],
  [/^You have no passkey with this id\.$/, () => msg`You have no passkey with this ID.`],
  [
    /^You have (\d+) passkeys, the most an account may have: remove one first\.$/,
    ([, most = '']) => msg`You have ${most} passkeys, the most an account may have: remove one first.`,
  ],
  [
    /^Passkeys need a host name: /,
    () =>
      msg`Passkeys need a host name: this console is reached by an IP address, which browsers refuse for passkeys. Your administrator can set BFF_PUBLIC_URL to an address with a host name.`,
  ],
  [
    /^Your account signs in through your company’s sign-in service/,
    () =>
      msg`You sign in through your company’s sign-in service, which keeps your credentials: passkeys are set up there, not here.`,
  ],
];

export function passkeyAnswer(message: string): string {
  for (const [pattern, meaning] of ANSWERS) {
    const match = pattern.exec(message);
    if (match) return i18n._(meaning(match));
  }
  return consoleMessage(message);
}

/** What went wrong with a passkey change: the server's answer or the browser's, in the UI language. */
export function passkeyProblem(error: Error): string {
  if (error instanceof ApiError) return describeFailure(error.status, error.body, passkeyAnswer);
  const code = isRecord(error) && typeof error.code === 'string' ? error.code : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError')
    return i18n._(msg`This device already holds one of your passkeys.`);
  return passkeyDialogProblem(error);
}
