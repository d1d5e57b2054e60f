import type { Messages } from '@lingui/core';
import type { Language } from './language.ts';

/** A catalogue's chunk per language. */
export type CatalogueLoaders = Record<Language, () => Promise<{ messages: Messages }>>;

/** One chunk per language, loaded when it is first used (by the page and by the CSV worker). */
export const loadCatalogue: CatalogueLoaders = {
  en: () => import('../locales/en.po'),
  de: () => import('../locales/de.po'),
};
