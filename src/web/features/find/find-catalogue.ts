import type { CatalogueLoaders } from '../../i18n/catalogues.ts';
import { loadFeatureCatalogue } from '../../i18n/i18n.ts';

/**
 * The words of finding things (the palette's records, contract suggestions, duplicate warnings): a
 * catalogue of their own (lingui.config.ts), loaded by the routes and the palette that show them.
 */
const FIND_CATALOGUE: CatalogueLoaders = {
  en: () => import('./locales/en.po'),
  de: () => import('./locales/de.po'),
};

export const loadFindCatalogue = () => loadFeatureCatalogue(FIND_CATALOGUE);
