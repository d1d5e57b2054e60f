import { addDays } from '../../contract/calendar-date.ts';
import { startOfLocalDate } from '../../contract/time-zone-periods.ts';

/**
 * Deterministic, realistic 15-minute feed-in values (integer Wh). Same seed → same values, so tests and
 * benchmarks see the same data on every machine.
 */
export const FEED_ZONE = 'Europe/Berlin';
export const FEED_FIRST_DAY = '2024-01-01';
export const FEED_END_DAY = '2027-01-01'; // exclusive: values through 2026-12-31 (Europe/Berlin)
export const INTERVAL_MINUTES = 15;

export interface FeedSeries {
  startMin: Int32Array;
  wh: Int32Array;
}

export interface FeedProfile {
  kind: 'pv' | 'wind';
  seed: number;
  /** Local dates (FEED_ZONE) on which the meter operator delivered nothing. */
  missingDays: readonly string[];
}

/** mulberry32: tiny, fast, good enough for weather noise. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const DEG = Math.PI / 180;
const PV_PEAK_KW = 9.8;
const PV_LATITUDE = 51.3;
const PV_LONGITUDE = 9.5;

/** Solar elevation (sine) at an instant, from declination and hour angle: accurate to a degree or so. */
function sunElevationSine(instantMs: number): number {
  const date = new Date(instantMs);
  const startOfYear = Date.UTC(date.getUTCFullYear(), 0, 1);
  const dayOfYear = (instantMs - startOfYear) / 86_400_000;
  const declination = 23.44 * DEG * Math.sin((2 * Math.PI * (dayOfYear - 80.75)) / 365.25);
  const solarHours = ((instantMs / 3_600_000) % 24) + PV_LONGITUDE / 15;
  const hourAngle = (solarHours - 12) * 15 * DEG;
  return (
    Math.sin(PV_LATITUDE * DEG) * Math.sin(declination) +
    Math.cos(PV_LATITUDE * DEG) * Math.cos(declination) * Math.cos(hourAngle)
  );
}

const WIND_RATED_KW = 3000;

function windPowerKw(speed: number): number {
  if (speed < 3 || speed >= 25) return 0;
  if (speed >= 12.5) return WIND_RATED_KW;
  return WIND_RATED_KW * ((speed - 3) / 9.5) ** 3;
}

export function generateFeedSeries(profile: FeedProfile): FeedSeries {
  const first = startOfLocalDate(FEED_FIRST_DAY, FEED_ZONE);
  const end = startOfLocalDate(FEED_END_DAY, FEED_ZONE);
  const step = INTERVAL_MINUTES * 60_000;
  const capacity = Math.round((end - first) / step);
  const gaps = profile.missingDays.map(
    (day) => [startOfLocalDate(day, FEED_ZONE), startOfLocalDate(addDays(day, 1), FEED_ZONE)] as const,
  );
  const startMin = new Int32Array(capacity);
  const wh = new Int32Array(capacity);
  const random = mulberry32(profile.seed);
  let count = 0;
  // Weather state: a daily cloud cover for PV, an AR(1) wind speed with seasonal mean for wind.
  let cloudDay = -1;
  let cloudCover = 0;
  let windSpeed = 7;
  for (let instant = first; instant < end; instant += step) {
    let kw: number;
    if (profile.kind === 'pv') {
      const day = Math.floor(instant / 86_400_000);
      if (day !== cloudDay) {
        cloudDay = day;
        const roll = random();
        cloudCover = roll < 0.3 ? 0.05 * random() : roll < 0.7 ? 0.3 + 0.4 * random() : 0.75 + 0.2 * random();
      }
      const elevation = sunElevationSine(instant + step / 2);
      const flicker = cloudCover > 0.2 ? 1 - cloudCover * (0.6 + 0.4 * random()) : 1 - 0.03 * random();
      kw = elevation <= 0 ? 0 : PV_PEAK_KW * 0.92 * elevation ** 1.15 * Math.max(0, flicker);
    } else {
      const dayOfYear = (instant - Date.UTC(new Date(instant).getUTCFullYear(), 0, 1)) / 86_400_000;
      const seasonalMean = 7 + 2.2 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25);
      windSpeed = Math.max(0, windSpeed + 0.04 * (seasonalMean - windSpeed) + 0.55 * gaussian(random));
      const gust = Math.max(0, windSpeed + 0.9 * gaussian(random));
      kw = windPowerKw(gust);
    }
    if (gaps.some(([from, to]) => instant >= from && instant < to)) continue;
    startMin[count] = instant / 60_000;
    wh[count] = Math.round(kw * 250); // kW over 15 minutes = kW * 0.25 h * 1000 Wh/kWh
    count++;
  }
  return { startMin: startMin.subarray(0, count), wh: wh.subarray(0, count) };
}
