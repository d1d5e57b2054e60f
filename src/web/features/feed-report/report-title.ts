import { plural, t } from '@lingui/core/macro';
import type { AggregationType } from '../../../contract/api/feed.ts';

/** "7 days", "1 month", "35,040 raw values": the report's periods counted in the UI language. */
export function periodsText(aggregation: AggregationType, count: number): string {
  switch (aggregation) {
    case 'year':
      return plural(count, { one: '# year', other: '# years' });
    case 'month':
      return plural(count, { one: '# month', other: '# months' });
    case 'week':
      return plural(count, { one: '# ISO week', other: '# ISO weeks' });
    case 'day':
      return plural(count, { one: '# day', other: '# days' });
    case 'hour':
      return plural(count, { one: '# hour', other: '# hours' });
    case 'raw':
      return plural(count, { one: '# raw value', other: '# raw values' });
  }
}

/**
 * The title of the PNG export and of the printed report: what, when, how finely and in which zone, in
 * words of the UI language ("Feed-in P1000/C1000, 2025-08-10 to 2025-08-16, 7 days, Europe/Berlin").
 */
export function reportTitle(report: {
  user: string;
  contract: string;
  from: string;
  to: string;
  aggregation: AggregationType;
  periods: number;
  timeZone: string;
}): string {
  const { user, contract, from, to, timeZone } = report;
  const periods = periodsText(report.aggregation, report.periods);
  return t`Feed-in ${user}/${contract}, ${from} to ${to}, ${periods}, ${timeZone}`;
}
