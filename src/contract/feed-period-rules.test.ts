import { describe, expect, it } from 'vitest';
import { cutSpan, energyDifference, wholePeriodExtremes, type PeriodEnergy } from './feed-period-rules.ts';
import { periodsOverlapping, startOfLocalDate } from './time-zone-periods.ts';

const BERLIN = 'Europe/Berlin';
const range = (from: string, toExclusive: string) => ({
  start: startOfLocalDate(from, BERLIN),
  end: startOfLocalDate(toExclusive, BERLIN),
});

describe('feed-in period rules', () => {
  it('cuts January and February of a 15 Jan – 10 Feb 2025 report to the days inside it', () => {
    const report = range('2025-01-15', '2025-02-11');
    const months = periodsOverlapping(report.start, report.end, 'month', BERLIN);
    expect(months.map((month) => cutSpan(month, report))).toEqual([
      { start: startOfLocalDate('2025-01-15', BERLIN), end: startOfLocalDate('2025-02-01', BERLIN) },
      { start: startOfLocalDate('2025-02-01', BERLIN), end: startOfLocalDate('2025-02-11', BERLIN) },
    ]);
  });

  it('cuts the first and last weeks of 2025 (2025-W01 from Wed 1 Jan, 2026-W01 to Wed 31 Dec), not the others', () => {
    const report = range('2025-01-01', '2026-01-01');
    const weeks = periodsOverlapping(report.start, report.end, 'week', BERLIN);
    const cut = weeks.map((week) => cutSpan(week, report));
    expect(cut[0]).toEqual({ start: report.start, end: startOfLocalDate('2025-01-06', BERLIN) });
    expect(cut.at(-1)).toEqual({ start: startOfLocalDate('2025-12-29', BERLIN), end: report.end });
    expect(cut.slice(1, -1).every((span) => span === null)).toBe(true);
  });

  it('leaves a period the range holds whole uncut, days of a day report included', () => {
    const report = range('2025-08-10', '2025-08-15');
    const days = periodsOverlapping(report.start, report.end, 'day', BERLIN);
    expect(days.map((day) => cutSpan(day, report))).toEqual([null, null, null, null, null]);
    const year = range('2025-01-01', '2026-01-01');
    expect(cutSpan(year, year)).toBeNull();
  });

  it('takes the peak and the lowest among whole periods: a cut month with more energy is neither', () => {
    const cut = { start: 0, end: 1 };
    const rows: (PeriodEnergy & { name: string })[] = [
      { name: 'cut January', energyKwh: 900, cut },
      { name: 'February', energyKwh: 500, cut: null },
      { name: 'March gap', energyKwh: null, cut: null },
      { name: 'April', energyKwh: 700, cut: null },
      { name: 'cut May', energyKwh: 10, cut },
    ];
    const extremes = wholePeriodExtremes(rows);
    expect(extremes.peak?.name).toBe('April');
    expect(extremes.lowest?.name).toBe('February');
    expect(extremes.cutWithValues).toBe(2);
  });

  it('names no peak when every period with values is cut, and says how many were left out', () => {
    const cut = { start: 0, end: 1 };
    expect(
      wholePeriodExtremes([
        { energyKwh: 10, cut },
        { energyKwh: 20, cut },
      ]),
    ).toEqual({ peak: null, lowest: null, cutWithValues: 2 });
  });

  it('gives the difference to the compared figure in kWh and as a share, exact to the Wh, none against a gap', () => {
    expect(energyDifference(110, 100)).toEqual({ kwh: 10, share: 0.1 });
    expect(energyDifference(0.1, 0.3)).toEqual({ kwh: -0.2, share: -2 / 3 });
    expect(energyDifference(5, 0)).toEqual({ kwh: 5, share: null });
    expect(energyDifference(null, 100)).toBeNull();
    expect(energyDifference(100, null)).toBeNull();
  });
});
