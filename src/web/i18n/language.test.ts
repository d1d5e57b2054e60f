import { describe, expect, it } from 'vitest';
import { formattingLocale, preferredLanguage } from './language.ts';

describe('preferredLanguage', () => {
  it('keeps the language chosen in the top bar', () => {
    expect(preferredLanguage('de', ['en-US'])).toBe('de');
    expect(preferredLanguage('en', ['de-DE'])).toBe('en');
  });
  it('follows the first browser language the console speaks', () => {
    expect(preferredLanguage(null, ['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(preferredLanguage(null, ['EN-gb'])).toBe('en');
  });
  it('ignores a stored value that is no language of the console, and falls back to English', () => {
    expect(preferredLanguage('fr', ['fr-FR', 'it'])).toBe('en');
    expect(preferredLanguage(null, [])).toBe('en');
  });
});

describe('formattingLocale', () => {
  it('keeps the browser locale when it is of the UI language', () => {
    expect(formattingLocale('de', 'de-CH')).toBe('de-CH');
    expect(formattingLocale('en', 'en-GB')).toBe('en-GB');
  });
  it("uses the language's main locale otherwise", () => {
    expect(formattingLocale('de', 'en-US')).toBe('de-DE');
    expect(formattingLocale('en', 'de-DE')).toBe('en-US');
    expect(formattingLocale('en', undefined)).toBe('en-US');
  });
});
