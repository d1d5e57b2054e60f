import { t } from '@lingui/core/macro';
import type { FeedRecord } from '../../../contract/api/feed.ts';
import { csvLines, type CsvCell } from '../../../contract/csv.ts';
import { formatLocalInstant } from '../../../contract/time-zone-periods.ts';
import { CSV_HEADER, csvRows, type ReportRow } from './report-rows.ts';
import { statusText } from './completeness-text.ts';
import type { ChartColors } from './feed-chart.tsx';

/** The CSV text: pinned header, one row per API record, RFC 4180 quoting, formulas neutralised. */
export function feedCsv(records: readonly FeedRecord[], timeZone: string): string {
  return csvLines([CSV_HEADER, ...csvRows(records, timeZone)]);
}

const BYTE_ORDER_MARK = '\uFEFF';

/** The locale's decimal separator: `,` in de-DE, `.` in en-US and de-CH. */
function decimalSeparator(locale: string): string {
  return (
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/** `2025-08-12 00:00`: local date and time as spreadsheets read them (the zone is in the header). */
const localDateTime = (instant: number, timeZone: string) =>
  formatLocalInstant(instant, timeZone).slice(0, 16).replace('T', ' ');

/**
 * "Download for Excel": every period of the table — gaps, incomplete and not yet delivered ones
 * included, with their values and completeness — in the UI language's conventions: where the locale's
 * decimal separator is a comma (German), `;` between cells and decimal commas, else `,` and points; no
 * thousands separators; UTF-8 with a byte order mark, so Excel reads umlauts. Headings and statuses in
 * the UI language; a period without values has an empty energy cell, never 0. Written by the one CSV
 * writer (formulas neutralised).
 */
export function excelCsv(rows: readonly ReportRow[], timeZone: string, locale: string): string {
  const comma = decimalSeparator(locale) === ',';
  const number = (digits: number) =>
    new Intl.NumberFormat(comma ? 'de-DE' : 'en-US', {
      useGrouping: false,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  const energy = number(3);
  const share = number(1);
  const hours = new Intl.NumberFormat(comma ? 'de-DE' : 'en-US', {
    useGrouping: false,
    maximumFractionDigits: 4,
  });
  const header = [
    t`Period (${timeZone})`,
    t`Start (${timeZone})`,
    t`End (${timeZone})`,
    t`Hours`,
    t`Energy (kWh)`,
    t`Values`,
    t`Expected values`,
    t`Completeness (%)`,
    t`Status`,
  ];
  const lines: CsvCell[][] = rows.map((row) => [
    row.label,
    localDateTime(row.start, timeZone),
    localDateTime(row.end, timeZone),
    hours.format((row.end - row.start) / 3_600_000),
    row.energyKwh === null ? '' : energy.format(row.energyKwh),
    row.sampleCount,
    row.expected,
    share.format((Math.floor((Math.min(row.sampleCount, row.expected) / row.expected) * 1000) / 1000) * 100),
    statusText(row.status),
  ]);
  return BYTE_ORDER_MARK + csvLines([header, ...lines], { delimiter: comma ? ';' : ',' });
}

const TITLE_INSET_PX = 12;
const TITLE_LINE_PX = 19;
const VALUE_AXIS_INSET_PX = 60;

/** Lines of at most `maxWidth` (as `measure` measures), broken between words; a longer word stands alone. */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const longer = line ? `${line} ${word}` : word;
    if (line && measure(longer) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = longer;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The chart's SVG drawn onto a canvas at twice its size, on the theme's background under its title
 * (contract, range, periods, zone; wrapped to the chart's width), as PNG.
 */
export async function chartPng(
  container: HTMLElement,
  title: string,
  colors: ChartColors,
  /** The series' names and colours when there are two (the page's legend is HTML, not in the SVG). */
  legend: readonly { label: string; color: string }[] = [],
): Promise<Blob> {
  // The chart's own surface, not a legend icon's (also an svg.recharts-surface, and first in a comparison).
  const svg = container.querySelector('.recharts-wrapper > svg.recharts-surface');
  if (!svg) throw new Error(t`The chart is not drawn yet.`);
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true);
  if (!(clone instanceof SVGSVGElement)) throw new Error(t`The chart is not drawn yet.`);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.style.fontFamily = getComputedStyle(container).fontFamily;
  const source = new XMLSerializer().serializeToString(clone);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const scale = 2;
  const font = `600 14px ${getComputedStyle(container).fontFamily}`;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  context.font = font;
  // A chart drawn on a phone is narrower than the title: the title wraps rather than being cut off.
  const lines = wrapText(title, width - 2 * TITLE_INSET_PX, (text) => context.measureText(text).width);
  const titleHeight = lines.length * TITLE_LINE_PX + 11;
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil((height + titleHeight) * scale);
  context.scale(scale, scale);
  context.fillStyle = colors.background;
  context.fillRect(0, 0, width, height + titleHeight);
  context.fillStyle = colors.text;
  context.font = font; // resizing the canvas reset it
  lines.forEach((line, index) => context.fillText(line, TITLE_INSET_PX, 21 + index * TITLE_LINE_PX));
  context.drawImage(image, 0, titleHeight, width, height);
  // In the space the SVG leaves for the legend, along its bottom edge: a swatch and a name each.
  context.font = `400 13px ${getComputedStyle(container).fontFamily}`;
  let legendX = TITLE_INSET_PX + VALUE_AXIS_INSET_PX;
  for (const { label, color } of legend) {
    context.fillStyle = color;
    context.fillRect(legendX, titleHeight + height - 22, 12, 12);
    context.fillStyle = colors.text;
    context.fillText(label, legendX + 16, titleHeight + height - 12);
    legendX += 16 + context.measureText(label).width + 16;
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(t`The PNG could not be made.`))),
      'image/png',
    ),
  );
}
