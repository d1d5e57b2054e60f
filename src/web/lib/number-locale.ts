/** The locale numbers are typed and shown in: the browser's language. */
export function useNumberLocale(): string {
  return typeof navigator === 'undefined' ? 'en-US' : navigator.language;
}
