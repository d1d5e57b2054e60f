import { describe, expect, it } from 'vitest';
import {
  comparedRange,
  createSharedReportSchema,
  defaultExpiry,
  expiryOfDay,
  expiryProblem,
  rangeQueryOf,
  shareFormSchema,
} from './shared-reports.ts';

const NOW = Date.parse('2026-11-29T10:00:00Z');
const DAY_MS = 24 * 60 * 60_000;

describe('the range a shared report compares with', () => {
  it('steps whole months by months and other ranges by days, as the staff report does', () => {
    expect(comparedRange({ from: '2025-03-01', to: '2025-03-31' }, 'previous')).toEqual({
      from: '2025-02-01',
      to: '2025-02-28',
    });
    expect(comparedRange({ from: '2025-01-01', to: '2025-03-31' }, 'previous')).toEqual({
      from: '2024-10-01',
      to: '2024-12-31',
    });
    expect(comparedRange({ from: '2025-08-10', to: '2025-08-14' }, 'previous')).toEqual({
      from: '2025-08-05',
      to: '2025-08-09',
    });
    expect(comparedRange({ from: '2024-02-29', to: '2024-02-29' }, 'year')).toEqual({
      from: '2023-02-28',
      to: '2023-02-28',
    });
    expect(comparedRange({ from: '2025-08-10', to: '2025-08-14' }, null)).toBeNull();
  });

  it('asks the platform from local midnight to local midnight, 23 or 25 hours on DST days', () => {
    expect(rangeQueryOf({ from: '2025-10-26', to: '2025-10-26' }, 'Europe/Berlin')).toEqual({
      start: '2025-10-25T22:00:00Z',
      end: '2025-10-26T23:00:00Z',
    });
  });
});

describe('a shared report link’s expiry', () => {
  it('defaults to 30 days and may be at most a year ahead, never in the past', () => {
    expect(defaultExpiry(NOW)).toBe(new Date(NOW + 30 * DAY_MS).toISOString());
    expect(expiryProblem(new Date(NOW + 365 * DAY_MS).toISOString(), NOW)).toBeNull();
    expect(expiryProblem(new Date(NOW + 367 * DAY_MS).toISOString(), NOW)).toMatch(/at most a year/);
    expect(expiryProblem(new Date(NOW - 1).toISOString(), NOW)).toMatch(/future/);
    expect(expiryProblem('someday', NOW)).toMatch(/date and time/);
    expect(expiryOfDay('2026-12-29')).toBe('2026-12-30T00:00:00Z');
  });

  it('takes a note of whom it is for without control characters', () => {
    expect(shareFormSchema.safeParse({ expires_on: '2026-12-29', note: 'the owner' }).success).toBe(true);
    expect(shareFormSchema.safeParse({ expires_on: '2026-12-29', note: 'a\nb' }).success).toBe(false);
    expect(shareFormSchema.safeParse({ expires_on: '2026-02-30', note: '' }).success).toBe(false);
  });

  it('refuses a report the console could not show', () => {
    const report = {
      user: 'P1000',
      contract: 'C1000',
      from: '2025-08-10',
      to: '2025-08-14',
      agg: 'day',
      tz: 'UTC',
    };
    expect(createSharedReportSchema.safeParse(report).success).toBe(true);
    expect(createSharedReportSchema.safeParse({ ...report, to: '2025-08-09' }).success).toBe(false);
    expect(createSharedReportSchema.safeParse({ ...report, to: '2026-08-14' }).success).toBe(false);
    expect(createSharedReportSchema.safeParse({ ...report, tz: 'Nowhere/City' }).success).toBe(false);
  });
});
