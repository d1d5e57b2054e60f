import type { Messages } from '@lingui/core';
import type { Language } from './language.ts';

/** One chunk per language, loaded when it is first used (by the page and by the CSV worker). */
export const loadCatalogue: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.po'),
  de: () => import('../locales/de.po'),
};
