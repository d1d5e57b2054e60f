import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as de } from './locales/de.po';
import { messages as en } from './locales/en.po';
import { periodsText, reportTitle } from './report-title.ts';

function speak(language: 'en' | 'de') {
  i18n.loadAndActivate({ locale: language, messages: language === 'de' ? de : en });
}

afterEach(() => speak('en'));

const week = {
  user: 'P1000',
  contract: 'C1000',
  from: '2025-08-10',
  to: '2025-08-16',
  aggregation: 'day',
  periods: 7,
  timeZone: 'Europe/Berlin',
} as const;

describe('the PNG and print title', () => {
  it('says the aggregation in words with its count, not the API code', () => {
    expect(reportTitle(week)).toBe('Feed-in P1000/C1000, 2025-08-10 to 2025-08-16, 7 days, Europe/Berlin');
    expect(reportTitle({ ...week, aggregation: 'month', periods: 1 })).toContain(', 1 month,');
  });

  it('is German in the German console, plurals included', () => {
    speak('de');
    expect(reportTitle(week)).toBe(
      'Einspeisung P1000/C1000, 2025-08-10 bis 2025-08-16, 7 Tage, Europe/Berlin',
    );
    expect(periodsText('day', 1)).toBe('1 Tag');
    expect(periodsText('month', 12)).toBe('12 Monate');
    expect(periodsText('week', 1)).toBe('1 ISO-Woche');
    expect(periodsText('hour', 25)).toBe('25 Stunden');
    expect(periodsText('year', 2)).toBe('2 Jahre');
    expect(periodsText('raw', 35_040)).toBe('35.040 Rohwerte');
  });
});
