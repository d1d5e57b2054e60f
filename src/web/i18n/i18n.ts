import { i18n } from '@lingui/core';
import { loadCatalogue } from './catalogues.ts';
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

/** Loads the language's catalogue and switches the UI and `<html lang>` to it. */
export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await loadCatalogue[language]();
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
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
