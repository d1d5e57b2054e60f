import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import {
  barShift,
  barWidth,
  labelsThatFit,
  periodTick,
  tickIndexes,
  tickLabel,
  timeTicks,
  type TickStyle,
} from './chart-ticks.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

const narrow: TickStyle = {
  aggregation: 'day',
  compact: true,
  oneYear: true,
  spanDays: 7,
  timeZone: 'Europe/Berlin',
  locale: 'en-US',
};

describe('the chart’s x-axis ticks', () => {
  it('are as many as fit without touching, evenly spaced from the first period', () => {
    // A 390 px phone leaves a plot of about 280 px: ISO dates (10 characters) fit three times.
    expect(labelsThatFit(280, 10)).toBe(3);
    expect(tickIndexes(7, 3)).toEqual([0, 3, 6]);
    expect(tickIndexes(12, 12)).toEqual([...Array(12).keys()]);
    expect(tickIndexes(365, 4)).toEqual([0, 92, 184, 276]);
    expect(labelsThatFit(10, 10)).toBe(1);
    expect(tickIndexes(0, 3)).toEqual([]);
  });

  it('name periods briefly in a narrow plot, in the UI language', () => {
    expect(tickLabel('2025-08-10', narrow)).toBe('Aug 10');
    expect(tickLabel('2025-08-10', { ...narrow, locale: 'de-DE' })).toBe('10. Aug.');
    expect(tickLabel('2025-08-10', { ...narrow, oneYear: false })).toBe('Aug 10, 25');
    expect(tickLabel('2025-03', { ...narrow, aggregation: 'month' })).toBe('Mar');
    expect(tickLabel('2025-10', { ...narrow, aggregation: 'month', locale: 'de-DE' })).toBe('Okt');
    expect(tickLabel('2025', { ...narrow, aggregation: 'year' })).toBe('2025');
    expect(tickLabel('2025-W33', { ...narrow, aggregation: 'week' })).toBe('W33');
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(tickLabel('2025-W33', { ...narrow, aggregation: 'week', locale: 'de-DE' })).toBe('KW 33');
  });

  it('keep the full ISO label where there is room, and times of day within a day', () => {
    expect(tickLabel('2025-08-10', { ...narrow, compact: false })).toBe('2025-08-10');
    expect(tickLabel('2025-10-26 02:00 +01:00', { ...narrow, aggregation: 'hour', spanDays: 1 })).toBe(
      '02:00',
    );
    expect(
      tickLabel('2025-10-26 02:00 +01:00', { ...narrow, aggregation: 'hour', spanDays: 3, compact: false }),
    ).toBe('Oct 26 02:00');
    expect(
      tickLabel(Date.parse('2025-08-10T12:15:00Z'), { ...narrow, aggregation: 'raw', spanDays: 1 }),
    ).toBe('14:15');
  });

  it('label a lone period once: nothing between whole positions', () => {
    const wide = { ...narrow, aggregation: 'year' as const, compact: false };
    const labels = [-0.5, -0.25, 0, 0.25, 0.5].map((position) => periodTick(position, () => '2025', wide));
    expect(labels.filter(Boolean)).toEqual(['2025']);
    expect(periodTick(3, () => undefined, wide)).toBe('');
  });
});

describe('raw values’ ticks', () => {
  it('fall on the zone’s first days of months, as many as fit', () => {
    const first = Date.parse('2024-12-31T23:00:00Z');
    const last = Date.parse('2025-12-31T22:45:00Z');
    const ticks = timeTicks(first, last, 365, 'Europe/Berlin', 6);
    expect(ticks.map((tick) => new Date(tick).toISOString())).toEqual([
      '2024-12-31T23:00:00.000Z',
      '2025-02-28T23:00:00.000Z',
      '2025-04-30T22:00:00.000Z',
      '2025-06-30T22:00:00.000Z',
      '2025-08-31T22:00:00.000Z',
      '2025-10-31T23:00:00.000Z',
    ]);
    // A day's last raw value starts at 23:45: its 24 full hours.
    expect(timeTicks(first, first + 86_400_000 - 900_000, 1, 'UTC', 100)).toHaveLength(24);
  });
});

describe('the chart’s bars', () => {
  it('give a lone period its share of the plot, and every bar at least a pixel', () => {
    expect(barWidth(1000, 1, false)).toBe(800);
    expect(barWidth(1000, 1, true)).toBe(400);
    // Two bars per period keep within their band: 4 px apart where it has room, side by side where not.
    expect(barShift(1000, 1, 400)).toBe(202);
    expect(barShift(1000, 365, barWidth(1000, 365, true))).toBe(0.5);
    expect(barShift(248, 31, barWidth(248, 31, true))).toBe(1.5);
    expect(barWidth(1000, 365, false)).toBe(2);
    expect(barWidth(1000, 8760, false)).toBe(1);
  });
});
