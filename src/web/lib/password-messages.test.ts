import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_PROBLEMS } from '../../contract/password-policy.ts';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { passwordMessage } from './password-messages.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

describe('the password policy’s messages', () => {
  it('stay as the server wrote them in English', () => {
    expect(passwordMessage(PASSWORD_PROBLEMS.common)).toBe(PASSWORD_PROBLEMS.common);
  });

  it('are put in German, each rule of the policy and the general ones too', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(passwordMessage(PASSWORD_PROBLEMS.containsUsername)).toBe(
      'Lassen Sie Ihren Benutzernamen aus dem Passwort heraus.',
    );
    expect(passwordMessage(PASSWORD_PROBLEMS.tooShort)).toBe('Verwenden Sie mindestens 12 Zeichen.');
    for (const problem of Object.values(PASSWORD_PROBLEMS))
      expect(passwordMessage(problem)).not.toBe(problem);
    expect(passwordMessage(PASSWORD_PROBLEMS.guessable)).toMatch(/^Dieses Passwort ist leicht zu erraten/);
    expect(passwordMessage('This is not your current password.')).toBe(
      'Das ist nicht Ihr aktuelles Passwort.',
    );
  });
});
