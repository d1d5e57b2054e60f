import type { CatalogueLoaders } from '../../i18n/catalogues.ts';
import { loadFeatureCatalogue } from '../../i18n/i18n.ts';

/** The approvals pages' words: a catalogue of their own, loaded with them (lingui.config.ts). */
const APPROVALS_CATALOGUE: CatalogueLoaders = {
  en: () => import('./locales/en.po'),
  de: () => import('./locales/de.po'),
};

export const loadApprovalsCatalogue = () => loadFeatureCatalogue(APPROVALS_CATALOGUE);
