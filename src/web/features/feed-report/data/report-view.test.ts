import { describe, expect, it } from 'vitest';
import type { FeedRecord } from '../../../../contract/api/feed.ts';
import { formatUtcInstant } from '../../../../contract/time-zone-periods.ts';
import { rangeInstants } from './report-range.ts';
import { reportView } from './report-view.ts';

const HOUR = 3_600_000;
/** The page's "now": long after the records, so every period is due. */
const NOW = Date.parse('2026-11-24T00:00:00Z');
const { start, end } = rangeInstants({ from: '2025-06-01', to: '2025-06-01' }, 'Europe/Berlin');
const records: FeedRecord[] = Array.from({ length: 24 }, (_, hour) => ({
  start: formatUtcInstant(start + hour * HOUR),
  end: formatUtcInstant(start + (hour + 1) * HOUR),
  energy_kwh: 1500,
  sample_count: 4,
}));

describe('reportView', () => {
  it('draws rows, summary and unit from the records', () => {
    const view = reportView(records, start, end, 'hour', 'Europe/Berlin', NOW);
    expect(view.rows).toHaveLength(24);
    expect(view.rows[0]!.label).toBe('2025-06-01 00:00 +02:00');
    expect(view.summary.totalKwh).toBe(36_000);
    expect(view.unit.unit).toBe('MWh');
  });

  it('computes a view once per records array, so going back to it costs nothing', () => {
    const berlin = reportView(records, start, end, 'hour', 'Europe/Berlin', NOW);
    const utc = reportView(records, start, end, 'hour', 'UTC', NOW);
    expect(utc.rows[0]!.label).toBe('2025-05-31 22:00 +00:00');
    expect(reportView(records, start, end, 'hour', 'Europe/Berlin', NOW)).toBe(berlin);
    // Other records (a refetch) are other data: drawn afresh.
    expect(reportView([...records], start, end, 'hour', 'Europe/Berlin', NOW)).not.toBe(berlin);
  });

  it('keeps a few views per records array, dropping the oldest', () => {
    const own = records.slice();
    const first = reportView(own, start, end, 'hour', 'Europe/Berlin', NOW);
    for (const zone of ['UTC', 'Europe/London', 'America/New_York', 'Asia/Tokyo'])
      reportView(own, start, end, 'hour', zone, NOW);
    expect(reportView(own, start, end, 'hour', 'Europe/Berlin', NOW)).not.toBe(first);
    expect(reportView(own, start, end, 'hour', 'Asia/Tokyo', NOW).rows[0]!.label).toBe(
      '2025-06-01 07:00 +09:00',
    );
  });
});
