import { t } from '@lingui/core/macro';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { comparedRange } from '../../contract/shared-report-ranges.ts';
import type { SharedReportData } from '../../contract/shared-reports.ts';
import { currentFormattingLocale, currentLanguage } from '../i18n/i18n.ts';
import { downloadBlob } from '../lib/download.ts';
import { useChartColors } from '../features/feed-report/chart/chart-colors.ts';
import { WithCharts } from '../features/feed-report/chart/lazy-charts.tsx';
import { rangeDays, rangeInstants } from '../features/feed-report/data/report-range.ts';
import { exportFileName } from '../features/feed-report/data/report-rows.ts';
import { reportView } from '../features/feed-report/data/report-view.ts';
import type { ViewExcel } from '../features/feed-report/report-view-body.tsx';
import { ReportSummary } from '../features/feed-report/report-summary.tsx';
import { reportTitle } from '../features/feed-report/report-title.ts';
import { ReportTable } from '../features/feed-report/table/report-table.tsx';
import { rawPath, type SharedAnswer } from './shared-report-data.ts';
import { WhenVisible } from './when-visible.tsx';

/** The export code loads on the first download, as on the staff report. */
const loadExport = () => import('../features/feed-report/export/report-export.ts');

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
  const chartRef = useRef<HTMLDivElement>(null);
  const viewExcel = useRef<ViewExcel | null>(null);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
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

  const downloadExcel = () => {
    setExportProblem(null);
    loadExport().then(
      (exports) => {
        const excel =
          viewExcel.current?.(exports) ??
          (view === 'chart'
            ? exports.excelCsv(
                report.rows,
                timeZone,
                currentFormattingLocale(),
                null,
                compareRows ? { label: compareLabel, rows: compareRows } : null,
              )
            : null);
        if (excel === null) return setExportProblem(t`The view is not drawn yet. Try again in a moment.`);
        downloadBlob(
          new Blob([excel], { type: 'text/csv;charset=utf-8' }),
          `${fileName}_excel-${currentLanguage()}.csv`,
        );
      },
      () => setExportProblem(t`The download could not be prepared. Reload the page and try again.`),
    );
  };
  const downloadPng = () => {
    setExportProblem(null);
    const legend = compareRows
      ? [
          { label: t`This range`, color: colors.series },
          { label: compareLabel, color: colors.compare },
        ]
      : [];
    const drawn = chartRef.current;
    if (!drawn) return setExportProblem(t`The chart is not drawn yet.`);
    loadExport()
      .then(({ viewPng }) => viewPng(drawn, title, colors, legend))
      .then(
        (png) => downloadBlob(png, `${fileName}.png`),
        (error: unknown) =>
          setExportProblem(error instanceof Error ? error.message : t`The PNG could not be made.`),
      );
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
        capacityKw={null}
        timeZone={timeZone}
        comparison={
          compareView
            ? {
                label: compareLabel,
                totalKwh: compareView.summary.totalKwh,
                hasData: compareView.summary.periodsWithData > 0,
              }
            : null
        }
      />
      <div className="actions report-actions print-hidden">
        <button type="button" className="button button--secondary" onClick={downloadExcel}>
          {t`Download for Excel`}
        </button>
        <button type="button" className="button button--secondary" onClick={downloadPng}>
          {t`Download PNG`}
        </button>
        {exportProblem && (
          <span className="field-error" role="alert">
            {exportProblem}
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
            {({ FeedChart, DurationView, CumulativeView }) =>
              view === 'chart' ? (
                <FeedChart
                  ref={chartRef}
                  rows={report.rows}
                  compareRows={compareRows}
                  compareLabel={compareLabel}
                  gaps={report.summary.gaps}
                  incomplete={report.summary.incomplete}
                  notYetDelivered={report.summary.notYetDelivered}
                  aggregation={aggregation}
                  timeZone={timeZone}
                  unit={report.unit}
                  colors={colors}
                  spanDays={rangeDays(range)}
                  drawnFor={`${range.from}/${range.to}/${aggregation}/${timeZone}`}
                />
              ) : view === 'duration' ? (
                <DurationView
                  ref={chartRef}
                  rows={report.rows}
                  compareRows={compareRows}
                  compareLabel={compareLabel}
                  aggregation={aggregation}
                  colors={colors}
                  excelRef={viewExcel}
                />
              ) : (
                <CumulativeView
                  ref={chartRef}
                  rows={report.rows}
                  compareRows={compareRows}
                  compareLabel={compareLabel}
                  aggregation={aggregation}
                  range={range}
                  timeZone={timeZone}
                  spanDays={rangeDays(range)}
                  colors={colors}
                  printing={false}
                  excelRef={viewExcel}
                />
              )
            }
          </WithCharts>
        </WhenVisible>
      )}
      {view === 'chart' && (
        <ReportTable
          rows={report.rows}
          timeZone={timeZone}
          printAll={false}
          compareRows={compareRows}
          compareLabel={compareLabel}
        />
      )}
    </section>
  );
}
