import { t } from '@lingui/core/macro';
import type { AggregationType } from '../../../../contract/api/feed.ts';
import { formatLocalInstant, periodsOverlapping } from '../../../../contract/time-zone-periods.ts';

/** Below this plot width the axis names periods briefly ("Aug 10" for 2025-08-10). */
export const COMPACT_BELOW_PX = 560;
// A 12 px label's characters are about 7 px wide; ticks keep at least this gap between labels.
const CHARACTER_PX = 7;
const LABEL_GAP_PX = 16;

/** How many labels of `characters` fit side by side on `widthPx` without touching (at least one). */
export function labelsThatFit(widthPx: number, characters: number): number {
  return Math.max(1, Math.floor(widthPx / (characters * CHARACTER_PX + LABEL_GAP_PX)));
}

/** The rows that get a tick: the first, then every n-th, n as small as lets the labels fit. */
export function tickIndexes(rowCount: number, fitting: number): number[] {
  const step = Math.max(1, Math.ceil(rowCount / Math.max(1, fitting)));
  const indexes: number[] = [];
  for (let index = 0; index < rowCount; index += step) indexes.push(index);
  return indexes;
}

const dateOf = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })));
  return format;
}

export interface TickStyle {
  aggregation: AggregationType;
  /** Short labels: the plot is narrow. */
  compact: boolean;
  /** The range lies in one calendar year, so a short label may leave the year out. */
  oneYear: boolean;
  /** Days in the range: over one (raw values: two) a tick needs its date, not only a time of day. */
  spanDays: number;
  timeZone: string;
  locale: string;
}

/**
 * A period's tick label from its row label (`2025`, `2025-08`, `2025-W33`, `2025-08-12`,
 * `2025-10-26 02:00 +01:00`), or a raw value's from its instant. Full labels where there is room; in a
 * narrow plot the month and day in the UI language ("Aug 10", "10. Aug."), the week alone ("W33"),
 * the year only when the range crosses one.
 */
export function tickLabel(value: string | number, style: TickStyle): string {
  const { aggregation, compact, oneYear, locale } = style;
  const shortDay = (isoDate: string) =>
    dateFormat(locale, { day: 'numeric', month: 'short' }).format(dateOf(isoDate));
  if (aggregation === 'raw') {
    const local = formatLocalInstant(Number(value), style.timeZone);
    return style.spanDays <= 2 ? local.slice(11, 16) : shortDay(local.slice(0, 10));
  }
  const label = String(value);
  if (aggregation === 'hour') {
    if (style.spanDays <= 1 || label === '') return label.slice(11, 16);
    return compact ? shortDay(label.slice(0, 10)) : `${shortDay(label.slice(0, 10))} ${label.slice(11, 16)}`;
  }
  if (!compact || aggregation === 'year' || label === '') return label;
  const year = oneYear ? {} : ({ year: '2-digit' } as const);
  switch (aggregation) {
    case 'month':
      return dateFormat(locale, { month: 'short', ...year }).format(dateOf(`${label}-01`));
    case 'week': {
      const week = label.slice(6);
      return oneYear ? t`W${week}` : label;
    }
    case 'day':
      return dateFormat(locale, { day: 'numeric', month: 'short', ...year }).format(dateOf(label));
  }
}

/**
 * An aggregate's tick at an axis position: its period's label on a whole position, nothing between periods.
 * (The axis of a lone period spans −0.5 to 0.5; recharts ticks it at quarters, which labelled "2025" four
 * times.)
 */
export function periodTick(
  position: number,
  labelAt: (index: number) => string | undefined,
  style: TickStyle,
) {
  return Number.isInteger(position) ? tickLabel(labelAt(position) ?? '', style) : '';
}

/**
 * A bar's width in pixels: its period's share of the plot, 80 % of it (two bars side by side when compared),
 * at least one pixel. Given, not left to recharts, which gives a lone bar (one year, one day) no width.
 */
export function barWidth(plotWidth: number, periods: number, compared: boolean): number {
  return Math.max(1, Math.floor((plotWidth / Math.max(1, periods)) * (compared ? 0.4 : 0.8)));
}

/** Recharts' gap between the two bars of a period, dropped as recharts drops it when the band is too narrow. */
const BAR_GAP_PX = 4;

/**
 * How far each of a compared period's two bars sits from the period's centre (the range's left of it, the
 * comparison's right): both together centred on the band, 4 px apart where the band has room for that.
 */
export function barShift(plotWidth: number, periods: number, barSize: number): number {
  const band = plotWidth / Math.max(1, periods);
  const gap = 2 * barSize + BAR_GAP_PX < band ? BAR_GAP_PX : 0;
  return (barSize + gap) / 2;
}

/**
 * Raw values' ticks: the zone's full hours (up to two days), midnights (up to two months) or first days of
 * months that lie in [first, last], every n-th of them so that no more than `fitting` are labelled.
 */
export function timeTicks(first: number, last: number, spanDays: number, timeZone: string, fitting: number) {
  if (!(last > first)) return [first];
  const type = spanDays <= 2 ? 'hour' : spanDays <= 62 ? 'day' : 'month';
  const starts = periodsOverlapping(first, last + 1, type, timeZone)
    .map((period) => period.start)
    .filter((start) => start >= first && start <= last);
  return tickIndexes(starts.length, fitting).map((index) => starts[index]!);
}
