import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BFF_REFUSAL_CODES } from '../../../contract/bff-refusal-codes.ts';
import { describeFailure } from '../../lib/api-client.ts';
import { COMMON_REFUSAL_CODES } from '../../lib/bff-refusal.ts';
import { messages as mainGerman } from '../../locales/de.po';
import { messages as accountGerman } from './locales/de.po';
import { passkeyAnswer, PASSKEY_REFUSAL_WORDS } from './passkey-answers.ts';

afterEach(() => i18n.activate('en'));

describe("the console server's answers on the passkeys panel", () => {
  it('are put in German by their code, whatever the English says', () => {
    i18n.load('de', mainGerman);
    i18n.load('de', accountGerman);
    i18n.activate('de');
    const body = { detail: 'Reworded: five is the limit.', code: 'passkey_limit_reached', most: 5 };
    expect(describeFailure(409, body, passkeyAnswer, PASSKEY_REFUSAL_WORDS)).toBe(
      'Sie haben 5 Passkeys, mehr darf ein Konto nicht haben: Entfernen Sie zuerst einen.',
    );
  });

  it('cover every passkey code of the contract that the first catalogue leaves out', () => {
    const worded = new Set([...COMMON_REFUSAL_CODES, ...Object.keys(PASSKEY_REFUSAL_WORDS)]);
    expect(BFF_REFUSAL_CODES.filter((code) => /passkey/.test(code) && !worded.has(code))).toEqual([]);
  });
});
