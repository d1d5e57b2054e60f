// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '../../../i18n/testing.ts';
import type { HeatmapDayRow } from '../heatmap/heatmap-cells.ts';
import { HeatmapTable } from './heatmap-table.tsx';

const DAY = 86_400_000;
const year: HeatmapDayRow[] = Array.from({ length: 365 }, (_, index) => ({
  start: index * DAY,
  end: (index + 1) * DAY,
  label: new Date(index * DAY).toISOString().slice(0, 10),
  energyKwh: 10,
  sampleCount: 96,
  expected: 96,
  status: 'complete',
  cut: null,
  peak: null,
}));

const dayRows = () =>
  within(screen.getByRole('region', { name: 'Days of the heatmap' }))
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('rowheader').length > 0);

const renderTable = (printAll: boolean) =>
  render(
    <I18nProvider i18n={testI18n('en')}>
      <HeatmapTable rows={year} timeZone="Europe/Berlin" capacityKw={null} printAll={printAll} />
    </I18nProvider>,
  );

afterEach(cleanup);

describe('HeatmapTable', () => {
  it('renders no more than the days in view of a year, and says how many there are', () => {
    renderTable(false);
    expect(dayRows().length).toBeLessThan(100);
    // The days not rendered are stood in for by a spacer as tall as they would be.
    expect(document.querySelector('tbody tr[aria-hidden="true"] td')?.getAttribute('style')).toMatch(
      /height: \d+px/,
    );
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('366');
  });

  it('renders every day for print', () => {
    renderTable(true);
    expect(dayRows()).toHaveLength(365);
    expect(document.querySelector('tbody tr[aria-hidden="true"]')).toBeNull();
    expect(dayRows().at(-1)?.textContent).toContain('1970-12-31');
  });
});
