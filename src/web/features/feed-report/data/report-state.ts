import type { AggregationType } from '../../../../contract/api/feed.ts';
import type { IsoDate } from '../../../../contract/calendar-date.ts';
import { isKnownTimeZone } from '../../../../contract/time-zone-periods.ts';
import type { FeedParams } from '../api/get-feed.ts';
import { defaultAggregation, presetRange, rangeProblem, rangeQuery, type DateRange } from './report-range.ts';
import type { ReportSearch } from './report-search.ts';

export const DEFAULT_ZONE = 'Europe/Berlin';

/** What the report shows, read from its URL; each control's change is written back there. */
export interface ReportState {
  range: DateRange;
  aggregation: AggregationType;
  timeZone: string;
  compare: 'previous' | 'year' | undefined;
  capacityKw: number | null;
}

const capacityKey = (user: string, contract: string) => `feed-capacity:${user}/${contract}`;

function rememberedCapacity(user: string | undefined, contract: string | undefined): number | null {
  if (!user || !contract) return null;
  const stored = Number(localStorage.getItem(capacityKey(user, contract)));
  return stored > 0 ? stored : null;
}

/** Remembers the nameplate power entered for a contract, for the next report of it. */
export function rememberCapacity(user: string, contract: string, capacityKw: number): void {
  localStorage.setItem(capacityKey(user, contract), String(capacityKw));
}

/** The zone the URL names, if it names one this browser knows. */
export function knownZone(search: ReportSearch): string | null {
  return search.tz !== undefined && isKnownTimeZone(search.tz) ? search.tz : null;
}

/**
 * The report's state from the URL, with defaults for what the URL leaves out or gets wrong (the page says
 * so for a zone it does not know). Shared by the page and the route's early fetch, so both ask for the same.
 */
export function reportState(search: ReportSearch, today: IsoDate): ReportState {
  const range =
    search.from && search.to && !rangeProblem({ from: search.from, to: search.to })
      ? { from: search.from, to: search.to }
      : presetRange('last-7-days', today);
  return {
    range,
    aggregation: search.agg ?? defaultAggregation(range),
    timeZone: knownZone(search) ?? DEFAULT_ZONE,
    compare: search.compare,
    capacityKw: search.capacity_kw ?? rememberedCapacity(search.user, search.contract),
  };
}

/** The API's query for a range of the report in its aggregation and zone. */
export function feedParams(user: string, contract: string, state: ReportState, range: DateRange): FeedParams {
  return {
    user,
    contract,
    ...rangeQuery(range, state.timeZone),
    aggregation: state.aggregation,
    timeZone: state.timeZone,
  };
}
