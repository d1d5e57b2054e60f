import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dateInZone } from './calendar-date.ts';
import {
  checkDeliveryStart,
  DELIVERY_START_MESSAGES,
  earliestDeliveryStart,
  isMarketWorkingDay,
  nextMarketWorkingDay,
} from './delivery-start.ts';
import { easterSunday, germanNationwideHolidays } from './german-holidays.ts';
import { loadIdentifierVectors } from './testing/identifier-vectors.ts';

describe('earliestDeliveryStart', () => {
  it.each(loadIdentifierVectors().delivery_start_private_E03)(
    'private E03 on $today → $earliest',
    ({ today, earliest }) => {
      expect(earliestDeliveryStart(today, 'private', 'E03')).toEqual({ ok: true, earliest });
    },
  );

  it('treats business like private, for every reason', () => {
    for (const reason of ['E01', 'E02', 'E03']) {
      expect(earliestDeliveryStart('2025-06-20', 'business', reason)).toEqual({
        ok: true,
        earliest: '2025-06-24',
      });
    }
  });

  it('gives producers E02 the working-day rule and E03 the first of the month after next', () => {
    expect(earliestDeliveryStart('2025-06-16', 'producer', 'E02')).toEqual({
      ok: true,
      earliest: '2025-06-18',
    });
    expect(earliestDeliveryStart('2025-06-16', 'producer', 'E03')).toEqual({
      ok: true,
      earliest: '2025-08-01',
    });
    expect(earliestDeliveryStart('2025-11-30', 'producer', 'E03')).toEqual({
      ok: true,
      earliest: '2026-01-01',
    });
    expect(earliestDeliveryStart('2025-12-01', 'producer', 'E03')).toEqual({
      ok: true,
      earliest: '2026-02-01',
    });
  });

  it('rejects unknown customer types before reasons, and producer E01', () => {
    expect(earliestDeliveryStart('2025-06-16', 'household', 'E09')).toEqual({
      ok: false,
      detail: DELIVERY_START_MESSAGES.unknownCustomerType,
    });
    expect(earliestDeliveryStart('2025-06-16', 'producer', 'E01')).toEqual({
      ok: false,
      detail: DELIVERY_START_MESSAGES.unsupportedChangeReason,
    });
    expect(earliestDeliveryStart('2025-06-16', 'private', 'E04')).toEqual({
      ok: false,
      detail: DELIVERY_START_MESSAGES.unsupportedChangeReason,
    });
  });

  it('always leaves one full working day between today and the start', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (instant) => {
          const today = instant.toISOString().slice(0, 10);
          const result = earliestDeliveryStart(today, 'private', 'E01');
          if (!result.ok) throw new Error('private E01 must be allowed');
          const workingDay = addDays(result.earliest, -1);
          expect(isMarketWorkingDay(workingDay)).toBe(true);
          for (let day = addDays(today, 1); day < workingDay; day = addDays(day, 1)) {
            expect(isMarketWorkingDay(day)).toBe(false);
          }
        },
      ),
    );
  });
});

describe('checkDeliveryStart', () => {
  it('accepts the earliest date and later, refuses earlier with the earliest date', () => {
    expect(checkDeliveryStart('2025-06-20', '2025-06-24', 'private', 'E03')).toEqual({ ok: true });
    expect(checkDeliveryStart('2025-06-20', '2026-01-01', 'private', 'E03')).toEqual({ ok: true });
    expect(checkDeliveryStart('2025-06-20', '2025-06-23', 'private', 'E03')).toEqual({
      ok: false,
      detail: DELIVERY_START_MESSAGES.tooEarly,
      earliest_possible_delivery_start: '2025-06-24',
    });
  });

  it('reports the type problem even for a too-early date', () => {
    expect(checkDeliveryStart('2025-06-20', '2000-01-01', 'nobody', 'E03')).toEqual({
      ok: false,
      detail: DELIVERY_START_MESSAGES.unknownCustomerType,
    });
  });
});

describe('German holidays and working days', () => {
  it('computes Easter for known years', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('lists the nine nationwide holidays, Easter-based ones included', () => {
    expect(germanNationwideHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-05-14',
      '2026-05-25',
      '2026-10-03',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('excludes weekends, holidays, 24 and 31 December', () => {
    expect(isMarketWorkingDay('2026-05-14')).toBe(false);
    expect(isMarketWorkingDay('2026-05-16')).toBe(false);
    expect(isMarketWorkingDay('2025-12-24')).toBe(false);
    expect(isMarketWorkingDay('2025-12-31')).toBe(false);
    expect(isMarketWorkingDay('2025-12-29')).toBe(true);
    expect(nextMarketWorkingDay('2025-12-23')).toBe('2025-12-29');
  });

  it('reads the Berlin date of an instant', () => {
    expect(dateInZone(new Date('2025-06-15T22:30:00Z'), 'Europe/Berlin')).toBe('2025-06-16');
  });
});
