/** The console's languages and how the one to use is chosen. Pure: unit-tested without a browser. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, as the language control lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

export const LANGUAGE_STORAGE_KEY = 'energy-console:language';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The language chosen in the top bar wins; otherwise the first of the browser's languages the
 * console speaks (de-AT counts as German); otherwise English.
 */
export function preferredLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/**
 * The locale numbers, dates and amounts are written in: the browser's own locale when it is of the
 * UI language (en-GB, de-CH keep their conventions), else the language's main one.
 */
export function formattingLocale(language: Language, browserLanguage: string | undefined): string {
  if (browserLanguage && browserLanguage.toLowerCase().split('-')[0] === language) return browserLanguage;
  return language === 'de' ? 'de-DE' : 'en-US';
}
