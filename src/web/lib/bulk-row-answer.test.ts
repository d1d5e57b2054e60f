import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { refusal } from '../../contract/bff-refusal-codes.ts';
import { bulkRowNoticeText, type BulkRowNotice } from '../../contract/bulk-row-notices.ts';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { bulkRowAnswer } from './bulk-row-answer.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

const by = { fileName: 'a.csv', campaign: '01234567', row: 3 };
const NOTICES: BulkRowNotice[] = [
  { code: 'already_booked', by },
  { code: 'already_booked', by: { recordedBy: 'olga', day: '2026-11-28' } },
  { code: 'booked_with_other_values', fields: ['amount_cent', 'due_date'], by },
  { code: 'exists_not_by_console', platform: 'input_id: exists' },
  { code: 'identical_to_row', row: 2 },
  { code: 'booked_by_lost_attempt', platform: 'input_id: exists' },
  { code: 'no_answer', since: '2026-11-28T10:00:00.000Z', attempts: 7, last: 'timeout' },
  { code: 'not_booked', last: 'timeout', attempts: 7, since: '2026-11-28T10:00:00.000Z' },
  {
    code: 'console_refusal',
    refusal: refusal('approval_required', 'This books …', {
      total_gross_cent: 300_000,
      threshold_cent: 100_000,
    }),
  },
];

describe('a bulk row’s answer', () => {
  it('words the console’s notices by their code: in English as the BFF writes them', () => {
    // The others carry dates and amounts, which the console writes in the UI language's conventions.
    for (const notice of [0, 2, 3, 4, 5].map((index) => NOTICES[index]!))
      expect(bulkRowAnswer({ status: 'skipped', message: 'ignored', notice })).toBe(
        bulkRowNoticeText(notice),
      );
  });

  it('words every notice in German, the figures in German conventions, never the English sentence', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    for (const notice of NOTICES) {
      const words = bulkRowAnswer({ status: 'skipped', message: bulkRowNoticeText(notice), notice });
      expect(words).not.toBe(bulkRowNoticeText(notice));
      expect(words).not.toMatch(/^(Already|Booked|Exists|Identical|Sent without|Not (booked|sent))/);
    }
    expect(bulkRowAnswer({ status: 'skipped', message: null, notice: NOTICES[1]! })).toBe(
      'Bereits gebucht von olga am 28.11.2026.',
    );
  });

  it('reads a row without a notice as before: the platform’s message, an invalid row’s problems part by part', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(bulkRowAnswer({ status: 'refused', message: 'IBAN check digit validation failed' })).toMatch(
      /Prüfziffer/,
    );
    expect(bulkRowAnswer({ status: 'invalid', message: 'amount_cent: Enter a number.' })).toBe(
      'amount_cent: Geben Sie eine Zahl ein.',
    );
    expect(bulkRowAnswer({ status: 'refused', message: null })).toBe('');
  });
});
