/**
 * A time zone's UTC offsets, asked of `Intl` (the runtime's own tz database) once per UTC day and kept.
 *
 * Why: calendar periods need the offset at many instants. `formatToParts` costs ~12 µs a call; a year of
 * days asked that way took 20 ms, read from this cache it takes well under one. Offsets are exact to the
 * second: local mean time eras have offsets such as +00:53:28 (Europe/Berlin before 1893).
 *
 * Each UTC day records its offset at 00:00, 12:00 and the next 00:00. Where those agree the day is taken
 * to hold no changeover (two changes that cancel out within half a day do not occur in the tz database);
 * where they differ, the changeover second is found by bisection, 17 `Intl` calls at most per change.
 */
const SECOND = 1000;
const DAY = 86_400_000;
const HALF_DAY = DAY / 2;

/** Offsets of one UTC day: `offsets[k]` applies from `changes[k - 1]` (or the day's start) on. */
interface DayOffsets {
  readonly offsets: number[];
  readonly changes: number[];
}

// Keeps a browser that pans across centuries bounded: about 150 bytes per cached day.
const MAX_CACHED_DAYS = 200_000;

export class ZoneOffsets {
  private readonly days = new Map<number, DayOffsets>();
  private readonly secondOffsets = new Map<number, number>();

  constructor(private readonly formatter: Intl.DateTimeFormat) {}

  /** The offset from UTC at an instant, in milliseconds (east positive). */
  at(instant: number): number {
    const day = this.day(Math.floor(instant / DAY));
    const changes = day.changes;
    let index = 0;
    while (index < changes.length && instant >= changes[index]!) index++;
    return day.offsets[index]!;
  }

  /** The offsets that hold somewhere in [from, to]. May repeat one. */
  offsetsBetween(from: number, to: number, into: number[]): number[] {
    into.length = 0;
    into.push(this.at(from));
    for (let day = Math.floor(from / DAY); day <= Math.floor(to / DAY); day++) {
      const entry = this.day(day);
      for (let index = 0; index < entry.changes.length; index++) {
        const change = entry.changes[index]!;
        if (change > from && change <= to) into.push(entry.offsets[index + 1]!);
      }
    }
    return into;
  }

  /** The earliest changeover in (after, until], or NaN. */
  firstChangeIn(after: number, until: number): number {
    for (let day = Math.floor(after / DAY); day <= Math.floor(until / DAY); day++) {
      const changes = this.day(day).changes;
      for (let index = 0; index < changes.length; index++) {
        const change = changes[index]!;
        if (change > after && change <= until) return change;
      }
    }
    return NaN;
  }

  /** The latest changeover in (after, until], or NaN. */
  lastChangeIn(after: number, until: number): number {
    for (let day = Math.floor(until / DAY); day >= Math.floor(after / DAY); day--) {
      const changes = this.day(day).changes;
      for (let index = changes.length - 1; index >= 0; index--) {
        const change = changes[index]!;
        if (change > after && change <= until) return change;
      }
    }
    return NaN;
  }

  /** The changeover that skips the wall time (a spring gap), or NaN when the wall time exists. */
  gapEndFor(wallMs: number, windowFrom: number, windowTo: number): number {
    for (let day = Math.floor(windowFrom / DAY); day <= Math.floor(windowTo / DAY); day++) {
      const entry = this.day(day);
      for (let index = 0; index < entry.changes.length; index++) {
        const change = entry.changes[index]!;
        const before = entry.offsets[index]!;
        const after = entry.offsets[index + 1]!;
        if (after > before && wallMs >= change + before && wallMs < change + after) return change;
      }
    }
    return NaN;
  }

  private day(dayNumber: number): DayOffsets {
    let entry = this.days.get(dayNumber);
    if (entry) return entry;
    const start = dayNumber * DAY;
    const changes: number[] = [];
    const offsets = [this.offsetAtSecond(start)];
    this.findChanges(start, start + HALF_DAY, changes, offsets);
    this.findChanges(start + HALF_DAY, start + DAY, changes, offsets);
    entry = { offsets, changes };
    if (this.days.size >= MAX_CACHED_DAYS) {
      this.days.clear();
      this.secondOffsets.clear();
    }
    this.days.set(dayNumber, entry);
    return entry;
  }

  /**
   * Appends the changeovers in (from, to] to `changes` and the offsets they start to `offsets`, whose last
   * element is the offset at `from`. Each pass bisects to the first change; a further one, if the offset
   * reached is not yet the one at `to`, is searched after it.
   */
  private findChanges(from: number, to: number, changes: number[], offsets: number[]): void {
    const target = this.offsetAtSecond(to);
    let low = from;
    let current = offsets[offsets.length - 1]!;
    while (current !== target) {
      // Invariant: the offset at `low` is `current`, at `high` it is not.
      let high = to;
      while (high - low > SECOND) {
        const middle = low + Math.floor((high - low) / 2 / SECOND) * SECOND;
        if (this.offsetAtSecond(middle) === current) low = middle;
        else high = middle;
      }
      current = this.offsetAtSecond(high);
      changes.push(high);
      offsets.push(current);
      low = high;
    }
  }

  /** `Intl`'s offset at a whole second: the wall clock it shows, read as UTC, minus the instant. */
  private offsetAtSecond(instant: number): number {
    const cached = this.secondOffsets.get(instant);
    if (cached !== undefined) return cached;
    let year = 0;
    let month = 0;
    let day = 0;
    let hour = 0;
    let minute = 0;
    let second = 0;
    let isBeforeCommonEra = false;
    for (const part of this.formatter.formatToParts(instant)) {
      if (part.type === 'year') year = Number(part.value);
      else if (part.type === 'month') month = Number(part.value);
      else if (part.type === 'day') day = Number(part.value);
      else if (part.type === 'hour') hour = Number(part.value);
      else if (part.type === 'minute') minute = Number(part.value);
      else if (part.type === 'second') second = Number(part.value);
      else if (part.type === 'era') isBeforeCommonEra = part.value.startsWith('B');
    }
    const wall = new Date(0);
    // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as they are.
    wall.setUTCFullYear(isBeforeCommonEra ? 1 - year : year, month - 1, day);
    wall.setUTCHours(hour, minute, second, 0);
    const offset = wall.getTime() - instant;
    this.secondOffsets.set(instant, offset);
    return offset;
  }
}

const zones = new Map<string, ZoneOffsets>();

/** The zone's offset cache; throws a RangeError for a zone the runtime does not know. */
export function zoneOffsets(timeZone: string): ZoneOffsets {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = new ZoneOffsets(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
    );
    zones.set(timeZone, zone);
  }
  return zone;
}
