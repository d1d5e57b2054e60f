// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeatmapDayRow } from '../heatmap/heatmap-cells.ts';
import type { ReportRow } from '../data/report-rows.ts';
import { messages as en } from '../locales/en.po';
import { HeatmapTable } from './heatmap-table.tsx';
import { ReportTable } from './report-table.tsx';
import { hoursText, kwhText } from './table-cells.tsx';

const HOUR = 3_600_000;

/** A period of `hours` from midnight 1 Jan 2026 UTC holding `energyKwh`. */
const period = (hours: number, energyKwh: number | null, cut: ReportRow['cut'] = null): HeatmapDayRow => ({
  start: Date.UTC(2026, 0, 1),
  end: Date.UTC(2026, 0, 1) + hours * HOUR,
  label: '2026-01-01',
  energyKwh,
  sampleCount: energyKwh === null ? 0 : Math.round(hours * 4),
  expected: Math.round(hours * 4),
  status: energyKwh === null ? 'gap' : 'complete',
  cut,
  peak: null,
});

/** The texts of the only row's cells. */
const rowCells = () =>
  screen
    .getAllByRole('row')
    .filter((row) => row.querySelector('th[scope="row"]'))
    .flatMap((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

/** Rendered in English, with the report's own catalogue as the page has it. */
function renderInEnglish(table: ReactNode) {
  i18n.loadAndActivate({ locale: 'en', messages: en });
  return render(<I18nProvider i18n={i18n}>{table}</I18nProvider>);
}

afterEach(cleanup);

describe('hoursText', () => {
  it('gives hours to four decimals, as many as a period needs', () => {
    expect(hoursText(period(24, 1))).toBe('24');
    expect(hoursText(period(23.5, 1))).toBe('23.5');
    expect(hoursText(period(0.125, 1))).toBe('0.125');
    expect(hoursText(period(1 + 1 / 60, 1))).toBe('1.0167');
  });

  it('counts only the part of a period inside the range', () => {
    const start = Date.UTC(2026, 0, 1);
    expect(hoursText(period(24, 1, { start, end: start + 6 * HOUR }))).toBe('6');
  });
});

describe('kwhText', () => {
  it('gives kWh to the Wh, and a dash where there is no value', () => {
    expect(kwhText(12.3)).toBe('12.300');
    expect(kwhText(0.0004)).toBe('0.000');
    expect(kwhText(null)).toBe('—');
    expect(kwhText(undefined)).toBe('—');
  });
});

describe('the periods table and the heatmap table', () => {
  it('give a period its hours, energy, values and status alike', () => {
    const day = period(23.125, 10.5);
    renderInEnglish(<ReportTable rows={[day]} timeZone="UTC" printAll />);
    const periods = rowCells();
    cleanup();
    renderInEnglish(<HeatmapTable rows={[day]} timeZone="UTC" capacityKw={null} printAll />);
    const days = rowCells();
    // The heatmap's table has the peak quarter hour between the energy and the values.
    expect(periods).toEqual(['23.125', '10.500', '93', 'complete']);
    expect(days).toEqual(['23.125', '10.500', '—', '93', 'complete']);
  });

  it('say why a period has no energy', () => {
    renderInEnglish(<HeatmapTable rows={[period(24, null)]} timeZone="UTC" capacityKw={null} printAll />);
    expect(rowCells().slice(0, 2)).toEqual(['24', 'no data']);
  });
});
