import { getRouteApi } from '@tanstack/react-router';
import { useState, type ComponentType } from 'react';
import { dateIn } from '../features/feed-report/data/report-range.ts';
import { openingNow } from '../features/feed-report/data/report-entered.ts';
import { DEFAULT_ZONE, knownZone, reportState } from '../features/feed-report/data/report-state.ts';
import { ShareReportPanel } from '../features/shared-reports/share-report-panel.tsx';

const reportRouteApi = getRouteApi('/console/reports/feed-in');

/**
 * "Share outside the console" under the feed-in report (issue 46): composed here, as features do not import
 * each other. It shares the report as the page shows it — the page's own state from the same URL, with the
 * same defaults for what the URL leaves out.
 */
function ReportSharing() {
  const search = reportRouteApi.useSearch();
  const [openedAt] = useState(openingNow);
  if (!search.user || !search.contract) return null;
  const state = reportState(search, dateIn(openedAt, knownZone(search) ?? DEFAULT_ZONE));
  return (
    <div className="page page--wide">
      <ShareReportPanel
        report={{
          user: search.user,
          contract: search.contract,
          from: state.range.from,
          to: state.range.to,
          agg: state.aggregation,
          tz: state.timeZone,
          view: search.view ?? 'chart',
          compare: state.compare ?? null,
        }}
      />
    </div>
  );
}

export function withReportSharing(Page: ComponentType): ComponentType {
  return function ReportWithSharing() {
    return (
      <>
        <Page />
        <ReportSharing />
      </>
    );
  };
}
