// A type-only reference: the charts stay out of the chunk of whoever imports this.
import type * as ChartsModule from './charts.ts';

type Charts = typeof ChartsModule;

let loaded: Charts | null = null;

/** The report's charts and their library: asked for as the route is entered (feed-report-route.tsx), drawn on arrival. */
export const loadCharts = (): Promise<Charts> =>
  import('./charts.ts').then((charts) => {
    loaded = charts;
    return charts;
  });

/** The charts if they have arrived: a view rendered after that draws at once, never through a fallback. */
export const loadedCharts = (): Charts | null => loaded;
