import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FeedPage, FeedQuery, FeedRecord } from '../../contract/api/feed.ts';
import { operationById } from '../../contract/api/operations.ts';
import { formatUtcInstant, periodsOverlapping, type PeriodType } from '../../contract/time-zone-periods.ts';
import { totalsBefore, valuesBefore, type FeedRepository, type FeedTotals } from '../db/feed-repository.ts';
import { DetailError, NOT_FOUND } from '../errors.ts';
import { registerOperation } from './operation-route.ts';

const MINUTE = 60_000;
const INTERVAL_MS = 15 * MINUTE;

const kwh = (wh: number) => Math.round(wh) / 1000;

/** Absolute page links that keep every other query parameter as the caller sent it. */
export function pageLink(request: FastifyRequest, offset: number | null): string | null {
  if (offset === null) return null;
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (offset === 0) url.searchParams.delete('offset');
  else url.searchParams.set('offset', String(offset));
  return url.toString();
}

/** One page of raw values starting in [from, to). */
function rawRecords(totals: FeedTotals, from: number, to: number, offset: number, limit: number) {
  const first = valuesBefore(totals, Math.ceil(from / MINUTE));
  const end = valuesBefore(totals, Math.ceil(to / MINUTE));
  const results: FeedRecord[] = [];
  let previousEnd = -1;
  let previousEndText = '';
  for (let index = first + offset; index < Math.min(end, first + offset + limit); index++) {
    const start = totals.startMin[index]! * MINUTE;
    // Consecutive values share a boundary: format it once.
    const startText = start === previousEnd ? previousEndText : formatUtcInstant(start);
    previousEnd = start + INTERVAL_MS;
    previousEndText = formatUtcInstant(previousEnd);
    const wh = totals.cumWh[index]! - (index > 0 ? totals.cumWh[index - 1]! : 0);
    results.push({ start: startText, end: previousEndText, energy_kwh: kwh(wh), sample_count: 1 });
  }
  return { count: Math.max(0, end - first), results };
}

/** One record per calendar period of the zone holding values, the whole range (paged by the caller). */
function periodRecords(totals: FeedTotals, from: number, to: number, type: PeriodType, timeZone: string) {
  const periods = periodsOverlapping(from, to, type, timeZone);
  const records: FeedRecord[] = [];
  let before = totalsBefore(totals, from);
  let startText = '';
  for (let index = 0; index < periods.length; index++) {
    const period = periods[index]!;
    const after = totalsBefore(totals, index === periods.length - 1 ? to : period.end);
    // Each period's end is the next one's start: format every boundary once.
    if (index === 0) startText = formatUtcInstant(period.start);
    const endText = formatUtcInstant(period.end);
    if (after.n > before.n) {
      records.push({
        start: startText,
        end: endText,
        energy_kwh: kwh(after.wh - before.wh),
        sample_count: after.n - before.n,
      });
    }
    before = after;
    startText = endText;
  }
  return records;
}

/**
 * Spec 4.2 with the decisions of product.md: raw values or one record per calendar period of the zone
 * holding values; a period cut by the range keeps its calendar bounds and counts only values inside.
 */
export function feedRecords(totals: FeedTotals, query: FeedQuery): { count: number; results: FeedRecord[] } {
  const values = totals.startMin.length;
  if (values === 0) return { count: 0, results: [] };
  // Values outside the data's extent cannot exist: clamping keeps a 200-year hourly query cheap.
  const from = Math.max(Date.parse(query.start), totals.startMin[0]! * MINUTE);
  const to = Math.min(Date.parse(query.end), totals.startMin[values - 1]! * MINUTE + INTERVAL_MS);
  if (to <= from) return { count: 0, results: [] };
  if (query.aggregation_type === 'raw') return rawRecords(totals, from, to, query.offset, query.limit);
  const records = periodRecords(totals, from, to, query.aggregation_type, query.timezone);
  return { count: records.length, results: records.slice(query.offset, query.offset + query.limit) };
}

export function registerFeedRoutes(
  app: FastifyInstance,
  auth: onRequestAsyncHookHandler,
  feed: FeedRepository,
): void {
  registerOperation(app, operationById('producers_contracts_feed_list'), auth, async (request, reply) => {
    const { userID, contractID } = request.params;
    const contract = await feed.findProducerContract(userID, contractID);
    if (!contract) throw new DetailError(404, NOT_FOUND);
    const query = request.query;
    const { count, results } = feedRecords(await feed.totals(contract.contractId), query);
    const nextOffset = query.offset + query.limit < count ? query.offset + query.limit : null;
    // As DRF's LimitOffsetPagination: previous steps back one page from wherever the caller stands.
    const previousOffset = query.offset > 0 ? Math.max(0, query.offset - query.limit) : null;
    const page: FeedPage = {
      count,
      next: pageLink(request, nextOffset),
      previous: pageLink(request, previousOffset),
      results,
    };
    return reply.code(200).send(page);
  });
}
