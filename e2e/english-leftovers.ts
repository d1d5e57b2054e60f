import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

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
  // the feed-in report's controls, summary, chart and print title
  'range',
  'custom',
  'previous',
  'next',
  'nothing',
  'download',
  'print',
  'periods',
  'complete',
  'incomplete',
  'values',
  'data',
  'more',
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
  // field labels and words of the migration form and its result
  'customer',
  'salutation',
  'reason',
  'valid',
  'producer',
  'subscription_reason',
  'contract_notice_period_unit',
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

/** The leftovers found in a text (whole words, any case). */
export function englishLeftovers(text: string): string[] {
  // Underscores join a word: `is_business` is a code (a CSV column), not the word "business".
  const words = new Set(text.toLowerCase().match(/[\p{L}_]+/gu) ?? []);
  return ENGLISH_LEFTOVERS.filter((word) => words.has(word));
}

/**
 * The page's words as people meet them: its text, hidden parts included (a closed disclosure, a
 * screen reader's label), and every select's options; codes shown as code (`<code>`: the platform's JSON,
 * field names) may stay. The admin's username is data, not a word.
 */
export async function pageWords(page: Page): Promise<string> {
  const text = await page.evaluate(() => {
    const words = (element: Element): string =>
      [...element.childNodes]
        .map((node) =>
          node instanceof Element
            ? node.matches('code, script, style')
              ? ''
              : `${words(node)}\n`
            : (node.textContent ?? ''),
        )
        .join('');
    const options = [...document.querySelectorAll('option')].map((option) => option.text);
    return `${words(document.body)}\n${options.join('\n')}`;
  });
  return text.replaceAll(/\badmin\b/g, '');
}

/** Fails (softly: the test goes on to show all it finds) when the page shows one of the English words. */
export async function expectNoEnglishWords(page: Page) {
  expect.soft(englishLeftovers(await pageWords(page)), `English words on ${page.url()}`).toEqual([]);
}
