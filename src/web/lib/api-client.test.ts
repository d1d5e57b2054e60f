import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { ApiError, describeFailure } from './api-client.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

describe('describeFailure', () => {
  it('shows the platform detail verbatim', () => {
    expect(describeFailure(400, { detail: 'check digit validation failed' })).toBe(
      'check digit validation failed',
    );
  });

  it('lists field errors with their field', () => {
    expect(
      describeFailure(400, {
        amount_cent: ['Ensure this value is greater than or equal to 0.'],
        input_id: ['a', 'b'],
      }),
    ).toBe('amount_cent: Ensure this value is greater than or equal to 0. input_id: a input_id: b');
  });

  it('explains an unreachable platform and anything else by status', () => {
    expect(describeFailure(504, null)).toMatch(/not answering/);
    expect(describeFailure(502, '<html>')).toMatch(/not answering/);
    expect(describeFailure(500, 'oops')).toBe('The request failed (HTTP 500).');
  });

  it('speaks the UI language: the platform’s words with their meaning, the console server’s own replaced', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(new ApiError(400, { detail: 'check digit validation failed' }, '/api/v3/x/').message).toBe(
      'check digit validation failed — Die Prüfziffer (die letzte Ziffer) stimmt nicht: Suchen Sie nach einem Tippfehler.',
    );
    expect(
      new ApiError(404, { detail: 'Reworded: no such account.', code: 'no_such_account' }, '/bff/users/x')
        .message,
    ).toBe('Dieses Konto gibt es nicht.');
    expect(
      new ApiError(400, { username: ['An account with this username exists.'] }, 'bff/users').message,
    ).toBe('username: Ein Konto mit diesem Benutzernamen gibt es schon.');
  });
});
