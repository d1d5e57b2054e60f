// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedRecord } from '../../../../contract/api/feed.ts';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { rangeInstants } from '../data/report-range.ts';
import { ReportSummary } from '../report-summary.tsx';
import { ReportTable } from './report-table.tsx';
import { reportView } from '../data/report-view.ts';

const PAST = Date.parse('2026-11-24T00:00:00Z');
const ZONE = 'Europe/Berlin';

const month = (start: string, end: string, energy_kwh: number, sample_count: number): FeedRecord => ({
  start,
  end,
  energy_kwh,
  sample_count,
});

/** A month report from 15 Jan to 10 Feb 2025 (both months cut), and the same days a year earlier. */
function cutMonths() {
  const range = rangeInstants({ from: '2025-01-15', to: '2025-02-10' }, ZONE);
  const earlier = rangeInstants({ from: '2024-01-15', to: '2024-02-10' }, ZONE);
  return {
    view: reportView(
      [
        month('2024-12-31T23:00:00Z', '2025-01-31T23:00:00Z', 110, 17 * 96),
        month('2025-01-31T23:00:00Z', '2025-02-28T23:00:00Z', 50, 10 * 96),
      ],
      range.start,
      range.end,
      'month',
      ZONE,
      PAST,
    ),
    earlier: reportView(
      [
        month('2023-12-31T23:00:00Z', '2024-01-31T23:00:00Z', 100, 17 * 96),
        month('2024-01-31T23:00:00Z', '2024-02-29T23:00:00Z', 80, 10 * 96),
      ],
      earlier.start,
      earlier.end,
      'month',
      ZONE,
      PAST,
    ),
  };
}

const periodRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('rowheader').length > 0);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** The page's strings come from the feature's own catalogue, through the global instance as in the page. */
function speak(language: 'en' | 'de') {
  i18n.loadAndActivate({ locale: language, messages: language === 'de' ? de : en });
  return i18n;
}

afterEach(() => {
  cleanup();
  speak('en');
});

describe('ReportTable with periods cut by the range', () => {
  it('names a cut month with its days, gives the hours inside the range and says partial, with a legend', () => {
    const { view } = cutMonths();
    render(
      <I18nProvider i18n={speak('en')}>
        <ReportTable rows={view.rows} timeZone={ZONE} printAll />
      </I18nProvider>,
    );
    const [january, february] = periodRows();
    expect(within(january!).getByRole('rowheader').textContent).toBe('2025-01(Jan 15\u2009–\u200931)');
    expect(cells(january!)).toEqual(['408', '110.000', '1,632', 'partial']);
    expect(within(february!).getByRole('rowheader').textContent).toBe('2025-02(Feb 1\u2009–\u200910)');
    expect(screen.getByText(/^Partial: a period the report’s range cuts/)).toBeTruthy();
  });

  it('adds the compared figure and the difference per period when compared, in German too', () => {
    const { view, earlier } = cutMonths();
    render(
      <I18nProvider i18n={speak('de')}>
        <ReportTable
          rows={view.rows}
          timeZone={ZONE}
          printAll
          compareRows={earlier.rows}
          compareLabel="Ein Jahr früher"
        />
      </I18nProvider>,
    );
    const headings = screen.getAllByRole('columnheader').map((heading) => heading.textContent);
    expect(headings.slice(-3)).toEqual(['Ein Jahr früher (kWh)', 'Differenz (kWh)', 'Differenz (%)']);
    const [january, february] = periodRows();
    expect(within(january!).getByRole('rowheader').textContent).toBe('2025-01(15.–31. Jan.)');
    expect(cells(january!).slice(3)).toEqual(['Teilzeitraum', '100,000', '+10,000', '+10\u00a0%']);
    expect(cells(february!).slice(-3)).toEqual(['80,000', '-30,000', '-37,5\u00a0%']);
  });

  it('has no comparison columns and no legend for whole periods without a comparison', () => {
    const range = rangeInstants({ from: '2025-01-01', to: '2025-01-31' }, ZONE);
    const view = reportView(
      [month('2024-12-31T23:00:00Z', '2025-01-31T23:00:00Z', 200, 31 * 96)],
      range.start,
      range.end,
      'month',
      ZONE,
      PAST,
    );
    render(
      <I18nProvider i18n={speak('en')}>
        <ReportTable rows={view.rows} timeZone={ZONE} printAll />
      </I18nProvider>,
    );
    expect(screen.getAllByRole('columnheader')).toHaveLength(5);
    expect(cells(periodRows()[0]!)).toEqual(['744', '200.000', '2,976', 'complete']);
    expect(screen.queryByText(/^Partial:/)).toBeNull();
  });
});

describe('ReportSummary', () => {
  const summaryOf = (comparison: boolean) => {
    const { view, earlier } = cutMonths();
    render(
      <I18nProvider i18n={speak('en')}>
        <ReportSummary
          summary={view.summary}
          rows={view.rows}
          unit={view.unit}
          capacityKw={null}
          timeZone={ZONE}
          comparison={
            comparison ? { label: 'A year earlier', totalKwh: earlier.summary.totalKwh, hasData: true } : null
          }
        />
      </I18nProvider>,
    );
    const summary = screen.getByLabelText('Summary');
    return (term: string) => within(summary).getByText(term).nextElementSibling?.textContent;
  };

  it('names no peak when every period is cut by the range, rather than a partial month', () => {
    const figure = summaryOf(false);
    expect(figure('Peak period')).toBe('— (every period with values is partial)');
    expect(screen.queryByText('Difference')).toBeNull();
  });

  it('gives the compared total and the difference in kWh and per cent when compared', () => {
    const figure = summaryOf(true);
    expect(figure('A year earlier: total energy')).toBe('180 kWh');
    expect(figure('Difference')).toBe('-20.000 kWh (-11.1%)');
  });
});
