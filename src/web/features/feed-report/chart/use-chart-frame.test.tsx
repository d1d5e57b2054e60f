// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { createRef, type RefObject } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportRow } from '../data/report-rows.ts';
import type { ViewExcel } from '../report-view-body.tsx';
import { periodTickStyle, useChartFrame } from './use-chart-frame.ts';

interface Seen {
  width: number;
  plotWidth: number;
  drawnFor: string | undefined;
}

/** A view in a frame of `kind` that records what each render saw. */
function Framed({
  kind,
  seen,
  excelRef,
  buildExcel,
}: {
  kind: string;
  seen: Seen[];
  excelRef?: RefObject<ViewExcel | null>;
  buildExcel?: ViewExcel;
}) {
  const { sizer, width, plot, drawnFor } = useChartFrame(kind, excelRef, buildExcel);
  seen.push({ width, plotWidth: plot.width, drawnFor: drawnFor('the drawing') });
  return <div ref={sizer} />;
}

/** One-hour rows labelled as given. */
const labelled = (...labels: string[]): ReportRow[] =>
  labels.map((label, index) => ({
    start: index * 3_600_000,
    end: (index + 1) * 3_600_000,
    label,
    energyKwh: 1,
    sampleCount: 4,
    expected: 4,
    status: 'complete',
    cut: null,
  }));

describe('useChartFrame', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names its drawing only once drawn at the measured width, the plot inside the margins and value axis', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    const seen: Seen[] = [];
    render(<Framed kind="frame-test" seen={seen} />);
    expect(seen).toEqual([
      { width: 0, plotWidth: 0, drawnFor: undefined },
      { width: 800, plotWidth: 800 - 8 - 16 - 64, drawnFor: 'the drawing' },
    ]);
  });

  it("hands the view's Excel rows to the page's export while shown, and takes them back when it goes", () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    const ref = createRef<ViewExcel | null>();
    const build: ViewExcel = () => 'the rows';
    const view = render(<Framed kind="frame-excel-test" seen={[]} excelRef={ref} buildExcel={build} />);
    expect(ref.current).toBe(build);
    view.unmount();
    expect(ref.current).toBeNull();
  });
});

describe('periodTickStyle', () => {
  const style = (plotWidth: number, rows: readonly ReportRow[]) =>
    periodTickStyle({ rows, aggregation: 'day', plotWidth, spanDays: 31, timeZone: 'Europe/Berlin' });

  it('shortens the labels of a narrow plot', () => {
    expect(style(559, labelled('2026-01-01')).compact).toBe(true);
    expect(style(560, labelled('2026-01-01')).compact).toBe(false);
  });

  it('leaves the year out only where the range lies in one year', () => {
    expect(style(800, labelled('2026-01-01', '2026-12-31')).oneYear).toBe(true);
    expect(style(800, labelled('2025-12-31', '2026-01-01')).oneYear).toBe(false);
  });

  it('keeps the aggregation, span and zone it was given', () => {
    expect(style(800, labelled('2026-01-01'))).toMatchObject({
      aggregation: 'day',
      spanDays: 31,
      timeZone: 'Europe/Berlin',
    });
  });
});
