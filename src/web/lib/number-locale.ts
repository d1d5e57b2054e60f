import { currentFormattingLocale } from '../i18n/i18n.ts';

/**
 * The locale numbers are typed and shown in: the browser's own when it is of the UI language, else
 * the UI language's (German separators in a German console). The console re-renders on a switch.
 */
export function useNumberLocale(): string {
  return currentFormattingLocale();
}
