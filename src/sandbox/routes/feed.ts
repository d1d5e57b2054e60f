import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FeedPage, FeedQuery, FeedRecord } from '../../contract/api/feed.ts';
import { formatUtcInstant, periodsOverlapping, type PeriodType } from '../../contract/time-zone-periods.ts';
import type { Database } from '../db/connect.ts';
import { FeedRepository } from '../db/feed-repository.ts';
import { findProducerContract } from '../db/producers.ts';
import { DetailError, NOT_FOUND } from '../errors.ts';
import { registerOperation } from './operation-route.ts';

const INTERVAL_MS = 15 * 60_000;

const kwh = (wh: number) => Math.round(wh) / 1000;

/** Absolute page links that keep every other query parameter as the caller sent it. */
export function pageLink(request: FastifyRequest, offset: number | null): string | null {
  if (offset === null) return null;
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (offset === 0) url.searchParams.delete('offset');
  else url.searchParams.set('offset', String(offset));
  return url.toString();
}

/**
 * Spec 4.2 with the decisions of product.md: raw values or one record per calendar period of the zone
 * holding values; a period cut by the range keeps its calendar bounds and counts only values inside.
 */
export async function feedRecords(
  repository: FeedRepository,
  contractId: string,
  query: FeedQuery,
): Promise<{ count: number; results: FeedRecord[] }> {
  const requestedFrom = Date.parse(query.start);
  const requestedTo = Date.parse(query.end);
  const extent = await repository.extent(contractId);
  // Values outside the data's extent cannot exist: clamping keeps a 200-year hourly query cheap.
  const from = extent ? Math.max(requestedFrom, extent.first) : requestedFrom;
  const to = extent ? Math.min(requestedTo, extent.last + INTERVAL_MS) : requestedFrom;
  if (!extent || to <= from) return { count: 0, results: [] };

  if (query.aggregation_type === 'raw') {
    const [before, after] = await repository.totalsBefore(contractId, [from, to]);
    const values = await repository.rawValues(contractId, from, to, query.offset, query.limit);
    return {
      count: after!.n - before!.n,
      results: values.map(({ startMin, wh }) => ({
        start: formatUtcInstant(startMin * 60_000),
        end: formatUtcInstant(startMin * 60_000 + INTERVAL_MS),
        energy_kwh: kwh(wh),
        sample_count: 1,
      })),
    };
  }

  const periods = periodsOverlapping(from, to, query.aggregation_type as PeriodType, query.timezone);
  const boundaries = [from, ...periods.slice(1).map((period) => period.start), to];
  const totals = await repository.totalsBefore(contractId, boundaries);
  const filled: FeedRecord[] = [];
  periods.forEach((period, index) => {
    const n = totals[index + 1]!.n - totals[index]!.n;
    if (n === 0) return;
    filled.push({
      start: formatUtcInstant(period.start),
      end: formatUtcInstant(period.end),
      energy_kwh: kwh(totals[index + 1]!.wh - totals[index]!.wh),
      sample_count: n,
    });
  });
  return { count: filled.length, results: filled.slice(query.offset, query.offset + query.limit) };
}

export function registerFeedRoutes(app: FastifyInstance, auth: onRequestHookHandler, db: Database): void {
  const repository = new FeedRepository(db);
  registerOperation<FeedQuery>(app, 'producers_contracts_feed_list', auth, async (request, reply) => {
    const { userID, contractID } = request.params as { userID: string; contractID: string };
    const contract = await findProducerContract(db, userID, contractID);
    if (!contract) throw new DetailError(404, NOT_FOUND);
    const query = request.query;
    const { count, results } = await feedRecords(repository, contract.contractId, query);
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
