import { t } from '@lingui/core/macro';
import type { FeedRecord } from '../../../contract/api/feed.ts';
import { csvLines } from '../../../contract/csv.ts';
import { CSV_HEADER, csvRows } from './report-rows.ts';
import type { ChartColors } from './feed-chart.tsx';

/** The CSV text: pinned header, one row per API record, RFC 4180 quoting, formulas neutralised. */
export function feedCsv(records: readonly FeedRecord[], timeZone: string): string {
  return csvLines([CSV_HEADER, ...csvRows(records, timeZone)]);
}

/**
 * The chart's SVG drawn onto a canvas at twice its size, on the theme's background with a title line
 * (contract, range, zone), as PNG.
 */
export async function chartPng(container: HTMLElement, title: string, colors: ChartColors): Promise<Blob> {
  const svg = container.querySelector('svg.recharts-surface');
  if (!svg) throw new Error(t`The chart is not drawn yet.`);
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.style.fontFamily = getComputedStyle(container).fontFamily;
  const source = new XMLSerializer().serializeToString(clone);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await image.decode();
  const scale = 2;
  const titleHeight = 32;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil((height + titleHeight) * scale);
  const context = canvas.getContext('2d')!;
  context.scale(scale, scale);
  context.fillStyle = colors.background;
  context.fillRect(0, 0, width, height + titleHeight);
  context.fillStyle = colors.text;
  context.font = `600 14px ${getComputedStyle(container).fontFamily}`;
  context.fillText(title, 12, 21);
  context.drawImage(image, 0, titleHeight, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(t`The PNG could not be made.`))),
      'image/png',
    ),
  );
}
