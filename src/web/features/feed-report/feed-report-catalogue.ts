import type { CatalogueLoaders } from '../../i18n/catalogues.ts';
import { loadFeatureCatalogue } from '../../i18n/i18n.ts';

/**
 * The feed-in report's words (chart, heatmap, duration curve, running sum, summary, exports): loaded with the
 * report (lingui.config.ts), so the catalogue loaded before the first paint stays within its budget.
 */
const FEED_REPORT_CATALOGUE: CatalogueLoaders = {
  en: () => import('./locales/en.po'),
  de: () => import('./locales/de.po'),
};

export const loadFeedReportCatalogue = () => loadFeatureCatalogue(FEED_REPORT_CATALOGUE);
