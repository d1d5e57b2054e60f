import { t } from '@lingui/core/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { loadCharts, loadedCharts } from './load-charts.ts';

type Charts = NonNullable<ReturnType<typeof loadedCharts>>;

/**
 * Renders `children` with the chart components once their library has arrived (the route asks for it
 * beside the page's code), and the chart's place until then, so the page's heading, controls, summary and
 * table never wait for it. Not React.lazy: a Suspense boundary shown once is revealed up to 300 ms late
 * (React batches reveals), which held a raw year's first draw back by ~250 ms.
 */
export function WithCharts({ children }: { children: (charts: Charts) => ReactNode }) {
  const [charts, setCharts] = useState(loadedCharts);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (charts) return;
    let current = true;
    loadCharts().then(
      (arrived) => current && setCharts(arrived),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [charts]);
  if (charts) return children(charts);
  return (
    <div className="feed-chart feed-chart--pending" role="status">
      {failed ? (
        <span>{t`The chart could not be loaded. Reload the page to try again.`}</span>
      ) : (
        <span className="route-pending">{t`Loading the chart…`}</span>
      )}
    </div>
  );
}
