import type { FeedRecord } from '../../contract/api/feed.ts';
import type { SharedReportData } from '../../contract/shared-reports.ts';
import { isRecord } from '../../contract/is-record.ts';

/**
 * The link's data from `GET /shared/<token>/feed`, read without zod: this page loads no schema library (its
 * budget, decision 0047); the BFF answers through the contract's `sharedReportDataSchema`, so a shape check
 * of what the page reads is enough here.
 */
export type SharedAnswer =
  { kind: 'report'; data: SharedReportData } | { kind: 'refused'; status: number; code: string | null };

const isFeedRecord = (value: unknown): value is FeedRecord =>
  isRecord(value) &&
  typeof value.start === 'string' &&
  typeof value.end === 'string' &&
  typeof value.energy_kwh === 'number' &&
  typeof value.sample_count === 'number';

const isRecords = (value: unknown): value is FeedRecord[] =>
  Array.isArray(value) && value.every(isFeedRecord);

function isSharedReportData(body: unknown): body is SharedReportData {
  if (!isRecord(body)) return false;
  const texts = ['user', 'contract', 'from', 'to', 'agg', 'tz', 'view', 'expires_at', 'read_at'] as const;
  return (
    texts.every((key) => typeof body[key] === 'string') &&
    (body.compare === null || body.compare === 'previous' || body.compare === 'year') &&
    isRecords(body.records) &&
    (body.compare_records === null || isRecords(body.compare_records))
  );
}

/** The data address of the link this page was opened with: the page's own path and `/feed`. */
export const dataPath = (pathname: string) => `${pathname.replace(/\/+$/, '')}/feed`;
/** The heatmap's raw values of the same link. */
export const rawPath = (pathname: string) => `${pathname.replace(/\/+$/, '')}/raw`;

export async function fetchSharedReport(pathname: string, signal: AbortSignal): Promise<SharedAnswer> {
  // No credentials: a reader's data never depends on a console cookie the browser may hold.
  const response = await fetch(dataPath(pathname), {
    credentials: 'omit',
    headers: { accept: 'application/json' },
    signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isSharedReportData(body)) return { kind: 'report', data: body };
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
  return { kind: 'refused', status: response.ok ? 502 : response.status, code };
}
