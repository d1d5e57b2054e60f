import { addDays, type IsoDate } from './calendar-date.ts';

/**
 * Easter Sunday (Gregorian) by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). Computed, not
 * tabulated, so every year works. A dependency such as date-holidays would add ~200 KB of rules for
 * the nine nationwide dates we need.
 */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Nationwide German public holidays of a year. */
export function germanNationwideHolidays(year: number): IsoDate[] {
  const easter = easterSunday(year);
  return [
    `${year}-01-01`, // New Year
    addDays(easter, -2), // Good Friday
    addDays(easter, 1), // Easter Monday
    `${year}-05-01`, // Labour Day
    addDays(easter, 39), // Ascension
    addDays(easter, 50), // Whit Monday
    `${year}-10-03`, // German Unity Day
    `${year}-12-25`,
    `${year}-12-26`,
  ];
}
