import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BFF_REFUSAL_CODES } from '../../../contract/bff-refusal-codes.ts';
import { describeFailure } from '../../lib/api-client.ts';
import { COMMON_REFUSAL_CODES } from '../../lib/bff-refusal.ts';
import { consoleMessage } from '../../lib/known-messages.ts';
import { messages as mainGerman } from '../../locales/de.po';
import { messages as approvalsGerman } from './locales/de.po';
import { APPROVAL_REFUSAL_WORDS, passwordFieldMessage } from './approval-answers.ts';

afterEach(() => i18n.activate('en'));

const inGerman = () => {
  i18n.load('de', mainGerman);
  i18n.load('de', approvalsGerman);
  i18n.activate('de');
};
const answer = (status: number, body: unknown) =>
  describeFailure(status, body, consoleMessage, APPROVAL_REFUSAL_WORDS);

describe("the console server's answers on the approvals pages", () => {
  it('are put in German by their code, from the approvals catalogue or the main one', () => {
    inGerman();
    expect(passwordFieldMessage('This is not your password.')).toBe('Das ist nicht Ihr Passwort.');
    expect(
      answer(409, {
        detail: 'This request is withdrawn (olga): it cannot be approved now.',
        code: 'approval_not_pending',
        status: 'withdrawn',
        action: 'approved',
      }),
    ).toBe('Diese Anfrage ist dafür nicht mehr offen: Die Seite zeigt, was aus ihr geworden ist.');
    expect(answer(404, { detail: 'No such account.', code: 'no_such_account' })).toBe(
      'Dieses Konto gibt es nicht.',
    );
  });

  it('stay German when the server rewords its English', () => {
    inGerman();
    expect(
      answer(403, {
        detail: 'Requesters never approve their own requests, not even admins.',
        code: 'own_request_cannot_approve',
      }),
    ).toBe(answer(403, { detail: 'anything', code: 'own_request_cannot_approve' }));
    expect(answer(403, { detail: 'Reworded.', code: 'own_request_cannot_approve' })).not.toBe('Reworded.');
  });

  it('show an unknown code’s detail as sent (a newer server)', () => {
    inGerman();
    expect(answer(409, { detail: 'Something new.', code: 'a_newer_code' })).toBe('Something new.');
  });

  it('stay as sent in English', () => {
    expect(answer(403, { detail: 'You asked for this.', code: 'own_request_cannot_approve' })).toBe(
      'You asked for this.',
    );
  });

  it('have words for every code of the contract, in one catalogue or another', () => {
    const worded = new Set([...COMMON_REFUSAL_CODES, ...Object.keys(APPROVAL_REFUSAL_WORDS)]);
    // The passkeys panel words its own (passkey-answers.test.ts); a generic fall-back's detail is
    // Fastify's own message, shown as sent.
    expect(
      BFF_REFUSAL_CODES.filter(
        (code) =>
          !worded.has(code) && !/^passkeys?_|^no_such_passkey$/.test(code) && code !== 'request_refused',
      ),
    ).toEqual([]);
  });
});
