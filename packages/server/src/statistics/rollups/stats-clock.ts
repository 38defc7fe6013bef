/** The periods the roll-ups keep: minute, hour and calendar day of the statistics timezone. */
export type Grain = 'm' | 'h' | 'd';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

/**
 * Calendar arithmetic in one IANA timezone (STATS_TIMEZONE): the start of the minute, hour, day or
 * week (Monday) holding an instant, and the labels of days and hours. Offsets come from Intl and
 * are remembered per UTC hour, since rolling up thousands of rows asks the same few hours again.
 */
export class StatsClock {
  private readonly format: Intl.DateTimeFormat;
  private readonly offsets = new Map<number, number>();

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  }

  /** Seconds to add to a UTC instant to read the wall clock of the timezone at that instant. */
  offsetAt(ts: number): number {
    const hour = Math.floor(ts / HOUR);
    let offset = this.offsets.get(hour);
    if (offset === undefined) {
      // Every offset in use is a whole number of minutes: read it at the start of the UTC hour.
      offset = this.wallClock(hour * HOUR) - hour * HOUR;
      if (this.offsets.size > 100_000) this.offsets.clear();
      this.offsets.set(hour, offset);
    }
    return offset;
  }

  /** The start (unix seconds) of the minute, hour or day holding `ts`. */
  start(ts: number, grain: Grain): number {
    if (grain === 'm') return ts - mod(ts, MINUTE);
    const offset = this.offsetAt(ts);
    const local = ts + offset;
    if (grain === 'h') return local - mod(local, HOUR) - offset;
    // Midnight may have another offset than `ts` (a daylight-saving change during the day).
    const midnight = local - mod(local, DAY);
    return midnight - this.offsetAt(midnight - offset);
  }

  /** The start of the week (Monday) holding `ts`. */
  weekStart(ts: number): number {
    const day = this.start(ts, 'd');
    const weekday = new Date((day + this.offsetAt(day)) * 1000).getUTCDay(); // 0 Sunday
    const back = (weekday + 6) % 7;
    return back === 0 ? day : this.start(day - back * DAY + HOUR * 12, 'd');
  }

  /** `YYYY-MM-DD`, or `YYYY-MM-DD HH:00` for an hour. */
  label(bucket: number, grain: 'd' | 'h'): string {
    const wall = new Date((bucket + this.offsetAt(bucket)) * 1000).toISOString();
    return grain === 'd' ? wall.slice(0, 10) : `${wall.slice(0, 10)} ${wall.slice(11, 13)}:00`;
  }

  /** The wall clock at `ts`, read as if it were UTC (unix seconds). */
  private wallClock(ts: number): number {
    const parts = Object.fromEntries(this.format.formatToParts(new Date(ts * 1000)).map((part) => [part.type, part.value]));
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) / 1000;
  }
}

function mod(value: number, by: number): number {
  return ((value % by) + by) % by;
}
