import { t } from '@lingui/core/macro';
import { useRef, useState, type RefObject } from 'react';
import { currentFormattingLocale, currentLanguage } from '../../../i18n/i18n.ts';
import { downloadBlob } from '../../../lib/download.ts';
import type { ChartColors } from '../chart/chart-colors.ts';
import type { ReportRow } from '../data/report-rows.ts';
import type { ReportViewName } from '../data/report-search.ts';
import type { ViewExcel } from '../report-view-body.tsx';

/** The export code and its CSV writer (papaparse) load on the first download, not with the page. */
const loadExport = () => import('./report-export.ts');
type ReportExports = Awaited<ReturnType<typeof loadExport>>;

const csvBlob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });

/** What the report's Excel and PNG files are made of: the view shown, its rows, its chart's title. */
export interface ReportFiles {
  view: ReportViewName;
  rows: readonly ReportRow[];
  timeZone: string;
  capacityKw: number | null;
  /** The compared range's periods under its name, or null without a comparison. */
  compared: { label: string; rows: readonly ReportRow[] } | null;
  /** The chart's colours and title (the PNG's legend and heading). */
  chart: { colors: ChartColors; title: string };
  fileName: string;
}

/** Where the page puts what the files are read from: the drawn chart, the shown view's Excel file maker. */
interface DrawnReport {
  chart: RefObject<HTMLDivElement | null>;
  viewExcel: RefObject<ViewExcel | null>;
}

type Download = (exports: ReportExports) => Promise<string | void> | string | void;

/**
 * The report's downloads (the console's report and a shared link's page): `run` loads the export code on the
 * first use and makes the file; what stops it is said as `problem`. The page hands `chartRef` to the drawn
 * chart (the PNG's picture) and `viewExcel` to a view other than the periods' table (its Excel file).
 */
export function useReportDownloads() {
  const [problem, setProblem] = useState<string | null>(null);
  const chartRef = useRef<HTMLDivElement>(null);
  const viewExcel = useRef<ViewExcel | null>(null);
  const drawn: DrawnReport = { chart: chartRef, viewExcel };
  const run = (
    make: Download,
    failure: (error: unknown) => string = () =>
      t`The download could not be prepared. Reload the page and try again.`,
  ) => {
    setProblem(null);
    loadExport()
      .then(make)
      .then(
        (said) => said && setProblem(said),
        (error: unknown) => setProblem(failure(error)),
      );
  };
  return {
    problem,
    run,
    chartRef,
    viewExcel,
    /** The Excel file of the view shown. */
    excel: (files: ReportFiles) => run(excelFile(files, drawn)),
    /** The chart as a PNG (its failure in its own words). */
    png: (files: ReportFiles) =>
      run(pngFile(files, drawn), (error) =>
        error instanceof Error ? error.message : t`The PNG could not be made.`,
      ),
    /** A CSV file the export code writes (the console's raw values). */
    csv: (make: (exports: ReportExports) => string, name: string) =>
      run((exports) => downloadBlob(csvBlob(make(exports)), name)),
  };
}

const excelFile =
  (files: ReportFiles, drawn: DrawnReport): Download =>
  (exports) => {
    const { rows, timeZone } = files;
    // The periods' table is the chart's file only: another view not drawn yet (its code still loading)
    // has no rows to give, and the periods under its name would be the wrong file.
    const file =
      drawn.viewExcel.current?.(exports) ??
      (files.view === 'chart'
        ? exports.excelCsv(rows, timeZone, currentFormattingLocale(), files.capacityKw, files.compared)
        : null);
    if (file === null) return t`The view is not drawn yet. Try again in a moment.`;
    downloadBlob(csvBlob(file), `${files.fileName}_excel-${currentLanguage()}.csv`);
  };

const pngFile =
  ({ compared, chart: { colors, title }, fileName }: ReportFiles, drawn: DrawnReport): Download =>
  async ({ viewPng }) => {
    const legend = compared
      ? [
          { label: t`This range`, color: colors.series },
          { label: compared.label, color: colors.compare },
        ]
      : [];
    const picture = drawn.chart.current;
    if (!picture) return t`The chart is not drawn yet.`;
    downloadBlob(await viewPng(picture, title, colors, legend), `${fileName}.png`);
  };
