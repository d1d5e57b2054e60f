import { setupI18n, type I18n } from '@lingui/core';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import type { Language } from './language.ts';

/** An i18n instance speaking the given language with the real catalogues, for unit tests. */
export function testI18n(language: Language): I18n {
  return setupI18n({ locale: language, messages: { en, de } });
}
