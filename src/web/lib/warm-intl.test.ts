import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntl } from './warm-intl.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('warmIntl', () => {
  it('sets up a number format and a zone in tasks of their own, not in the task that asks', async () => {
    // Loaded before the clock is faked: the module loader's own timers would be faked too.
    await import('../../contract/zone-offsets.ts');
    vi.useFakeTimers();
    const made: string[] = [];
    const { NumberFormat, DateTimeFormat } = Intl;
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (locale, options) {
      made.push(`number ${String(locale)}`);
      return new NumberFormat(locale, options);
    });
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locale, options) {
      made.push(`date ${String(locale)} ${options?.timeZone ?? ''}`);
      return new DateTimeFormat(locale, options);
    });
    warmIntl('de-DE');
    expect(made).toEqual([]);
    expect(vi.getTimerCount()).toBe(2);
    vi.runOnlyPendingTimers();
    expect(made).toEqual(['number de-DE']);
    // The zone's code loads in its task (it is not the shell's), then makes the formatter.
    await vi.waitFor(() => expect(made).toEqual(['number de-DE', 'date en-US Europe/Berlin']));
  });
});
