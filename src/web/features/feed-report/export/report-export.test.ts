import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedRecord } from '../../../../contract/api/feed.ts';
import { csvLines } from '../../../../contract/csv.ts';
import { formatUtcInstant } from '../../../../contract/time-zone-periods.ts';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { countText } from '../report-summary.tsx';
import { excelCsv, wrapText } from './report-export.ts';
import { rangeInstants } from '../data/report-range.ts';
import { reportView } from '../data/report-view.ts';

const at = Date.parse;
const QUARTER = 900_000;
const PAST = at('2026-11-24T00:00:00Z');

/** C1000's days in UTC around Berlin's gap day: 96, 88, 8 values, then nothing on the 13th. */
function utcDays(): FeedRecord[] {
  const day = (date: string, sample_count: number, energy_kwh: number): FeedRecord => ({
    start: `${date}T00:00:00Z`,
    end: formatUtcInstant(at(`${date}T00:00:00Z`) + 96 * QUARTER),
    energy_kwh,
    sample_count,
  });
  return [day('2025-08-10', 96, 1234.5), day('2025-08-11', 88, 20.25), day('2025-08-12', 8, 0)];
}

function speak(language: 'en' | 'de') {
  i18n.loadAndActivate({ locale: language, messages: language === 'de' ? de : en });
}

afterEach(() => speak('en'));

describe('Download for Excel', () => {
  const { start, end } = rangeInstants({ from: '2025-08-10', to: '2025-08-13' }, 'UTC');
  const rows = () => reportView(utcDays(), start, end, 'day', 'UTC', PAST).rows;

  it('writes every period of the table in German conventions: BOM, semicolons, decimal commas', () => {
    speak('de');
    const text = excelCsv(rows(), 'UTC', 'de-DE');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Periode (UTC);Beginn (UTC);Ende (UTC);Stunden;Energie (kWh);Werte;Erwartete Werte;Vollständigkeit (%);Status',
      '2025-08-10;2025-08-10 00:00;2025-08-11 00:00;24;1234,500;96;96;100,0;vollständig',
      '2025-08-11;2025-08-11 00:00;2025-08-12 00:00;24;20,250;88;96;91,6;unvollständig',
      '2025-08-12;2025-08-12 00:00;2025-08-13 00:00;24;0,000;8;96;8,3;unvollständig',
      '2025-08-13;2025-08-13 00:00;2025-08-14 00:00;24;;0;96;0,0;keine Daten',
      '',
    ]);
  });

  it('writes English with commas and decimal points, and follows a Swiss German point', () => {
    const text = excelCsv(rows(), 'UTC', 'en-US');
    expect(text.slice(1).split('\r\n').slice(0, 2)).toEqual([
      'Period (UTC),Start (UTC),End (UTC),Hours,Energy (kWh),Values,Expected values,Completeness (%),Status',
      '2025-08-10,2025-08-10 00:00,2025-08-11 00:00,24,1234.500,96,96,100.0,complete',
    ]);
    expect(text).toContain('2025-08-12,2025-08-12 00:00,2025-08-13 00:00,24,0.000,8,96,8.3,incomplete');
    expect(text).toContain(',,0,96,0.0,no data');
    expect(excelCsv(rows(), 'UTC', 'de-CH').split('\r\n')[1]).toContain(',1234.500,');
  });

  it("adds each period's specific yield (kWh/kWp) when the nameplate power is given, empty without values", () => {
    const lines = excelCsv(rows(), 'UTC', 'en-US', 10).slice(1).split('\r\n');
    expect(lines[0]).toMatch(/,Status,Specific yield \(kWh\/kWp\)$/);
    expect(lines[1]).toMatch(/,complete,123\.450$/);
    expect(lines[4]).toMatch(/,no data,$/);
    speak('de');
    expect(excelCsv(rows(), 'UTC', 'de-DE', 10).split('\r\n')[1]).toMatch(/;vollständig;123,450$/);
  });

  describe('a month report from 15 Jan to 10 Feb 2025, compared with a year earlier', () => {
    const month = (from: string, to: string, energy_kwh: number, sample_count: number): FeedRecord => ({
      start: from,
      end: to,
      energy_kwh,
      sample_count,
    });
    const cutRows = () => {
      const range = rangeInstants({ from: '2025-01-15', to: '2025-02-10' }, 'Europe/Berlin');
      const records = [
        month('2024-12-31T23:00:00Z', '2025-01-31T23:00:00Z', 110, 17 * 96),
        month('2025-01-31T23:00:00Z', '2025-02-28T23:00:00Z', 50, 10 * 96),
      ];
      return reportView(records, range.start, range.end, 'month', 'Europe/Berlin', PAST).rows;
    };
    const yearEarlier = () => {
      const range = rangeInstants({ from: '2024-01-15', to: '2024-02-10' }, 'Europe/Berlin');
      const records = [month('2023-12-31T23:00:00Z', '2024-01-31T23:00:00Z', 100, 17 * 96)];
      return reportView(records, range.start, range.end, 'month', 'Europe/Berlin', PAST).rows;
    };

    // ICU sets the range's dash between thin spaces (U+2009) in English.
    it('names partial months with their days, from and to where the range cuts them, and the difference', () => {
      const comparison = { label: 'A year earlier', rows: yearEarlier() };
      const lines = excelCsv(cutRows(), 'Europe/Berlin', 'en-US', null, comparison).slice(1).split('\r\n');
      expect(lines[0]).toBe(
        'Period (Europe/Berlin),Start (Europe/Berlin),End (Europe/Berlin),Hours,Energy (kWh),Values,Expected values,Completeness (%),Status,A year earlier (kWh),Difference (kWh),Difference (%)',
      );
      expect(lines[1]).toBe(
        '2025-01 (Jan 15\u2009–\u200931),2025-01-15 00:00,2025-02-01 00:00,408,110.000,1632,1632,100.0,partial,100.000,10.000,10.0',
      );
      // A year earlier has no February value: no compared figure and no difference, never a 0.
      expect(lines[2]).toBe(
        '2025-02 (Feb 1\u2009–\u200910),2025-02-01 00:00,2025-02-11 00:00,240,50.000,960,960,100.0,partial,,,',
      );
    });

    it('writes “Teilzeitraum” and German days in German', () => {
      speak('de');
      const comparison = { label: 'Ein Jahr früher', rows: yearEarlier() };
      const lines = excelCsv(cutRows(), 'Europe/Berlin', 'de-DE', null, comparison).slice(1).split('\r\n');
      expect(lines[0]).toMatch(/;Status;Ein Jahr früher \(kWh\);Differenz \(kWh\);Differenz \(%\)$/);
      expect(lines[1]).toBe(
        '2025-01 (15.–31. Jan.);2025-01-15 00:00;2025-02-01 00:00;408;110,000;1632;1632;100,0;Teilzeitraum;100,000;10,000;10,0',
      );
    });

    it('leaves the file as it was without a comparison', () => {
      const header = excelCsv(cutRows(), 'Europe/Berlin', 'en-US').slice(1).split('\r\n')[0];
      expect(header).toMatch(/,Completeness \(%\),Status$/);
    });
  });

  it('goes through the one CSV writer (formulas neutralised)', () => {
    expect(csvLines([['=1+1']], { delimiter: ';' })).toBe("'=1+1\r\n");
  });
});

describe('numbers in sentences', () => {
  it('formats counts in the UI language: “None of 35,040” / “Keine von 35.040”', () => {
    expect(countText(0, 35_040)).toBe('None of 35,040');
    expect(countText(1234, 35_040)).toBe('1,234 of 35,040');
    speak('de');
    expect(countText(0, 35_040)).toBe('Keine von 35.040');
    expect(countText(96, 35_040)).toBe('96 von 35.040');
  });
});

describe('the PNG title on a narrow chart', () => {
  // Every character 7 px wide: 40 characters fit on 280 px.
  const measure = (text: string) => text.length * 7;

  it('wraps between words to the chart’s width instead of being cut off', () => {
    const title = 'Einspeisung P1000/C1000, 2025-08-10 bis 2025-08-16, 7 Tage, Europe/Berlin';
    const lines = wrapText(title, 280, measure);
    expect(lines).toEqual(['Einspeisung P1000/C1000, 2025-08-10 bis', '2025-08-16, 7 Tage, Europe/Berlin']);
    expect(lines.every((line) => measure(line) <= 280)).toBe(true);
    expect(wrapText(title, 2000, measure)).toEqual([title]);
  });
});
