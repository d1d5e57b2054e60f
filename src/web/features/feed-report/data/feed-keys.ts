import type { FeedParams } from '../api/get-feed.ts';

/**
 * The report's query keys, under one root: a contract's entries are found by their prefix (the raw values
 * loaded for it, whether it holds any), every feed fetch by the root (stopped on leaving the report).
 */
export const feedKeys = {
  all: ['feed'] as const,
  contract: (user: string, contract: string) => [...feedKeys.all, user, contract] as const,
  range: (params: FeedParams) =>
    [
      ...feedKeys.contract(params.user, params.contract),
      params.start,
      params.end,
      params.aggregation,
      // Raw values do not depend on the zone (only the range's instants do, and those are in start/end).
      params.aggregation === 'raw' ? '' : params.timeZone,
    ] as const,
};

/** The instants the raw values of a `feedKeys.range` key span, or null for a key of anything else. */
export function rawKeySpan(key: readonly unknown[]): { start: number; end: number } | null {
  const [, , , start, end, aggregation] = key;
  if (aggregation !== 'raw' || typeof start !== 'string' || typeof end !== 'string') return null;
  return { start: Date.parse(start), end: Date.parse(end) };
}
