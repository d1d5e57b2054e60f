import { isKnownTimeZone, formatOffset, offsetMsAt } from '../../contract/time-zone-periods.ts';

/**
 * Names the runtime accepts but `Intl.supportedValuesOf` may not list. It lists one name per zone, and
 * which one differs: Node lists `Asia/Kolkata`, Chromium's ICU `Asia/Calcutta`. So both the current names
 * of renamed zones and the tz database's `backward` links (legacy names staff meet in exports and old
 * systems, which the platform accepts) are added where the runtime knows them.
 */
const EXTRA_NAMES = [
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Ho_Chi_Minh',
  'Asia/Yangon',
  'Asia/Dhaka',
  'Asia/Thimphu',
  'Asia/Ulaanbaatar',
  'Asia/Macau',
  'Europe/Kyiv',
  'America/Nuuk',
  'America/Atikokan',
  'America/Argentina/Buenos_Aires',
  'America/Argentina/Cordoba',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'Atlantic/Faroe',
  'Pacific/Kanton',
  'Pacific/Chuuk',
  'Pacific/Pohnpei',
  'UTC',
  'GMT',
  'Etc/UTC',
  'Etc/GMT',
  ...Array.from({ length: 26 }, (_, index) => index - 14)
    .filter((hours) => hours !== 0)
    .map((hours) => `Etc/GMT${hours > 0 ? '+' : ''}${hours}`),
  'US/Eastern',
  'US/Central',
  'US/Mountain',
  'US/Pacific',
  'US/Alaska',
  'US/Hawaii',
  'US/Arizona',
  'US/Aleutian',
  'US/East-Indiana',
  'US/Michigan',
  'US/Samoa',
  'Canada/Atlantic',
  'Canada/Central',
  'Canada/Eastern',
  'Canada/Mountain',
  'Canada/Newfoundland',
  'Canada/Pacific',
  'Canada/Saskatchewan',
  'Europe/Kiev',
  'Europe/Belfast',
  'Asia/Calcutta',
  'Asia/Katmandu',
  'Asia/Saigon',
  'Asia/Rangoon',
  'Asia/Istanbul',
  'America/Buenos_Aires',
  'Australia/ACT',
  'Australia/NSW',
  'Brazil/East',
  'Mexico/General',
  'CET',
  'EET',
  'MET',
  'WET',
  'EST',
  'MST',
  'HST',
  'EST5EDT',
  'CST6CDT',
  'MST7MDT',
  'PST8PDT',
  'GB',
  'NZ',
  'Japan',
  'Turkey',
  'Iceland',
  'Egypt',
  'Israel',
  'Singapore',
  'Hongkong',
  'PRC',
  'ROC',
  'ROK',
  'Poland',
  'Portugal',
  'Eire',
  'Zulu',
  'Universal',
];

let names: string[] | null = null;

/** Every zone name the runtime lists, plus the extra names it accepts, sorted. */
export function timeZoneNames(): string[] {
  if (!names) {
    const extra = EXTRA_NAMES.filter((name) => isKnownTimeZone(name));
    names = [...new Set([...Intl.supportedValuesOf('timeZone'), ...extra])].sort();
  }
  return names;
}

/** `UTC+05:30` at the instant. */
export function utcOffsetLabel(timeZone: string, instant: number): string {
  return `UTC${formatOffset(offsetMsAt(instant, timeZone))}`;
}

const normalise = (text: string) => text.toLowerCase().replace(/[_/]+/g, ' ').trim();

/** Names containing the typed text anywhere ("york" finds America/New_York, "gmt+1" Etc/GMT+1). */
export function matchingZones(query: string, limit: number): { matches: string[]; total: number } {
  const needle = normalise(query);
  const all = timeZoneNames();
  const found = needle ? all.filter((name) => normalise(name).includes(needle)) : all;
  return { matches: found.slice(0, limit), total: found.length };
}

let browserZone: string | undefined;

/**
 * The zone the browser's clock is set to, read once per page: building a date format to ask costs ~5 ms,
 * and the report asks on every redraw.
 */
export function browserTimeZone(): string {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browserZone;
}
