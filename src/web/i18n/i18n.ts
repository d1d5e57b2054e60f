import { i18n } from '@lingui/core';
import { loadCatalogue, type CatalogueLoaders } from './catalogues.ts';
import {
  formattingLocale,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  preferredLanguage,
  type Language,
} from './language.ts';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked: follow the browser
  }
}

/** The language to start in: the one chosen before, else the browser's. */
export function startingLanguage(): Language {
  return preferredLanguage(storedLanguage(), navigator.languages ?? [navigator.language]);
}

// A message the catalogue lacks would show English (or its id) to German staff: said loudly, so the
// e2e runs, which fail on any console error, catch it on whichever page shows it.
i18n.on('missing', ({ locale, id }) => {
  console.error(`Missing ${locale} translation for message ${id}`);
});

/**
 * Catalogues of features whose words load with their pages, not before the first paint (the catalogue
 * loaded then has a size budget: scripts/check-bundle-size.ts), each with its loading in the active
 * language. Once a page has loaded one, a language switch loads it in the new language too.
 */
const featureCatalogues = new Map<CatalogueLoaders, Promise<void>>();

/** Loads the language's catalogue (and those of features in use) and switches the UI and `<html lang>` to it. */
export async function activateLanguage(language: Language): Promise<void> {
  const features = [...featureCatalogues.keys()];
  const [{ messages }, ...featureMessages] = await Promise.all([
    loadCatalogue[language](),
    ...features.map((loaders) => loaders[language]()),
  ]);
  // `load` adds to what the language has: a feature's messages stay when the main catalogue is loaded again.
  i18n.load(language, messages);
  for (const feature of featureMessages) i18n.load(language, feature.messages);
  for (const loaders of features) featureCatalogues.set(loaders, Promise.resolve());
  i18n.activate(language);
  document.documentElement.lang = language;
}

/**
 * A feature's catalogue in the active language, before its page renders (a route's loader), once; and in
 * any language switched to later. A failed load is tried again on the next call.
 */
export function loadFeatureCatalogue(loaders: CatalogueLoaders): Promise<void> {
  const loaded = featureCatalogues.get(loaders);
  if (loaded) return loaded;
  const language = currentLanguage();
  const loading = loaders[language]().then(
    ({ messages }) => i18n.load(language, messages),
    (error: unknown) => {
      featureCatalogues.delete(loaders);
      throw error;
    },
  );
  featureCatalogues.set(loaders, loading);
  return loading;
}

/** Switches to a language picked in the top bar and remembers it for the next visit. */
export async function chooseLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

/** The locale for Intl outside React (workers get it passed in). */
export function currentFormattingLocale(): string {
  return formattingLocale(
    currentLanguage(),
    typeof navigator === 'undefined' ? undefined : navigator.language,
  );
}
