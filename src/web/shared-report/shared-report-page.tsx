import { t } from '@lingui/core/macro';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { comparedRange } from '../../contract/shared-report-ranges.ts';
import type { SharedReportData } from '../../contract/shared-reports.ts';
import { currentFormattingLocale } from '../i18n/i18n.ts';
import { useChartColors } from '../features/feed-report/chart/chart-colors.ts';
import { feedChartProps } from '../features/feed-report/chart/feed-chart-props.ts';
import { WithCharts } from '../features/feed-report/chart/lazy-charts.tsx';
import { rangeDays, rangeInstants } from '../features/feed-report/data/report-range.ts';
import { exportFileName } from '../features/feed-report/data/report-rows.ts';
import { reportView } from '../features/feed-report/data/report-view.ts';
import { useReportDownloads, type ReportFiles } from '../features/feed-report/export/use-report-downloads.ts';
import { ReportSummary, summaryComparison } from '../features/feed-report/report-summary.tsx';
import { reportTitle } from '../features/feed-report/report-title.ts';
import { ReportTable } from '../features/feed-report/table/report-table.tsx';
import { rawPath, type SharedAnswer } from './shared-report-data.ts';
import { WhenVisible } from './when-visible.tsx';

/** The export code loads on the first download, as on the staff report. */

/** The report's views; the heatmap's code and raw values load when the reader switches to it. */
const READER_VIEWS = ['chart', 'heatmap', 'duration', 'cumulative'] as const;
const SharedHeatmap = lazy(() =>
  import('./shared-heatmap.tsx').then((module) => ({ default: module.SharedHeatmap })),
);
type ReaderView = (typeof READER_VIEWS)[number];
const viewLabels = (): Record<ReaderView, string> => ({
  chart: t`Chart`,
  heatmap: t`Heatmap`,
  duration: t`Duration curve`,
  cumulative: t`Cumulative`,
});

const CHART_HEIGHT = 320;

function refusalText(answer: Extract<SharedAnswer, { kind: 'refused' }>): string {
  if (answer.status === 410)
    return answer.code === 'shared_report_revoked'
      ? t`This link was revoked. Ask whoever sent it for a new one.`
      : t`This link has expired. Ask whoever sent it for a new one.`;
  if (answer.status === 404)
    return t`There is no report at this address. Check that the link was copied whole.`;
  if (answer.status === 429) return t`This link was opened very often just now. Try again in a minute.`;
  return t`The report cannot be shown right now. Try again later.`;
}

/** The report a link shows, read-only: no navigation, no forms, no staff data. */
export function SharedReportPage({ answer: asked }: { answer: Promise<SharedAnswer> }) {
  const [answer, setAnswer] = useState<SharedAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    asked.then(
      (arrived) => current && setAnswer(arrived),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [asked]);
  return (
    <main className="shared-report">
      <h1>{t`Feed-in report`}</h1>
      {answer?.kind === 'report' ? (
        <SharedReport data={answer.data} />
      ) : answer?.kind === 'refused' ? (
        <p className="notice" role="alert">
          {refusalText(answer)}
        </p>
      ) : failed ? (
        <p
          className="notice"
          role="alert"
        >{t`The report could not be loaded. Check the connection and reload.`}</p>
      ) : (
        <p className="route-pending" role="status">{t`Loading the report…`}</p>
      )}
    </main>
  );
}

function SharedReport({ data }: { data: SharedReportData }) {
  const range = useMemo(() => ({ from: data.from, to: data.to }), [data.from, data.to]);
  const aggregation = data.agg;
  const timeZone = data.tz;
  const now = Date.parse(data.read_at);
  const [view, setView] = useState<ReaderView>(READER_VIEWS.find((name) => name === data.view) ?? 'chart');
  const colors = useChartColors();
  const heading = t`Feed-in report`;
  // The tab and a bookmark name the plant, in the reader's language (shared.html's title is English).
  useEffect(() => {
    document.title = `${heading} ${data.contract}`;
  }, [heading, data.contract]);
  const downloads = useReportDownloads();
  const { chartRef, viewExcel } = downloads;
  const { start, end } = rangeInstants(range, timeZone);
  const report = useMemo(
    () => reportView(data.records, start, end, aggregation, timeZone, now),
    [data.records, start, end, aggregation, timeZone, now],
  );
  // The BFF read the compared range with the same rule (the staff report's), so the periods pair up.
  const compareView = useMemo(() => {
    const compared = comparedRange(range, data.compare);
    if (!compared || !data.compare_records) return null;
    const bounds = rangeInstants(compared, timeZone);
    return reportView(data.compare_records, bounds.start, bounds.end, aggregation, timeZone, now);
  }, [range, data.compare, data.compare_records, aggregation, timeZone, now]);
  const compareRows = compareView?.rows ?? null;
  const compareLabel = data.compare === 'previous' ? t`Previous period` : t`A year earlier`;
  const locale = currentFormattingLocale();
  const longDate = (iso: string) =>
    new Date(iso).toLocaleDateString(locale, {
      dateStyle: 'long',
      timeZone: 'UTC',
    } as Intl.DateTimeFormatOptions);
  // With its zone: the reader may be anywhere (ui.md: times always with their zone).
  const until = new Date(data.expires_at).toLocaleString(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  const title = reportTitle({
    user: data.user,
    contract: data.contract,
    from: range.from,
    to: range.to,
    aggregation,
    periods: report.rows.length,
    timeZone,
  });
  const fileName =
    exportFileName({
      user: data.user,
      contract: data.contract,
      from: range.from,
      to: range.to,
      aggregation,
      timeZone,
    }) + (view === 'chart' ? '' : `_${view}`);
  const labels = viewLabels();
  const contract = data.contract;
  const producer = data.user;
  const from = longDate(`${range.from}T00:00:00Z`);
  const to = longDate(`${range.to}T00:00:00Z`);

  const files: ReportFiles = {
    view,
    rows: report.rows,
    timeZone,
    capacityKw: data.capacity_kw,
    compared: compareRows ? { label: compareLabel, rows: compareRows } : null,
    chart: { colors, title },
    fileName,
  };

  return (
    <section aria-label={t`Report`} className="report">
      <p className="shared-report__whose">
        {t`Feed-in of plant ${contract} (producer ${producer}), ${from} to ${to}, times in ${timeZone}.`}{' '}
        <strong>{t`This link works until ${until}.`}</strong>
      </p>
      <ReportSummary
        summary={report.summary}
        rows={report.rows}
        unit={report.unit}
        capacityKw={data.capacity_kw}
        timeZone={timeZone}
        comparison={summaryComparison(compareView, compareLabel)}
      />
      <div className="actions report-actions print-hidden">
        <button type="button" className="button button--secondary" onClick={() => downloads.excel(files)}>
          {t`Download for Excel`}
        </button>
        <button type="button" className="button button--secondary" onClick={() => downloads.png(files)}>
          {t`Download PNG`}
        </button>
        {downloads.problem && (
          <span className="field-error" role="alert">
            {downloads.problem}
          </span>
        )}
      </div>
      <div className="view-switch print-hidden" role="group" aria-label={t`View`}>
        {READER_VIEWS.map((name) => (
          <button
            key={name}
            type="button"
            className="button button--secondary view-switch__button"
            aria-pressed={name === view}
            onClick={() => setView(name)}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      {view === 'heatmap' ? (
        <Suspense
          fallback={
            <p className="route-pending" role="status">
              {t`Loading the heatmap…`}
            </p>
          }
        >
          <SharedHeatmap
            ref={chartRef}
            data={data}
            rawPath={rawPath(window.location.pathname)}
            colors={colors}
            excelRef={viewExcel}
          />
        </Suspense>
      ) : (
        <WhenVisible minHeight={CHART_HEIGHT}>
          <WithCharts>
            {({ FeedChart, DurationView, CumulativeView }) => {
              const lineProps = {
                ref: chartRef,
                rows: report.rows,
                compareRows,
                compareLabel,
                aggregation,
                colors,
              };
              return view === 'chart' ? (
                <FeedChart
                  ref={chartRef}
                  {...feedChartProps(report, range, aggregation, timeZone)}
                  compareRows={compareRows}
                  compareLabel={compareLabel}
                  colors={colors}
                />
              ) : view === 'duration' ? (
                <DurationView {...lineProps} excelRef={viewExcel} />
              ) : (
                <CumulativeView
                  {...lineProps}
                  excelRef={viewExcel}
                  range={range}
                  timeZone={timeZone}
                  spanDays={rangeDays(range)}
                  printing={false}
                />
              );
            }}
          </WithCharts>
        </WhenVisible>
      )}
      {view === 'chart' && (
        <ReportTable
          rows={report.rows}
          timeZone={timeZone}
          printAll={false}
          capacityKw={data.capacity_kw}
          compareRows={compareRows}
          compareLabel={compareLabel}
        />
      )}
    </section>
  );
}
