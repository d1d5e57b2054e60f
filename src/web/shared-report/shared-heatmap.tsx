import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { useEffect, useState, type Ref, type RefObject } from 'react';
import type { FeedRecord } from '../../contract/api/feed.ts';
import type { SharedReportData } from '../../contract/shared-reports.ts';
import { isRecord } from '../../contract/is-record.ts';
import type { ChartColors } from '../features/feed-report/chart/chart-colors.ts';
import { feedKeys } from '../features/feed-report/data/feed-keys.ts';
import { rawParams } from '../features/feed-report/data/loaded-raw.ts';
import { HeatmapView } from '../features/feed-report/heatmap/heatmap-view.tsx';
import type { ViewExcel } from '../features/feed-report/report-view-body.tsx';

/**
 * The heatmap on a link's page (a chunk of its own, loaded when the reader switches to it): the report's own
 * view, which reads the range's raw values from a query cache. The cache is this page's, holding only the
 * values `GET /shared/<token>/raw` gave under the key the view looks for, so it draws from them and never asks
 * the console's API (a link reaches none of it). Kept for good (gcTime): a view switched back draws at once.
 */
export function SharedHeatmap({
  ref,
  data,
  rawPath,
  colors,
  excelRef,
}: {
  ref: Ref<HTMLDivElement>;
  data: SharedReportData;
  rawPath: string;
  colors: ChartColors;
  excelRef: RefObject<ViewExcel | null>;
}) {
  const range = { from: data.from, to: data.to };
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, retry: false } } }),
  );
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    const controller = new AbortController();
    fetch(rawPath, {
      credentials: 'omit',
      headers: { accept: 'application/json' },
      signal: controller.signal,
    })
      .then(async (response) => {
        const body: unknown = await response.json();
        if (!response.ok || !isRecord(body) || !Array.isArray(body.records))
          throw new Error(String(response.status));
        // The BFF answers through the contract's schema; the records are the platform's, as on the report.
        // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- checked by the BFF's response schema (sharedReportRawSchema)
        const records = body.records as FeedRecord[];
        client.setQueryData(feedKeys.range(rawParams(data.user, data.contract, range)), records);
        setState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('failed');
      });
    return () => controller.abort();
    // The link's range never changes on this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, rawPath, data.user, data.contract]);
  if (state === 'failed')
    return (
      <p className="notice" role="alert">
        {t`The heatmap could not be loaded. Reload the page to try again.`}
      </p>
    );
  if (state === 'loading')
    return (
      <p className="route-pending" role="status">
        {t`Loading the heatmap…`}
      </p>
    );
  return (
    <QueryClientProvider client={client}>
      <HeatmapView
        ref={ref}
        params={{
          ...rawParams(data.user, data.contract, range),
          aggregation: data.agg,
          timeZone: data.tz,
        }}
        range={range}
        aggregation={data.agg}
        timeZone={data.tz}
        now={Date.parse(data.read_at)}
        colors={colors}
        capacityKw={data.capacity_kw}
        printing={false}
        excelRef={excelRef}
      />
    </QueryClientProvider>
  );
}
