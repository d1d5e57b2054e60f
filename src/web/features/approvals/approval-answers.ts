import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { consoleMessage } from '../../lib/known-messages.ts';

/**
 * The console server's answers to a decision on a request, in the UI language. Kept with the approvals
 * pages, in their catalogue: only these pages show them. Anything else goes through `consoleMessage`.
 */
const ANSWERS: readonly (readonly [RegExp, (groups: RegExpExecArray) => MessageDescriptor])[] = [
  [/^Enter your password to approve\.$/, () => msg`Enter your password to approve.`],
  [/^This is not your password\.$/, () => msg`This is not your password.`],
  [
    /^Too many wrong passwords\. Try again in (\d+) minutes\.$/,
    ([, minutes = '']) => msg`Too many wrong passwords. Try again in ${minutes} minutes.`,
  ],
  [
    /^Approving needs a fresh sign-in at your company's sign-in service \(within the last (\d+) minutes\)\.$/,
    ([, minutes = '']) =>
      msg`Approving needs a fresh sign-in at your company’s sign-in service (within the last ${minutes} minutes).`,
  ],
  [
    /^You asked for this: a second person must approve it \(admins too\)\.$/,
    () => msg`You asked for this: a second person must approve it (admins too).`,
  ],
  [
    /^Your account and the requester’s are linked .*another person must approve it\.$/,
    () =>
      msg`You cannot approve this: your account and the requester's are linked (one of you created the other's account, reset its password or registered a passkey on it), so you count as the same person. Another person must approve it.`,
  ],
  [
    /^Your account was created after this request was made: another person must approve it\.$/,
    () =>
      msg`You cannot approve this: your account was created after the request was made. Another person must approve it.`,
  ],
  [
    /^You asked for this: withdraw it instead of rejecting it\.$/,
    () => msg`You asked for this: withdraw it instead of rejecting it.`,
  ],
  [
    /^Only the person who asked may withdraw a request\.$/,
    () => msg`Only the person who asked may withdraw a request.`,
  ],
  [
    /^This request is not the one you saw: reload it before approving\.$/,
    () => msg`This request is not the one you saw: reload it before approving.`,
  ],
  [
    /^This request is \w+( \(.+\))?: it cannot be \w+ now\.$|^This request is \w+: only one sent without an answer is sent again\.$/,
    () => msg`This request is no longer open for that: the page shows what became of it.`,
  ],
  [
    /^This request expired on .+: it cannot be \w+ any more\.$/,
    () => msg`This request has expired: nothing can be decided any more.`,
  ],
  [
    /^Not sent: the stored request no longer matches what was approved\.$/,
    () => msg`Not sent: the stored request no longer matches what was approved.`,
  ],
];

export function approvalAnswer(message: string): string {
  if (i18n.locale === 'en') return message;
  for (const [pattern, meaning] of ANSWERS) {
    const match = pattern.exec(message);
    if (match) return i18n._(meaning(match));
  }
  return consoleMessage(message);
}
