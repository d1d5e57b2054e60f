import { t } from '@lingui/core/macro';
import type { FeedRecord } from '../../../../contract/api/feed.ts';
import { csvLines, type CsvCell } from '../../../../contract/csv.ts';
import { formatLocalInstant } from '../../../../contract/time-zone-periods.ts';
import { energyDifference } from '../../../../contract/feed-period-rules.ts';
import { CSV_HEADER, coveredHours, csvRows, specificYield, type ReportRow } from '../data/report-rows.ts';
import { periodName, rowStatusText } from '../data/completeness-text.ts';
import type { ChartColors } from '../chart/chart-colors.ts';

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
 * the UI language; a period without values has an empty energy cell, never 0. A period the range cuts is
 * named with its days, starts and ends where the range does and is "partial". With a comparison, each
 * period's compared energy and the difference (kWh and %). Written by the one CSV writer (formulas
 * neutralised).
 */
export function excelCsv(
  rows: readonly ReportRow[],
  timeZone: string,
  locale: string,
  capacityKw: number | null = null,
  comparison: { label: string; rows: readonly ReportRow[] } | null = null,
): string {
  const { energy, share, hours } = excelNumbers(locale);
  const compareCells = (row: ReportRow, index: number): CsvCell[] => {
    if (!comparison) return [];
    const compared = comparison.rows[index]?.energyKwh ?? null;
    const difference = energyDifference(row.energyKwh, compared);
    return [
      compared === null ? '' : energy.format(compared),
      difference ? energy.format(difference.kwh) : '',
      difference?.share == null ? '' : share.format(difference.share * 100),
    ];
  };
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
    ...(comparison ? [t`${comparison.label} (kWh)`, t`Difference (kWh)`, t`Difference (%)`] : []),
    // With the nameplate power entered, each period's specific yield, as in the table.
    ...(capacityKw ? [t`Specific yield (kWh/kWp)`] : []),
  ];
  const lines: CsvCell[][] = rows.map((row, index) => [
    periodName(row, timeZone),
    localDateTime((row.cut ?? row).start, timeZone),
    localDateTime((row.cut ?? row).end, timeZone),
    hours.format(coveredHours(row)),
    row.energyKwh === null ? '' : energy.format(row.energyKwh),
    row.sampleCount,
    row.expected,
    share.format((Math.floor((Math.min(row.sampleCount, row.expected) / row.expected) * 1000) / 1000) * 100),
    rowStatusText(row),
    ...compareCells(row, index),
    ...(capacityKw ? [excelYield(row.energyKwh, capacityKw, energy)] : []),
  ]);
  return excelFile(header, lines, locale);
}

/** A period's kWh/kWp in the file's number format; empty for a period without values. */
function excelYield(energyKwh: number | null, capacityKw: number, format: Intl.NumberFormat): string {
  const kwhPerKw = specificYield(energyKwh, capacityKw);
  return kwhPerKw === null ? '' : format.format(kwhPerKw);
}

/**
 * Numbers as the spreadsheet of the UI language reads them: decimal comma where the locale has one, no
 * thousands separators; energy with three decimals, shares with one.
 */
export function excelNumbers(locale: string) {
  const comma = decimalSeparator(locale) === ',';
  const number = (digits: number) =>
    new Intl.NumberFormat(comma ? 'de-DE' : 'en-US', {
      useGrouping: false,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  return {
    energy: number(3),
    share: number(1),
    hours: new Intl.NumberFormat(comma ? 'de-DE' : 'en-US', { useGrouping: false, maximumFractionDigits: 4 }),
  };
}

/** A table for Excel in the UI language's conventions: `;` where decimals take a comma, BOM, one writer. */
export function excelFile(header: readonly string[], lines: readonly CsvCell[][], locale: string): string {
  const comma = decimalSeparator(locale) === ',';
  return BYTE_ORDER_MARK + csvLines([[...header], ...lines], { delimiter: comma ? ';' : ',' });
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
 * The view as PNG: the heatmap's canvas as it is drawn (axes and legend included), a chart's SVG through
 * `chartPng`.
 */
export async function viewPng(
  container: HTMLElement,
  title: string,
  colors: ChartColors,
  legend: readonly { label: string; color: string }[] = [],
): Promise<Blob> {
  const canvas = container.querySelector('canvas');
  if (!canvas) return chartPng(container, title, colors, legend);
  const { width, height } = canvas.getBoundingClientRect();
  return framedPng(container, title, colors, width, height, (context) =>
    context.drawImage(canvas, 0, 0, width, height),
  );
}

/** A drawing of `width` × `height` at twice its size, on the theme's background under its title, as PNG. */
async function framedPng(
  container: HTMLElement,
  title: string,
  colors: ChartColors,
  width: number,
  height: number,
  /** Draws the view at (0, 0), in CSS pixels. */
  draw: (context: CanvasRenderingContext2D) => void,
): Promise<Blob> {
  const scale = 2;
  const font = `600 14px ${getComputedStyle(container).fontFamily}`;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  context.font = font;
  // A view drawn on a phone is narrower than the title: the title wraps rather than being cut off.
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
  context.translate(0, titleHeight);
  draw(context);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(t`The PNG could not be made.`))),
      'image/png',
    ),
  );
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
  const family = getComputedStyle(container).fontFamily;
  return framedPng(container, title, colors, width, height, (context) => {
    context.drawImage(image, 0, 0, width, height);
    // In the space the SVG leaves for the legend, along its bottom edge: a swatch and a name each.
    context.font = `400 13px ${family}`;
    let legendX = TITLE_INSET_PX + VALUE_AXIS_INSET_PX;
    for (const { label, color } of legend) {
      context.fillStyle = color;
      context.fillRect(legendX, height - 22, 12, 12);
      context.fillStyle = colors.text;
      context.fillText(label, legendX + 16, height - 12);
      legendX += 16 + context.measureText(label).width + 16;
    }
  });
}
