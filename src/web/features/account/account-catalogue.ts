import type { CatalogueLoaders } from '../../i18n/catalogues.ts';
import { loadFeatureCatalogue } from '../../i18n/i18n.ts';

/** The account pages' words (own password, sessions, the forced change): loaded with them (lingui.config.ts). */
const ACCOUNT_CATALOGUE: CatalogueLoaders = {
  en: () => import('./locales/en.po'),
  de: () => import('./locales/de.po'),
};

export const loadAccountCatalogue = () => loadFeatureCatalogue(ACCOUNT_CATALOGUE);
