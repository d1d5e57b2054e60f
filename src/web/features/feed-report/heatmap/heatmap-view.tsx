import { t } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type Ref,
  type RefObject,
} from 'react';
import type { AggregationType } from '../../../../contract/api/feed.ts';
import { currentFormattingLocale } from '../../../i18n/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { feedQueryOptions, useFeedProgress, type FeedParams } from '../api/get-feed.ts';
import { statusText, valuesText } from '../data/completeness-text.ts';
import type { ChartColors } from '../chart/chart-colors.ts';
import { heatmapOf, type HeatmapLayout } from './heatmap-cells.ts';
import {
  cellAt,
  cellRect,
  drawHeatmap,
  heatmapGeometry,
  largestValue,
  legendLines,
  type HeatmapGeometry,
  type HeatmapTexts,
} from './heatmap-draw.ts';
import { HeatmapTable } from '../table/heatmap-table.tsx';
import { loadedRawCovering, rawParams, recordsFromRaw } from '../data/loaded-raw.ts';
import type { ViewExcel } from '../report-view-body.tsx';
import { MAX_POINTS, pointCount, rangeInstants, type DateRange } from '../data/report-range.ts';
import type { ReportRow } from '../data/report-rows.ts';
import { reportView } from '../data/report-view.ts';
import { useElementWidth } from '../use-element-width.ts';

const LABEL_GAP_PX = 14;

/**
 * The carpet plot: one row per day of the range in the zone, one column per quarter hour of its wall
 * clock, coloured by energy. It needs the quarter-hour values whatever the aggregation: those the page has
 * loaded, or the range's raw values under the page's own query key. Below it, a table per day.
 */
export function HeatmapView({
  ref,
  params,
  range,
  aggregation,
  timeZone,
  now,
  colors,
  capacityKw,
  printing,
  excelRef,
}: {
  ref: Ref<HTMLDivElement>;
  params: FeedParams;
  range: DateRange;
  aggregation: AggregationType;
  timeZone: string;
  now: number;
  colors: ChartColors;
  capacityKw: number | null;
  /** The page is being printed: the table lists every day. */
  printing: boolean;
  /** Set to the view's Excel file while it is shown. */
  excelRef: RefObject<ViewExcel | null>;
}) {
  const quarterHours = pointCount(range, 'raw', timeZone);
  const tooMany = quarterHours > MAX_POINTS;
  const { start, end } = rangeInstants(range, timeZone);
  // The raw values the page loaded (this range's, or three years around it) draw it at once; else they are
  // fetched under the page's own key for the range, so the chart's raw view shares them afterwards.
  const queryClient = useQueryClient();
  const cached = tooMany ? null : loadedRawCovering(queryClient, params.user, params.contract, start, end);
  const rangeRaw = rawParams(params.user, params.contract, range);
  const query = useQuery({ ...feedQueryOptions(rangeRaw), enabled: !tooMany && !cached });
  const progress = useFeedProgress(tooMany || cached ? null : rangeRaw);
  const loadedRecords = cached?.records ?? query.data ?? null;
  const raw = useMemo(
    () =>
      loadedRecords
        ? reportView(
            recordsFromRaw(loadedRecords, start, end, 'raw', timeZone),
            start,
            end,
            'raw',
            timeZone,
            now,
          )
        : null,
    [loadedRecords, start, end, timeZone, now],
  );
  const heatmap = useMemo(
    () => (raw ? heatmapOf(raw.rows, range, timeZone, raw.resolutionMs) : null),
    // The range is its two dates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [raw, range.from, range.to, timeZone],
  );
  const layout = heatmap?.layout ?? null;
  const dayRows = heatmap?.dayRows ?? null;
  useEffect(() => {
    excelRef.current = dayRows
      ? ({ excelCsv }) => excelCsv(dayRows, timeZone, currentFormattingLocale(), capacityKw)
      : null;
    return () => {
      excelRef.current = null;
    };
  }, [dayRows, timeZone, capacityKw, excelRef]);

  if (tooMany) {
    const count = formatNumber(quarterHours);
    const max = formatNumber(MAX_POINTS);
    return (
      <p className="notice" role="status">
        {t`The heatmap draws at most ${max} quarter hours (about 520 days); this range has ${count}. Choose a shorter range.`}
      </p>
    );
  }
  if (!cached && query.isError)
    return (
      <p className="error-summary" role="alert">
        {query.error instanceof Error ? query.error.message : t`The report could not be loaded.`}
      </p>
    );
  if (!raw || !layout || !dayRows)
    return (
      <div className="report-loading">
        <label htmlFor="heatmap-progress">{t`Loading quarter-hour values for the heatmap…`}</label>
        <progress
          id="heatmap-progress"
          max={progress?.total ?? undefined}
          value={progress?.total ? progress.loaded : undefined}
        />
      </div>
    );
  return (
    <>
      {aggregation !== 'raw' && (
        <p className="hint print-hidden">
          {t`The heatmap always draws quarter-hour values, whatever the aggregation; its table sums them per day.`}
        </p>
      )}
      <div ref={ref} className="feed-chart heatmap">
        <HeatmapCanvas
          key={`${range.from}/${range.to}/${timeZone}`}
          layout={layout}
          rows={raw.rows}
          colors={colors}
          timeZone={timeZone}
          drawnFor={`${range.from}/${range.to}/heatmap/${timeZone}`}
        />
      </div>
      <HeatmapTable rows={dayRows} timeZone={timeZone} capacityKw={capacityKw} printAll={printing} />
    </>
  );
}

/** A quarter hour in words, for the tooltip and the live region. */
function cellText(row: ReportRow, timeZone: string): string {
  const label = row.label;
  if (row.energyKwh === null) {
    const status = statusText(row.status);
    return t`${label} (${timeZone}): ${status}`;
  }
  const value = `${formatNumber(row.energyKwh, { maximumFractionDigits: 3 })} kWh`;
  if (row.status === 'complete') return t`${label} (${timeZone}): ${value}`;
  const status = `${statusText(row.status)}, ${valuesText(row.sampleCount, row.expected)}`;
  return t`${label} (${timeZone}): ${value} (${status})`;
}

interface Position {
  day: number;
  cell: number;
}

/** The position a key moves the cursor to, or null for a key the heatmap does not use. */
function moved(layout: HeatmapLayout, from: Position, key: string): Position | null {
  const { days } = layout;
  const cellsOf = (day: number) => days[day]!.cells;
  /** The cell of `day` nearest the wall-clock column (and half) of the cursor's. */
  const sameTime = (day: number): Position => {
    const target = cellsOf(from.day)[from.cell]!;
    let best = 0;
    cellsOf(day).forEach((cell, index) => {
      const distance = (candidate: typeof cell) =>
        Math.abs(candidate.column - target.column) * 2 + (candidate.part === target.part ? 0 : 1);
      if (distance(cell) < distance(cellsOf(day)[best]!)) best = index;
    });
    return { day, cell: best };
  };
  const clampDay = (day: number) => Math.max(0, Math.min(days.length - 1, day));
  switch (key) {
    case 'ArrowRight':
      if (from.cell + 1 < cellsOf(from.day).length) return { day: from.day, cell: from.cell + 1 };
      return from.day + 1 < days.length ? { day: from.day + 1, cell: 0 } : from;
    case 'ArrowLeft':
      if (from.cell > 0) return { day: from.day, cell: from.cell - 1 };
      return from.day > 0 ? { day: from.day - 1, cell: cellsOf(from.day - 1).length - 1 } : from;
    case 'ArrowDown':
      return sameTime(clampDay(from.day + 1));
    case 'ArrowUp':
      return sameTime(clampDay(from.day - 1));
    case 'PageDown':
      return sameTime(clampDay(from.day + 7));
    case 'PageUp':
      return sameTime(clampDay(from.day - 7));
    case 'Home':
      return { day: from.day, cell: 0 };
    case 'End':
      return { day: from.day, cell: cellsOf(from.day).length - 1 };
    default:
      return null;
  }
}

function HeatmapCanvas({
  layout,
  rows,
  colors,
  timeZone,
  drawnFor,
}: {
  layout: HeatmapLayout;
  rows: readonly ReportRow[];
  colors: ChartColors;
  timeZone: string;
  drawnFor: string;
}) {
  const [holder, width] = useElementWidth<HTMLDivElement>('report-heatmap');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [geometry, setGeometry] = useState<HeatmapGeometry | null>(null);
  const [cursor, setCursor] = useState<Position | null>(null);
  const [hover, setHover] = useState<Position | null>(null);
  const [focused, setFocused] = useState(false);
  const max = useMemo(() => largestValue(rows), [rows]);
  const texts: HeatmapTexts = {
    scaleName: t`kWh per 15 min`,
    formatValue: (kwh) => formatNumber(kwh, { maximumFractionDigits: 3 }),
    noData: t`no data`,
    incomplete: t`incomplete`,
    notYetDelivered: t`not yet delivered`,
    skippedHour: t`hour skipped (clock change)`,
  };
  const textsKey = JSON.stringify([texts.scaleName, texts.noData, texts.skippedHour]);

  useLayoutEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || width === 0) return;
    // Reading the style settles the page's own (a theme change restyles it all): not the heatmap's cost.
    const fontFamily = getComputedStyle(element).fontFamily;
    const began = performance.now();
    context.font = `11px ${fontFamily}`;
    const measure = (text: string) => context.measureText(text).width;
    const { days } = layout;
    const monthly = days.length > 62;
    const labelWidth = measure(monthly ? '0000-00' : '0000-00-00');
    const rowHeight = heatmapGeometry(width, days.length, labelWidth, 1).rowHeight;
    const every = Math.ceil(LABEL_GAP_PX / rowHeight);
    const dayLabels = days.flatMap((day, index) => {
      if (monthly) return day.date.endsWith('-01') ? [{ day: index, text: day.date.slice(0, 7) }] : [];
      return index % every === 0 ? [{ day: index, text: day.date }] : [];
    });
    const left = heatmapGeometry(width, days.length, labelWidth, 1).left;
    const lines = legendLines(measure, width, left, `${texts.formatValue(max)} ${texts.scaleName}`, texts);
    const drawn = heatmapGeometry(width, days.length, labelWidth, lines);
    element.style.width = `${drawn.width}px`;
    element.style.height = `${drawn.height}px`;
    drawHeatmap(element, layout, rows, drawn, max, dayLabels, colors, texts, fontFamily, devicePixelRatio);
    element.dataset.drawMs = String(Math.round(performance.now() - began));
    // How many times it was drawn: a redraw (the theme's colours) is seen by tests and the benchmark.
    element.dataset.drawCount = String(Number(element.dataset.drawCount ?? '0') + 1);
    element.dataset.drawnFor = drawnFor;
    setGeometry(drawn);
    // The texts change with the language, which `textsKey` follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout, rows, width, colors, max, textsKey, drawnFor]);

  const shown = hover ?? (focused ? cursor : null);
  const shownRow = shown ? rows[layout.days[shown.day]!.cells[shown.cell]!.row]! : null;
  const rect = (position: Position) =>
    geometry
      ? cellRect(geometry, position.day, layout.days[position.day]!.cells[position.cell]!, layout.span)
      : null;
  const cursorRect = cursor && focused ? rect(cursor) : null;
  const shownRect = shown ? rect(shown) : null;
  const pointAt = (event: MouseEvent<HTMLCanvasElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect();
    return geometry
      ? cellAt(geometry, layout, event.clientX - bounds.left, event.clientY - bounds.top)
      : null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = moved(layout, cursor ?? { day: 0, cell: 0 }, event.key);
    if (!next) return;
    event.preventDefault();
    setHover(null);
    setCursor(next);
  };
  const cursorText = cursor
    ? cellText(rows[layout.days[cursor.day]!.cells[cursor.cell]!.row]!, timeZone)
    : '';
  const days = formatNumber(layout.days.length);
  return (
    <div ref={holder} className="heatmap__holder">
      <div
        className="heatmap__surface"
        tabIndex={0}
        role="application"
        aria-roledescription={t`heatmap`}
        aria-label={t`Heatmap of the quarter-hour feed-in in ${timeZone}: ${days} days, one row per day and one column per quarter hour. Arrow keys move by a quarter hour or a day, Page Up and Page Down by a week, Home and End to the day’s first and last quarter hour.`}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          if (!cursor) setCursor({ day: 0, cell: 0 });
        }}
        onBlur={() => setFocused(false)}
      >
        <canvas
          ref={canvas}
          className="heatmap__canvas"
          onPointerMove={(event) => setHover(pointAt(event))}
          onPointerLeave={() => setHover(null)}
          onClick={(event) => {
            const position = pointAt(event);
            if (position) setCursor(position);
          }}
        />
        {cursorRect && (
          <div
            className="heatmap__cursor"
            style={{
              left: cursorRect.x - 2,
              top: cursorRect.y - 2,
              width: cursorRect.width + 4,
              height: cursorRect.height + 4,
            }}
          />
        )}
        {shownRow && shownRect && geometry && (
          <div
            className="heatmap__tooltip"
            aria-hidden="true"
            style={{
              left: Math.min(Math.max(0, shownRect.x - 80), Math.max(0, geometry.width - 240)),
              top:
                shownRect.y + shownRect.height + 44 > geometry.height
                  ? shownRect.y - 40
                  : shownRect.y + shownRect.height + 6,
            }}
          >
            {cellText(shownRow, timeZone)}
          </div>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {focused ? cursorText : ''}
      </p>
    </div>
  );
}
