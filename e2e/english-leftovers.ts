/**
 * English words that must not appear on a page shown in German. Kept beside the every-page test that uses
 * it: each word is one seen (or easily slipped) into the German console — words of the UI, units, roles,
 * and API codes that are shown as words. Words German shares with English ("Status", "Start", "Export",
 * "Name", "Optional", "Browser") are not here; data (names, IDs) and codes shown as codes (E01, `bff_users_create`) never
 * match, since they are not these whole words.
 */
export const ENGLISH_LEFTOVERS = [
  // function words: any English sentence has one
  'the',
  'and',
  'of',
  'to',
  'with',
  'this',
  'your',
  'now',
  'none',
  'default',
  'required',
  'please',
  'type',
  'enter',
  'loading',
  'scroll',
  // units and periods
  'day',
  'days',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'hour',
  'hours',
  'quarter',
  'raw',
  // API codes shown as words
  'private',
  'business',
  'credit',
  'charge',
  'normal',
  'reduced',
  'monthly',
  'yearly',
  'once',
  // roles and the shell ('admin' is also the admin's username, so it is data as often as a word)
  'operator',
  'viewer',
  'commands',
  'sign',
  'out',
  'menu',
  'page',
  'found',
] as const;

/** The leftovers found in a page's text (whole words, any case). */
export function englishLeftovers(text: string): string[] {
  // Underscores join a word: `is_business` is a code (a CSV column), not the word "business".
  const words = new Set(text.toLowerCase().match(/[\p{L}_]+/gu) ?? []);
  return ENGLISH_LEFTOVERS.filter((word) => words.has(word));
}
