import { useEffect } from 'react';
import { AGGREGATION_TYPES, type AggregationType } from '../../../contract/api/feed.ts';
import { recordsFromRaw, type LoadedRaw } from './loaded-raw.ts';
import { MAX_POINTS, pointCount, type DateRange } from './report-range.ts';
import { reportView } from './report-view.ts';

/** One piece of work when the browser is idle (Safari has no requestIdleCallback: a short timeout there). */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 50);
  return () => window.clearTimeout(handle);
}

/**
 * Once the shown view is drawn from loaded raw values, computes the range's other aggregations in the same
 * zone while the browser is idle, one per idle period, into the caches `recordsFromRaw` and `reportView` keep
 * per records array: switching aggregation then draws from a cache instead of bucketing 35,040 values in the
 * change (a year as hours: ~100 → ~50 ms to the drawn chart). Stops as soon as the range, zone or data change.
 */
export function useWarmAggregations({
  loaded,
  range,
  start,
  end,
  aggregation,
  timeZone,
  now,
}: {
  loaded: LoadedRaw | null;
  range: DateRange;
  start: number;
  end: number;
  aggregation: AggregationType;
  timeZone: string;
  now: number;
}) {
  useEffect(() => {
    if (!loaded) return;
    // The dearest first: hours bucket every value into 8,760 periods of a year.
    const others: AggregationType[] = [...AGGREGATION_TYPES]
      .reverse()
      .filter((other) => other !== aggregation && pointCount(range, other, timeZone) <= MAX_POINTS);
    let cancel: () => void = () => undefined;
    const next = () => {
      const other = others.shift();
      if (!other) return;
      cancel = whenIdle(() => {
        reportView(
          recordsFromRaw(loaded.records, start, end, other, timeZone),
          start,
          end,
          other,
          timeZone,
          now,
        );
        next();
      });
    };
    next();
    return () => cancel();
    // The range is its two dates, which `start` and `end` follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?.records, start, end, aggregation, timeZone, now]);
}
