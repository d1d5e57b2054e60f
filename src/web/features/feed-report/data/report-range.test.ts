import { describe, expect, it } from 'vitest';
import {
  currentRange,
  defaultAggregation,
  matchingPreset,
  pointCount,
  presetRange,
  rangeProblem,
  rangeQuery,
  stepRange,
  withinPointLimit,
} from './report-range.ts';
import { reportSearchSchema } from './report-search.ts';

const TODAY = '2025-08-13'; // a Wednesday

describe('report ranges', () => {
  it('gives every preset as whole calendar units in the zone', () => {
    expect(presetRange('today', TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(presetRange('yesterday', TODAY)).toEqual({ from: '2025-08-12', to: '2025-08-12' });
    expect(presetRange('this-week', TODAY)).toEqual({ from: '2025-08-11', to: '2025-08-17' });
    expect(presetRange('last-week', TODAY)).toEqual({ from: '2025-08-04', to: '2025-08-10' });
    expect(presetRange('this-month', TODAY)).toEqual({ from: '2025-08-01', to: '2025-08-31' });
    expect(presetRange('last-month', '2025-03-31')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(presetRange('this-year', TODAY)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(presetRange('last-year', TODAY)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(presetRange('last-7-days', TODAY)).toEqual({ from: '2025-08-07', to: TODAY });
    expect(presetRange('last-30-days', TODAY)).toEqual({ from: '2025-07-15', to: TODAY });
    expect(matchingPreset({ from: '2025-08-01', to: '2025-08-31' }, TODAY)).toBe('this-month');
    expect(matchingPreset({ from: '2025-08-02', to: '2025-08-31' }, TODAY)).toBeNull();
  });

  it('steps by the range’s own calendar length: months by months, weeks and days by days', () => {
    expect(stepRange({ from: '2025-02-01', to: '2025-02-28' }, 1)).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
    });
    expect(stepRange({ from: '2025-03-01', to: '2025-03-31' }, -1)).toEqual({
      from: '2025-02-01',
      to: '2025-02-28',
    });
    expect(stepRange({ from: '2024-01-01', to: '2024-12-31' }, 1)).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(stepRange({ from: '2025-01-01', to: '2025-03-31' }, 1)).toEqual({
      from: '2025-04-01',
      to: '2025-06-30',
    });
    // A week across the year boundary steps to the next week.
    expect(stepRange({ from: '2024-12-30', to: '2025-01-05' }, 1)).toEqual({
      from: '2025-01-06',
      to: '2025-01-12',
    });
    expect(stepRange({ from: '2025-08-10', to: '2025-08-14' }, -1)).toEqual({
      from: '2025-08-05',
      to: '2025-08-09',
    });
  });

  it('returns to the current period of the same kind with "now"', () => {
    expect(currentRange({ from: '2024-02-01', to: '2024-02-29' }, TODAY)).toEqual({
      from: '2025-08-01',
      to: '2025-08-31',
    });
    expect(currentRange({ from: '2024-01-01', to: '2024-12-31' }, TODAY)).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(currentRange({ from: '2024-12-30', to: '2025-01-05' }, TODAY)).toEqual({
      from: '2025-08-11',
      to: '2025-08-17',
    });
    expect(currentRange({ from: '2025-01-01', to: '2025-03-31' }, TODAY)).toEqual({
      from: '2025-07-01',
      to: '2025-09-30',
    });
    expect(currentRange({ from: '2025-02-01', to: '2025-03-31' }, TODAY)).toEqual({
      from: '2025-07-01',
      to: '2025-08-31',
    });
    expect(currentRange({ from: '2025-01-10', to: '2025-01-14' }, TODAY)).toEqual({
      from: '2025-08-09',
      to: TODAY,
    });
  });

  it('picks a readable default aggregation and counts points before fetching', () => {
    expect(defaultAggregation({ from: TODAY, to: TODAY })).toBe('hour');
    expect(defaultAggregation(presetRange('last-30-days', TODAY))).toBe('day');
    expect(defaultAggregation({ from: '2025-01-01', to: '2025-03-31' })).toBe('week');
    expect(defaultAggregation(presetRange('this-year', TODAY))).toBe('month');
    expect(defaultAggregation({ from: '2020-01-01', to: '2025-12-31' })).toBe('year');
    const year = { from: '2025-01-01', to: '2025-12-31' };
    expect(pointCount(year, 'raw', 'Europe/Berlin')).toBe(35_040);
    expect(pointCount(year, 'hour', 'Europe/Berlin')).toBe(8760);
    expect(pointCount(year, 'day', 'Asia/Kolkata')).toBe(365);
    expect(pointCount({ from: '2000-01-01', to: '2025-12-31' }, 'raw', 'UTC')).toBeGreaterThan(50_000);
  });

  it('tells whether a view is within the limit of points, counting periods only near it', () => {
    const fourYears = { from: '2022-01-01', to: '2025-12-31' };
    const fiveYears = { from: '2021-01-01', to: '2025-12-31' };
    expect(withinPointLimit(fourYears, 'raw', 'Europe/Berlin')).toBe(true);
    expect(withinPointLimit(fiveYears, 'raw', 'Europe/Berlin')).toBe(false);
    // A year of hours: 8,760 periods, far within, with or without a count.
    expect(withinPointLimit({ from: '2025-01-01', to: '2025-12-31' }, 'hour', 'Australia/Lord_Howe')).toBe(
      true,
    );
    // 16 years of hours (140,256 in Berlin) are near the limit of 140,544: counted, and within.
    const sixteenYears = { from: '2010-01-01', to: '2025-12-31' };
    expect(pointCount(sixteenYears, 'hour', 'Europe/Berlin')).toBe(140_256);
    expect(withinPointLimit(sixteenYears, 'hour', 'Europe/Berlin')).toBe(true);
    expect(withinPointLimit({ from: '2009-01-01', to: '2025-12-31' }, 'hour', 'Europe/Berlin')).toBe(false);
  });

  it('turns the local dates into the API’s UTC bounds, DST included', () => {
    expect(rangeQuery({ from: '2025-03-30', to: '2025-03-30' }, 'Europe/Berlin')).toEqual({
      start: '2025-03-29T23:00:00Z',
      end: '2025-03-30T22:00:00Z',
    });
    expect(rangeQuery({ from: '2025-11-02', to: '2025-11-02' }, 'America/New_York')).toEqual({
      start: '2025-11-02T04:00:00Z',
      end: '2025-11-03T05:00:00Z',
    });
  });

  it('says what is wrong with typed dates', () => {
    expect(rangeProblem({ from: '', to: '2025-01-01' })?.message).toMatch(/first day/);
    expect(rangeProblem({ from: '2025-02-30', to: '2025-03-01' })?.message).toMatch(/first day/);
    expect(rangeProblem({ from: '2025-03-02', to: '2025-03-01' })).toEqual({
      field: 'to',
      message: 'The last day must not be before the first day.',
    });
    expect(rangeProblem({ from: '1700-01-01', to: '1700-01-02' })?.message).toMatch(/1800/);
    expect(rangeProblem({ from: '2025-03-01', to: '2025-03-01' })).toBeNull();
  });
});

describe('report URL', () => {
  it('round-trips every control, and falls back to defaults for what it cannot read', () => {
    const search = {
      user: 'P1000',
      contract: 'C1000',
      from: '2025-08-10',
      to: '2025-08-14',
      agg: 'day',
      tz: 'Europe/Berlin',
      compare: 'previous',
      capacity_kw: 750,
    };
    expect(reportSearchSchema.parse(search)).toEqual(search);
    expect(reportSearchSchema.parse(reportSearchSchema.parse(search))).toEqual(search);
    expect(
      reportSearchSchema.parse({ user: 1000, agg: 'minute', from: 'yesterday', capacity_kw: -3 }),
    ).toEqual({
      user: '1000',
      agg: undefined,
      from: undefined,
      capacity_kw: undefined,
    });
  });
});
