import { addDays, addMonthsClamped, type IsoDate, weekday } from './calendar-date.ts';
import { germanNationwideHolidays } from './german-holidays.ts';

export const CUSTOMER_TYPES = ['private', 'business', 'producer'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
const isCustomerType = (value: string): value is CustomerType =>
  (CUSTOMER_TYPES as readonly string[]).includes(value);
export const CHANGE_REASONS = ['E01', 'E02', 'E03'] as const;
export type ChangeReason = (typeof CHANGE_REASONS)[number];

export const DELIVERY_START_MESSAGES = {
  unknownCustomerType: 'unknown customer_type',
  unsupportedChangeReason: 'unsupported change_reason for selected customer_type',
  tooEarly: 'delivery start to this date is not possible',
} as const;

const ALLOWED_REASONS: Record<CustomerType, readonly ChangeReason[]> = {
  private: ['E01', 'E02', 'E03'],
  business: ['E01', 'E02', 'E03'],
  producer: ['E02', 'E03'],
};

/**
 * Working days of the market communication calendar: Monday to Friday except nationwide holidays and
 * 24 and 31 December (our decision, see domain-rules.md).
 */
export function isMarketWorkingDay(date: IsoDate): boolean {
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  const [year, monthDay] = [Number(date.slice(0, 4)), date.slice(5)];
  if (monthDay === '12-24' || monthDay === '12-31') return false;
  return !germanNationwideHolidays(year).includes(date);
}

export function nextMarketWorkingDay(after: IsoDate): IsoDate {
  let date = addDays(after, 1);
  while (!isMarketWorkingDay(date)) date = addDays(date, 1);
  return date;
}

export type EarliestDeliveryStart =
  | { ok: true; earliest: IsoDate }
  | { ok: false; detail: (typeof DELIVERY_START_MESSAGES)[keyof typeof DELIVERY_START_MESSAGES] };

/**
 * The earliest possible delivery start for a registration arriving "today" (Europe/Berlin date).
 * LFW24 (BK6-22-024): one full working day between arrival and start. A producer's change of direct
 * marketer (E03, §21c EEG) only on the first of a month announced before the previous month starts.
 */
export function earliestDeliveryStart(
  today: IsoDate,
  customerType: string,
  changeReason: string,
): EarliestDeliveryStart {
  if (!isCustomerType(customerType)) {
    return { ok: false, detail: DELIVERY_START_MESSAGES.unknownCustomerType };
  }
  const allowed = ALLOWED_REASONS[customerType];
  if (!(allowed as readonly string[]).includes(changeReason)) {
    return { ok: false, detail: DELIVERY_START_MESSAGES.unsupportedChangeReason };
  }
  if (customerType === 'producer' && changeReason === 'E03') {
    return { ok: true, earliest: addMonthsClamped(`${today.slice(0, 7)}-01`, 2) };
  }
  return { ok: true, earliest: addDays(nextMarketWorkingDay(today), 1) };
}

export type DeliveryStartVerdict =
  { ok: true } | { ok: false; detail: string; earliest_possible_delivery_start?: IsoDate };

/** The full check of the validation endpoint: type and reason first, then the date. */
export function checkDeliveryStart(
  today: IsoDate,
  preferred: IsoDate,
  customerType: string,
  changeReason: string,
): DeliveryStartVerdict {
  const earliest = earliestDeliveryStart(today, customerType, changeReason);
  if (!earliest.ok) return earliest;
  if (preferred < earliest.earliest) {
    return {
      ok: false,
      detail: DELIVERY_START_MESSAGES.tooEarly,
      earliest_possible_delivery_start: earliest.earliest,
    };
  }
  return { ok: true };
}
