import { afterEach, describe, expect, it, vi } from 'vitest';
import { openingNow, reportEntered } from './report-entered.ts';

afterEach(() => vi.useRealTimers());

describe('openingNow', () => {
  it('opens the page at the instant the route entered the report, if that was just now', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T23:59:59.500Z') });
    reportEntered(Date.now());
    vi.advanceTimersByTime(900); // past midnight by the time the page opens
    expect(openingNow()).toBe(Date.parse('2026-11-24T23:59:59.500Z'));
  });

  it('opens at the clock when the route entered long before (the page opened again without it)', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T08:00:00Z') });
    reportEntered(Date.now());
    vi.advanceTimersByTime(3 * 3_600_000);
    expect(openingNow()).toBe(Date.parse('2026-11-24T11:00:00Z'));
  });
});
