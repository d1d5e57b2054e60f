import type { ChartColors } from '../chart/chart-colors.ts';
import { HEATMAP_COLUMNS, scaleColour, type HeatmapCell, type HeatmapLayout } from './heatmap-cells.ts';
import type { ReportRow } from '../data/report-rows.ts';

const TOP_PX = 20;
const RIGHT_PX = 8;
const LABEL_FONT = '11px';
const LEGEND_LINE_PX = 20;
const LEGEND_BAR_PX = 12;
const LEGEND_BAR_WIDTH_PX = 160;
const SWATCH_PX = 12;

/** Where the plot lies in the canvas (CSS pixels) and how tall a day's row is. */
export interface HeatmapGeometry {
  width: number;
  left: number;
  top: number;
  plotWidth: number;
  rowHeight: number;
  plotHeight: number;
  /** The canvas's whole height: axes, plot and legend. */
  height: number;
}

/** The texts the canvas draws, in the UI language. */
export interface HeatmapTexts {
  /** "kWh per quarter hour" beside the colour bar. */
  scaleName: string;
  formatValue: (kwh: number) => string;
  noData: string;
  incomplete: string;
  notYetDelivered: string;
  skippedHour: string;
}

/**
 * A day's row is as tall as the days allow in about 560 px (2 px for a year, 22 px for a week or less):
 * a year stays one screen-and-a-half tall and every quarter hour keeps at least one device pixel.
 */
export function heatmapGeometry(width: number, days: number, leftLabelPx: number, legendLines: number) {
  const rowHeight = Math.max(2, Math.min(22, Math.floor(560 / Math.max(1, days))));
  const left = Math.ceil(leftLabelPx) + 10;
  const plotHeight = rowHeight * days;
  return {
    width,
    left,
    top: TOP_PX,
    plotWidth: Math.max(HEATMAP_COLUMNS, width - left - RIGHT_PX),
    rowHeight,
    plotHeight,
    height: TOP_PX + plotHeight + 14 + legendLines * LEGEND_LINE_PX + 8,
  } satisfies HeatmapGeometry;
}

/** The largest value of the rows: the top of the colour scale. */
export function largestValue(rows: readonly ReportRow[]): number {
  let max = 0;
  for (const row of rows) if (row.energyKwh !== null && row.energyKwh > max) max = row.energyKwh;
  return max;
}

/** A cell's rectangle in CSS pixels. */
export function cellRect(geometry: HeatmapGeometry, day: number, cell: HeatmapCell, span: number) {
  const x0 = geometry.left + (cell.column * geometry.plotWidth) / HEATMAP_COLUMNS;
  const x1 = geometry.left + ((cell.column + span) * geometry.plotWidth) / HEATMAP_COLUMNS;
  const top = geometry.top + day * geometry.rowHeight;
  const half = geometry.rowHeight / 2;
  const y0 = cell.part === 'second' ? top + half : top;
  const y1 = cell.part === 'first' ? top + half : top + geometry.rowHeight;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The day and cell under a point of the canvas (CSS pixels), or null. */
export function cellAt(
  geometry: HeatmapGeometry,
  layout: HeatmapLayout,
  x: number,
  y: number,
): { day: number; cell: number } | null {
  const day = Math.floor((y - geometry.top) / geometry.rowHeight);
  const column = Math.floor(((x - geometry.left) * HEATMAP_COLUMNS) / geometry.plotWidth);
  const cells = layout.days[day]?.cells;
  if (!cells || column < 0 || column >= HEATMAP_COLUMNS) return null;
  const lower = y - geometry.top - day * geometry.rowHeight >= geometry.rowHeight / 2;
  const index = cells.findIndex(
    (cell) =>
      column >= cell.column &&
      column < cell.column + layout.span &&
      (cell.part === 'whole' || (cell.part === 'second') === lower),
  );
  return index < 0 ? null : { day, cell: index };
}

/** `#rrggbb` or `rgb(r g b)` as red, green and blue (the theme's colours are hex values). */
function rgbOf(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const value = Number.parseInt(hex[1]!, 16);
    return [value >> 16, (value >> 8) & 0xff, value & 0xff];
  }
  const parts = colour.match(/\d+/g)?.map(Number) ?? [];
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];
}

/** A colour as one little-endian RGBA pixel of an ImageData's Uint32 view. */
const pixel = ([r, g, b]: readonly number[]) => ((255 << 24) | (b! << 16) | (g! << 8) | r!) >>> 0;

/**
 * Draws the heatmap: the cells into one ImageData at the device's resolution (35,040 cells are a few
 * million pixel writes, no per-cell canvas call), then the axes' labels and the legend as text. A gap is
 * hatched in the gap colour, an incomplete value striped over its colour, a value not yet delivered
 * dotted, the skipped spring hour filled with the grid colour — none of them a colour of the scale,
 * which runs from 0 to `max`.
 */
export function drawHeatmap(
  canvas: HTMLCanvasElement,
  layout: HeatmapLayout,
  rows: readonly ReportRow[],
  geometry: HeatmapGeometry,
  max: number,
  dayLabels: readonly { day: number; text: string }[],
  colors: ChartColors,
  texts: HeatmapTexts,
  fontFamily: string,
  devicePixelRatio: number,
): void {
  const ratio = Math.max(1, Math.min(3, devicePixelRatio));
  canvas.width = Math.round(geometry.width * ratio);
  canvas.height = Math.round(geometry.height * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;

  // The plot, pixel by pixel.
  const plotX = Math.round(geometry.left * ratio);
  const plotY = Math.round(geometry.top * ratio);
  const plotWidth = Math.round(geometry.plotWidth * ratio);
  const plotHeight = Math.max(1, Math.round(geometry.plotHeight * ratio));
  const image = context.createImageData(plotWidth, plotHeight);
  const pixels = new Uint32Array(image.data.buffer);
  const background = pixel(rgbOf(colors.background));
  const gap = pixel(rgbOf(colors.gap));
  const pending = pixel(rgbOf(colors.pending));
  pixels.fill(pixel(rgbOf(colors.grid))); // what no cell covers: the hour the spring change skips
  const scale = Array.from({ length: 256 }, (_, level) => pixel(scaleColour(level / 255)));
  const xAt = (column: number) => Math.round((column * plotWidth) / HEATMAP_COLUMNS);
  const dayCount = layout.days.length;
  layout.days.forEach((day, dayIndex) => {
    const top = Math.round((dayIndex * plotHeight) / dayCount);
    const bottom = Math.round(((dayIndex + 1) * plotHeight) / dayCount);
    const middle = Math.round((top + bottom) / 2);
    // A day of whole, complete cells (most days) is the same on each of its lines: one line drawn, copied.
    const plain = day.cells.every(
      ({ row, part }) =>
        part === 'whole' && rows[row]!.status === 'complete' && rows[row]!.energyKwh !== null,
    );
    if (plain && bottom > top) {
      const first = top * plotWidth;
      for (const cell of day.cells) {
        const kwh = rows[cell.row]!.energyKwh ?? 0;
        const value = scale[max > 0 ? Math.round((kwh / max) * 255) : 0]!;
        pixels.fill(value, first + xAt(cell.column), first + xAt(cell.column + layout.span));
      }
      for (let y = top + 1; y < bottom; y++) pixels.copyWithin(y * plotWidth, first, first + plotWidth);
      return;
    }
    for (const cell of day.cells) {
      const row = rows[cell.row]!;
      const x0 = xAt(cell.column);
      const x1 = xAt(cell.column + layout.span);
      const y0 = cell.part === 'second' ? middle : top;
      const y1 = cell.part === 'first' ? middle : bottom;
      const value =
        row.energyKwh === null ? background : scale[max > 0 ? Math.round((row.energyKwh / max) * 255) : 0]!;
      const status = row.status;
      for (let y = y0; y < y1; y++) {
        const line = y * plotWidth;
        // Most cells are one colour: a line of them is one typed-array fill.
        if (status === 'complete') {
          pixels.fill(value, line + x0, line + x1);
          continue;
        }
        for (let x = x0; x < x1; x++) {
          let colour = value;
          if (status === 'gap') colour = (x + y) % 6 < 2 ? gap : background;
          else if (status === 'not-yet-delivered') colour = x % 3 === 0 && y % 3 === 0 ? pending : background;
          else if ((x - y) % 4 === 0) colour = gap;
          pixels[line + x] = colour;
        }
      }
    }
  });
  context.fillStyle = colors.background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.putImageData(image, plotX, plotY);

  // Axes and legend, in CSS pixels.
  context.scale(ratio, ratio);
  context.fillStyle = colors.text;
  context.font = `${LABEL_FONT} ${fontFamily}`;
  context.textBaseline = 'middle';
  context.textAlign = 'right';
  for (const { day, text } of dayLabels)
    context.fillText(text, geometry.left - 6, geometry.top + (day + 0.5) * geometry.rowHeight);
  context.textAlign = 'center';
  const hourWidth = geometry.plotWidth / 24;
  const everyHours = hourWidth * 3 >= 40 ? 3 : 6;
  for (let hour = 0; hour <= 24; hour += everyHours)
    context.fillText(
      `${String(hour).padStart(2, '0')}:00`,
      Math.min(geometry.left + hour * hourWidth, geometry.width - 16),
      geometry.top / 2,
    );

  drawLegend(context, geometry, max, colors, texts);
}

function drawLegend(
  context: CanvasRenderingContext2D,
  geometry: HeatmapGeometry,
  max: number,
  colors: ChartColors,
  texts: HeatmapTexts,
) {
  let y = geometry.top + geometry.plotHeight + 14;
  const start = legendStart(geometry.left);
  let x = start;
  context.textAlign = 'left';
  // The colour bar from 0 to the largest value.
  const maxText = `${texts.formatValue(max)} ${texts.scaleName}`;
  const barWidth = legendBarWidth(geometry.width, start, context.measureText(maxText).width);
  const gradient = context.createLinearGradient(x, 0, x + barWidth, 0);
  for (let stop = 0; stop <= 8; stop++) {
    const [r, g, b] = scaleColour(stop / 8);
    gradient.addColorStop(stop / 8, `rgb(${r} ${g} ${b})`);
  }
  context.fillStyle = gradient;
  context.fillRect(x, y, barWidth, LEGEND_BAR_PX);
  context.fillStyle = colors.text;
  context.fillText('0', x - 10, y + LEGEND_BAR_PX / 2);
  x += barWidth + 6;
  context.fillText(maxText, x, y + LEGEND_BAR_PX / 2);
  x += context.measureText(maxText).width + 18;
  const swatches: [string, (left: number, top: number) => void][] = [
    [texts.noData, (left, top) => hatch(context, left, top, colors.gap, 6)],
    [
      texts.incomplete,
      (left, top) => {
        context.fillStyle = `rgb(${scaleColour(0.6).join(' ')})`;
        context.fillRect(left, top, SWATCH_PX, SWATCH_PX);
        hatch(context, left, top, colors.gap, 4);
      },
    ],
    [
      texts.notYetDelivered,
      (left, top) => {
        context.fillStyle = colors.pending;
        for (let dx = 0; dx < SWATCH_PX; dx += 3)
          for (let dy = 0; dy < SWATCH_PX; dy += 3) context.fillRect(left + dx, top + dy, 1, 1);
      },
    ],
    [
      texts.skippedHour,
      (left, top) => {
        context.fillStyle = colors.grid;
        context.fillRect(left, top, SWATCH_PX, SWATCH_PX);
      },
    ],
  ];
  for (const [label, draw] of swatches) {
    const itemWidth = SWATCH_PX + 5 + context.measureText(label).width + 14;
    if (x + itemWidth > geometry.width && x > start) {
      x = start;
      y += LEGEND_LINE_PX;
    }
    context.strokeStyle = colors.grid;
    context.strokeRect(x - 0.5, y - 0.5, SWATCH_PX + 1, SWATCH_PX + 1);
    draw(x, y);
    context.fillStyle = colors.text;
    context.fillText(label, x + SWATCH_PX + 5, y + SWATCH_PX / 2);
    x += itemWidth;
  }
}

/** Diagonal lines every `step` px over a swatch. */
function hatch(context: CanvasRenderingContext2D, left: number, top: number, colour: string, step: number) {
  context.save();
  context.beginPath();
  context.rect(left, top, SWATCH_PX, SWATCH_PX);
  context.clip();
  context.strokeStyle = colour;
  context.lineWidth = 1.5;
  context.beginPath();
  for (let offset = -SWATCH_PX; offset < SWATCH_PX; offset += step) {
    context.moveTo(left + offset, top + SWATCH_PX);
    context.lineTo(left + offset + SWATCH_PX, top);
  }
  context.stroke();
  context.restore();
}

/**
 * How many legend lines the canvas needs at its width (the swatches wrap on a phone), measured with the
 * canvas's own font.
 */
export function legendLines(
  measure: (text: string) => number,
  width: number,
  left: number,
  max: string,
  texts: HeatmapTexts,
): number {
  let lines = 1;
  const start = legendStart(left);
  let x = start + legendBarWidth(width, start, measure(max)) + 6 + measure(max) + 18;
  for (const label of [texts.noData, texts.incomplete, texts.notYetDelivered, texts.skippedHour]) {
    const itemWidth = SWATCH_PX + 5 + measure(label) + 14;
    if (x + itemWidth > width && x > start) {
      x = start;
      lines++;
    }
    x += itemWidth;
  }
  return lines;
}

/** The legend starts under the plot, or nearer the edge on a phone, where the date labels take a fifth. */
const legendStart = (left: number) => Math.min(left, 24);

/** The colour bar as wide as leaves room for its top value's text (60–160 px). */
const legendBarWidth = (width: number, start: number, maxTextWidth: number) =>
  Math.max(60, Math.min(LEGEND_BAR_WIDTH_PX, width - start - RIGHT_PX - maxTextWidth - 6));
