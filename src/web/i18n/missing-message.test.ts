// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../locales/en.po';
import { expectConsoleError } from '../../testing/console-errors.ts';
import { activateLanguage } from './i18n.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages }));

describe('a message the active catalogue lacks', () => {
  it('is logged as a console error (which fails the e2e page that shows it), naming the language and id', async () => {
    await activateLanguage('de');
    expect(t`Sign out`).toBe('Abmelden');
    expectConsoleError(/^Missing de translation for message not-in-any-catalogue$/);
    expect(i18n._('not-in-any-catalogue')).toBe('not-in-any-catalogue');
  });
});
