import { t } from '@lingui/core/macro';
import { currentFormattingLocale } from '../../i18n/i18n.ts';
import { formatNumber } from '../../lib/format.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { canWrite } from '../../../contract/bff-api.ts';
import type { ProducerContractPath } from '../../../contract/api/feed.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { addMonthsClamped, type IsoDate } from '../../../contract/calendar-date.ts';
import { ApiError } from '../../lib/api-client.ts';
import { rememberContract } from '../../lib/recent-contracts.ts';
import { useChartColors } from './chart/chart-colors.ts';
import { WithCharts } from './chart/lazy-charts.tsx';
import { feedQueryOptions, useFeedProgress } from './api/get-feed.ts';
import { ReportContractForm } from './report-contract-form.tsx';
import { ReportControls } from './report-controls.tsx';
import {
  DEFAULT_ZONE,
  feedParams,
  knownZone,
  rememberCapacity,
  reportState,
  type ReportState,
} from './data/report-state.ts';
import {
  dateIn,
  MAX_POINTS,
  pointCount,
  rangeInstants,
  stepRange,
  type DateRange,
} from './data/report-range.ts';
import { exportFileName } from './data/report-rows.ts';
import { loadedRawCovering, recordsFromRaw } from './data/loaded-raw.ts';
import { reportTitle } from './report-title.ts';
import { reportView } from './data/report-view.ts';
import { reportFetch } from './data/report-fetch.ts';
import { openingNow } from './data/report-entered.ts';
import { reportSearchSchema, type ReportSearch, type ReportViewName } from './data/report-search.ts';
import { useParsedSearch } from '../../lib/parsed-search.ts';
import { ReportViewBody } from './report-view-body.tsx';
import { useWarmViews } from './data/warm-views.ts';
import { ViewSwitch } from './view-switch.tsx';
import { ReportSummary, summaryComparison } from './report-summary.tsx';
import { ReportTable } from './table/report-table.tsx';
import { useReportDownloads, type ReportFiles } from './export/use-report-downloads.ts';
import { feedChartProps } from './chart/feed-chart-props.ts';
import { useReportSlots } from '../../lib/report-slots.ts';

const PRINTED_ROWS = 5000;

function compareRange(range: DateRange, compare: ReportState['compare']): DateRange | null {
  if (compare === 'previous') return stepRange(range, -1);
  if (compare === 'year') {
    const from = addMonthsClamped(range.from, -12);
    const to = addMonthsClamped(range.to, -12);
    return { from, to };
  }
  return null;
}

function failureText(error: unknown, user: string, contract: string): string {
  if (error instanceof ApiError && error.status === 404)
    return t`There is no contract ${contract} for producer ${user}. Check both IDs.`;
  return error instanceof Error ? error.message : t`The report could not be loaded.`;
}

/** A download's code did not load (offline, or a new release replaced it): the browser's reason says neither. */

/** The report's state from the URL, and what the page says of a zone in it that this browser does not know. */
function stateFrom(search: ReportSearch, today: IsoDate): { state: ReportState; zoneProblem: string | null } {
  return {
    state: reportState(search, today),
    zoneProblem:
      search.tz !== undefined && !knownZone(search)
        ? t`The link’s time zone “${search.tz}” is not one this browser knows; showing ${DEFAULT_ZONE}.`
        : null,
  };
}

const reportRouteApi = getRouteApi('/console/reports/feed-in');

export function FeedReportPage() {
  const staff = useCurrentUser();
  const search = useParsedSearch(reportSearchSchema, reportRouteApi.useSearch());
  const navigate = reportRouteApi.useNavigate();
  // Stable across renders (it merges into the search it is given), so controls memoised on it stay unrendered.
  const update = useCallback(
    (patch: Partial<ReportSearch>, options: { replace?: boolean } = {}) =>
      void navigate({
        search: (previous) => ({ ...reportSearchSchema.parse(previous), ...patch }),
        replace: options.replace ?? false,
      }),
    [navigate],
  );
  // Stable too, so the memoised contract form is not rendered again by a change of the report's view.
  const showContract = useCallback(
    (path: ProducerContractPath) => {
      rememberContract({ user: path.user_id, contract: path.contract_id });
      update({ user: path.user_id, contract: path.contract_id, capacity_kw: undefined });
    },
    [update],
  );
  const timeZoneForToday = knownZone(search) ?? DEFAULT_ZONE;
  // The page's "now", fixed when it opens: presets and "Now" stay consistent while it is open. It is the
  // instant the route entered the report, when its early fetch decided what to ask for with the same "now".
  const [openedAt] = useState(openingNow);
  const today = dateIn(openedAt, timeZoneForToday);
  const { state, zoneProblem } = stateFrom(search, today);
  const hasContract = Boolean(search.user && search.contract);

  return (
    <div className="page page--wide feed-report">
      <h1>{t`Feed-in report`}</h1>
      <p className="lead print-hidden">
        {t`Feed-in of a producer contract by period, in the time zone you choose. Periods without values are gaps, never zeros.`}
      </p>
      <ReportContractForm
        key={`${search.user}/${search.contract}`}
        user={search.user}
        contract={search.contract}
        onShow={showContract}
      />
      {zoneProblem && (
        <p className="notice" role="status">
          {zoneProblem}
        </p>
      )}
      {hasContract ? (
        <>
          <ReportControls state={state} today={today} onChange={update} />
          <ReportBody
            now={openedAt}
            user={search.user!}
            contract={search.contract!}
            state={state}
            view={search.view ?? 'chart'}
            onView={(view) => update({ view: view === 'chart' ? undefined : view })}
            environment={staff.environment}
            canBook={canWrite(staff.role)}
          />
        </>
      ) : (
        <p className="empty">{t`Enter a producer and contract, or pick a recent one, to see its feed-in.`}</p>
      )}
    </div>
  );
}

function ReportBody({
  now,
  user,
  contract,
  state,
  view,
  onView,
  environment,
  canBook,
}: {
  /** The page's "now" (fixed when it opens): what lies after it less the delivery delay is not yet due. */
  now: number;
  user: string;
  contract: string;
  state: ReportState;
  view: ReportViewName;
  onView: (view: ReportViewName) => void;
  environment: string;
  canBook: boolean;
}) {
  const { range, aggregation, timeZone } = state;
  const points = useMemo(() => pointCount(range, aggregation, timeZone), [range, aggregation, timeZone]);
  const [confirmedKey, setConfirmedKey] = useState<string | null>(null);
  // Raw values loaded for this range (or one around it) give every view without asking the API again;
  // else the view is fetched (a fast first draw) and the range's raw values after it, for the next change.
  const queryClient = useQueryClient();
  const { params, rangeRaw, allowed, cached, start, end, first } = reportFetch(
    queryClient,
    user,
    contract,
    state,
    points,
    (asked) => confirmedKey === JSON.stringify(asked),
  );
  const paramsKey = JSON.stringify(params);
  const isRaw = aggregation === 'raw';
  const query = useQuery({ ...feedQueryOptions(params), enabled: first === params });
  const rawQuery = useQuery({
    ...feedQueryOptions(rangeRaw),
    // Raw values shown were confirmed if they are many; behind another view they load only within the limit.
    enabled:
      first === rangeRaw ||
      (first === params && pointCount(range, 'raw', timeZone) <= MAX_POINTS && query.isSuccess),
  });
  // Reading `data` subscribes this render to the raw values' arrival (the query tracks what is read).
  const loaded =
    cached ??
    (rawQuery.data
      ? { records: rawQuery.data, start: Date.parse(rangeRaw.start), end: Date.parse(rangeRaw.end) }
      : null);
  const shown = isRaw ? rawQuery : query;
  const records = loaded ? recordsFromRaw(loaded.records, start, end, aggregation, timeZone) : query.data;
  // Every view compares only when staff ask (issue 42: the running sum drew a year earlier with compare off).
  const compared = compareRange(range, state.compare);
  const compareParams = compared ? feedParams(user, contract, state, compared) : null;
  const compareBounds = compared ? rangeInstants(compared, timeZone) : null;
  const compareLoaded =
    allowed && compareBounds
      ? loadedRawCovering(queryClient, user, contract, compareBounds.start, compareBounds.end)
      : null;
  const compareQuery = useQuery({
    ...feedQueryOptions(compareParams ?? params),
    enabled: allowed && compareParams !== null && !compareLoaded,
  });
  const compareRecords =
    compareLoaded && compareBounds
      ? recordsFromRaw(compareLoaded.records, compareBounds.start, compareBounds.end, aggregation, timeZone)
      : compareQuery.data;
  const progress = useFeedProgress(allowed ? (isRaw ? rangeRaw : params) : null);
  const colors = useChartColors();
  const [printing, setPrinting] = useState(false);
  const downloads = useReportDownloads();
  const { chartRef, viewExcel } = downloads;
  const { ShareAction } = useReportSlots();

  useEffect(() => {
    if (records) rememberContract({ user, contract });
  }, [records, user, contract]);
  useEffect(() => {
    if (state.capacityKw) rememberCapacity(user, contract, state.capacityKw);
  }, [state.capacityKw, user, contract]);
  // Every row is rendered for print however printing starts (Print, Ctrl+P, the browser's menu): the
  // windowed tables would print only the rows in view. The rendering must be done before the browser lays
  // the page out for print, hence synchronously in `beforeprint`.
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const report = useMemo(
    () => (records ? reportView(records, start, end, aggregation, timeZone, now) : null),
    [records, start, end, aggregation, timeZone, now],
  );
  // What the next change is likely to draw, computed while the browser is idle: it then draws from the cache.
  useWarmViews({ loaded, range, start, end, aggregation, timeZone, now });
  const compareStart = compareBounds?.start;
  const compareEnd = compareBounds?.end;
  const compareView = useMemo(
    () =>
      compareRecords && compareStart !== undefined && compareEnd !== undefined
        ? reportView(compareRecords, compareStart, compareEnd, aggregation, timeZone, now)
        : null,
    [compareRecords, compareStart, compareEnd, aggregation, timeZone, now],
  );
  const compareRows = compareView?.rows ?? null;

  const fileName =
    exportFileName({ user, contract, from: range.from, to: range.to, aggregation, timeZone }) +
    (view === 'chart' ? '' : `_${view}`);

  const pointsText = formatNumber(points);
  const maxText = formatNumber(MAX_POINTS);
  if (!allowed)
    return (
      <div className="notice" role="status">
        <p>
          {t`This would draw ${pointsText} points, more than ${maxText}: slow to load and too dense to read. Choose a coarser aggregation or a shorter range.`}
        </p>
        <button type="button" className="button button--secondary" onClick={() => setConfirmedKey(paramsKey)}>
          {t`Load ${pointsText} points anyway`}
        </button>
      </div>
    );
  if (!records && !shown.isError)
    return (
      <div className="report-loading">
        <label htmlFor="report-progress">{t`Loading feed-in values…`}</label>
        <progress
          id="report-progress"
          max={progress?.total ?? undefined}
          value={progress?.total ? progress.loaded : undefined}
          aria-valuetext={
            progress?.total
              ? t`${formatNumber(progress.loaded)} of ${formatNumber(progress.total)} values`
              : t`Waiting for the first page`
          }
        />
      </div>
    );
  if (!records)
    return (
      <p className="error-summary" role="alert">
        {failureText(shown.error, user, contract)}
      </p>
    );
  if (!report) return null;
  const title = reportTitle({
    user,
    contract,
    from: range.from,
    to: range.to,
    aggregation,
    periods: report.rows.length,
    timeZone,
  });
  const printedAt = new Date().toLocaleString(currentFormattingLocale());
  const printedText = formatNumber(PRINTED_ROWS);
  const periodsText = formatNumber(report.rows.length);
  const compareLabel = state.compare === 'previous' ? t`Previous period` : t`A year earlier`;
  const files: ReportFiles = {
    view,
    rows: report.rows,
    timeZone,
    capacityKw: state.capacityKw,
    compared: compareRows ? { label: compareLabel, rows: compareRows } : null,
    chart: { colors, title },
    fileName,
  };
  return (
    <section aria-label={t`Report`} className="report">
      <p className="print-only">{t`${title}. Environment: ${environment}. Printed ${printedAt}.`}</p>
      <ReportSummary
        summary={report.summary}
        rows={report.rows}
        unit={report.unit}
        capacityKw={state.capacityKw}
        timeZone={timeZone}
        comparison={summaryComparison(compareView, compareLabel)}
      />
      <div className="actions report-actions print-hidden">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => downloads.csv(({ feedCsv }) => feedCsv(records, timeZone), `${fileName}.csv`)}
        >
          {t`Download CSV`}
        </button>
        <button type="button" className="button button--secondary" onClick={() => downloads.excel(files)}>
          {t`Download for Excel`}
        </button>
        <button type="button" className="button button--secondary" onClick={() => downloads.png(files)}>
          {t`Download PNG`}
        </button>
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {t`Print`}
        </button>
        {ShareAction && (
          <ShareAction
            report={{
              user,
              contract,
              from: range.from,
              to: range.to,
              agg: aggregation,
              tz: timeZone,
              view,
              compare: state.compare ?? null,
              capacity_kw: state.capacityKw ?? null,
            }}
          />
        )}
        {canBook && (
          <Link to="/producers/charges" search={{ user, contract }}>
            {t`Book a charge or credit for ${user} / ${contract}`}
          </Link>
        )}
        {downloads.problem && (
          <span className="field-error" role="alert">
            {downloads.problem}
          </span>
        )}
      </div>
      {compareQuery.isError && (
        <p className="notice" role="status">
          {t`The comparison could not be loaded:`} {failureText(compareQuery.error, user, contract)}
        </p>
      )}
      <ViewSwitch view={view} onChange={onView} />
      {view === 'chart' ? (
        <>
          <WithCharts>
            {({ FeedChart }) => (
              <FeedChart
                ref={chartRef}
                {...feedChartProps(report, range, aggregation, timeZone)}
                compareRows={compareRows}
                compareLabel={compareLabel}
                colors={colors}
              />
            )}
          </WithCharts>
          {printing && report.rows.length > PRINTED_ROWS && (
            <p className="print-only">
              {t`The table lists the first ${printedText} of ${periodsText} periods; the CSV holds every value.`}
            </p>
          )}
          <ReportTable
            rows={printing ? report.rows.slice(0, PRINTED_ROWS) : report.rows}
            timeZone={timeZone}
            printAll={printing}
            capacityKw={state.capacityKw}
            compareRows={compareRows}
            compareLabel={compareLabel}
          />
        </>
      ) : (
        <ReportViewBody
          ref={chartRef}
          view={view}
          params={params}
          report={report}
          compareRows={compareRows}
          compareLabel={compareLabel}
          state={state}
          now={now}
          colors={colors}
          printing={printing}
          excelRef={viewExcel}
        />
      )}
    </section>
  );
}
