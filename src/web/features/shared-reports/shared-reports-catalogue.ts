import type { CatalogueLoaders } from '../../i18n/catalogues.ts';
import { loadFeatureCatalogue } from '../../i18n/i18n.ts';

/** Sharing a report and a contract's links: loaded with the report and the contract's page (lingui.config.ts). */
const SHARED_REPORTS_CATALOGUE: CatalogueLoaders = {
  en: () => import('./locales/en.po'),
  de: () => import('./locales/de.po'),
};

export const loadSharedReportsCatalogue = () => loadFeatureCatalogue(SHARED_REPORTS_CATALOGUE);
