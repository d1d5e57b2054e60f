import type { CatalogueLoaders } from '../../i18n/catalogues.ts';
import { loadFeatureCatalogue } from '../../i18n/i18n.ts';

/** The admin pages' words (accounts, audit log): only admins load them (lingui.config.ts). */
const ADMIN_CATALOGUE: CatalogueLoaders = {
  en: () => import('./locales/en.po'),
  de: () => import('./locales/de.po'),
};

export const loadAdminCatalogue = () => loadFeatureCatalogue(ADMIN_CATALOGUE);
