import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CatalogueLoaders } from '../i18n/catalogues.ts';
import { preferredLanguage } from '../i18n/language.ts';
import { fetchSharedReport } from './shared-report-data.ts';
import { SharedReportPage } from './shared-report-page.tsx';
import '../styles.css';
import './shared-report.css';

/**
 * The page a shared report link opens (issue 46, decision 0047): its own entry, without the console's
 * router, query cache, forms or navigation, so a phone loads a small page; the chart library loads as the
 * chart comes into view.
 */

const SHARED_REPORT_CATALOGUE: CatalogueLoaders = {
  en: () => import('./locales/en.po'),
  de: () => import('./locales/de.po'),
};
const FEED_REPORT_CATALOGUE: CatalogueLoaders = {
  en: () => import('../features/feed-report/locales/en.po'),
  de: () => import('../features/feed-report/locales/de.po'),
};

// The data is asked for at once, beside the catalogues: not after them, and not after React's first render.
const answer = fetchSharedReport(window.location.pathname, new AbortController().signal);

// The reader's browser language (German or English): a console language chosen on this browser is staff's.
const language = preferredLanguage(null, navigator.languages ?? [navigator.language]);
// Both catalogues at once; the console's first catalogue is not needed (lingui.config.ts).
const catalogues = await Promise.all(
  [FEED_REPORT_CATALOGUE, SHARED_REPORT_CATALOGUE].map((loaders) => loaders[language]()),
);
for (const { messages } of catalogues) i18n.load(language, messages);
i18n.activate(language);
document.documentElement.lang = language;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <SharedReportPage answer={answer} />
    </I18nProvider>
  </StrictMode>,
);
