import type { CatalogueLoaders } from '../../i18n/catalogues.ts';
import { loadFeatureCatalogue } from '../../i18n/i18n.ts';

/**
 * The record pages' words (consumer, contract, record, the reversal notice on the charges form): a
 * catalogue of their own, loaded with them (lingui.config.ts), so the one loaded before the first paint
 * stays within its budget.
 */
const RECORDS_CATALOGUE: CatalogueLoaders = {
  en: () => import('./locales/en.po'),
  de: () => import('./locales/de.po'),
};

export const loadRecordsCatalogue = () => loadFeatureCatalogue(RECORDS_CATALOGUE);
