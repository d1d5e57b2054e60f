import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as mainGerman } from '../../locales/de.po';
import { messages as approvalsGerman } from './locales/de.po';
import { approvalAnswer } from './approval-answers.ts';

afterEach(() => i18n.activate('en'));

describe("the console server's answers on the approvals pages", () => {
  it('are put in German, from the approvals catalogue or the main one', () => {
    i18n.load('de', mainGerman);
    i18n.load('de', approvalsGerman);
    i18n.activate('de');
    expect(approvalAnswer('This is not your password.')).toBe('Das ist nicht Ihr Passwort.');
    expect(approvalAnswer('This request is withdrawn (olga): it cannot be approved now.')).toBe(
      'Diese Anfrage ist dafür nicht mehr offen: Die Seite zeigt, was aus ihr geworden ist.',
    );
    expect(approvalAnswer('No such account.')).toBe('Dieses Konto gibt es nicht.');
  });

  it('stay as sent in English', () => {
    expect(approvalAnswer('This is not your password.')).toBe('This is not your password.');
  });
});
