import { useEffect } from 'react';
import { AGGREGATION_TYPES, type AggregationType } from '../../../../contract/api/feed.ts';
import { recordsFromRaw, type LoadedRaw } from './loaded-raw.ts';
import { browserTimeZone } from '../../../lib/time-zone-names.ts';
import { rangeInstants, stepRange, withinPointLimit, type DateRange } from './report-range.ts';
import { reportView } from './report-view.ts';
import { heatmapOf } from '../heatmap/heatmap-cells.ts';
import { durationCurve } from '../chart/duration-curve.ts';
import { runningSums, tabledIndexes } from '../chart/cumulative-sum.ts';

/** One piece of work when the browser is idle (Safari has no requestIdleCallback: a short timeout there). */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 50);
  return () => window.clearTimeout(handle);
}

/** A view to compute: a range's instants in an aggregation and zone. */
interface WarmView {
  start: number;
  end: number;
  aggregation: AggregationType;
  timeZone: string;
}

/**
 * What the next change is likely to draw, where the values loaded hold it: the range's other aggregations
 * (the dearest first: hours bucket every value into 8,760 periods of a year), the range a step back (also
 * the previous period compared), and the range in the zone picker's shortcuts (UTC, this browser's zone).
 */
export function viewsToWarm(
  loaded: LoadedRaw,
  shown: { range: DateRange; start: number; end: number; aggregation: AggregationType; timeZone: string },
): WarmView[] {
  const { range, start, end, aggregation, timeZone } = shown;
  const holds = (view: { start: number; end: number }) =>
    view.start >= loaded.start && view.end <= loaded.end;
  const views: WarmView[] = [...AGGREGATION_TYPES]
    .reverse()
    .filter((other) => other !== aggregation && withinPointLimit(range, other, timeZone))
    .map((other) => ({ start, end, aggregation: other, timeZone }));
  const previous = { ...rangeInstants(stepRange(range, -1), timeZone), aggregation, timeZone };
  if (holds(previous)) views.push(previous);
  for (const zone of new Set(['UTC', browserTimeZone()])) {
    const inZone = { ...rangeInstants(range, zone), aggregation, timeZone: zone };
    if (zone !== timeZone && holds(inZone)) views.push(inZone);
  }
  return views;
}

/**
 * Once the shown view is drawn from loaded raw values, computes the views the next change is likely to draw
 * (viewsToWarm) while the browser is idle, one per idle period, into the caches `recordsFromRaw`,
 * `reportView`, `durationCurve`, `runningSums`, `tabledIndexes` and `heatmapOf` keep per array (the shown view's curve, running sums and heatmap last): the change then draws from a cache instead of bucketing 35,040 values
 * (a year as hours: ~100 → ~50 ms to the drawn chart). Stops as soon as the range, zone or data change.
 */
export function useWarmViews({
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
    const warm = (view: WarmView) =>
      reportView(
        recordsFromRaw(loaded.records, view.start, view.end, view.aggregation, view.timeZone),
        view.start,
        view.end,
        view.aggregation,
        view.timeZone,
        now,
      );
    // Planned in the first idle period with its first piece of work, not here: after a click React runs this
    // effect before the frame is drawn.
    const plan = (): (() => unknown)[] => {
      const work: (() => unknown)[] = viewsToWarm(loaded, {
        range,
        start,
        end,
        aggregation,
        timeZone,
      }).map((view) => () => warm(view));
      // The shown view's duration curve (its rows sorted) and running sums, then the range's heatmap: its
      // cells laid out from the raw view (warmed above unless shown).
      work.push(() => durationCurve(warm({ start, end, aggregation, timeZone }).rows));
      work.push(() => {
        // Its running sums and the running sum's table rows (~10 ms each for a year of quarter hours).
        const { rows } = warm({ start, end, aggregation, timeZone });
        runningSums(rows);
        tabledIndexes(rows, aggregation, range, timeZone);
      });
      if (withinPointLimit(range, 'raw', timeZone))
        work.push(() => {
          const raw = warm({ start, end, aggregation: 'raw', timeZone });
          heatmapOf(raw.rows, range, timeZone, raw.resolutionMs);
        });
      return work;
    };
    let pending: (() => unknown)[] | null = null;
    let cancel: () => void = () => undefined;
    const next = () => {
      cancel = whenIdle(() => {
        pending ??= plan();
        pending.shift()?.();
        if (pending.length > 0) next();
      });
    };
    next();
    return () => cancel();
    // The range is its two dates, which `start` and `end` follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?.records, start, end, aggregation, timeZone, now]);
}
