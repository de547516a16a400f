/**
 * Wall-clock times in a ward's time zone, with the platform's Intl only (no I/O, browser-safe): a
 * shift starts at 07:30 on the ward's clock, whatever the server's or the browser's zone, and
 * keeps doing so across daylight-saving changes.
 */

const HALF_DAY_MS = 12 * 60 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockOf(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Whether the runtime knows this IANA zone name ("Europe/London"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function offsetMs(ms: number, timeZone: string): number {
  const c = wallClockOf(ms, timeZone);
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The calendar date ("2026-11-26") of an instant on the zone's clock. */
export function zonedDate(at: Date, timeZone: string): string {
  const c = wallClockOf(at.getTime(), timeZone);
  return `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** The date `days` after (or before) a calendar date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant a wall-clock time ("07:30") on a date is in the zone. A time the clock skips (spring
 * forward) lands after the gap; a time it shows twice (autumn) is its first showing.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets half a day either side cover any one transition near the date.
  const before = wall - offsetMs(wall - HALF_DAY_MS, timeZone);
  const after = wall - offsetMs(wall + HALF_DAY_MS, timeZone);
  const shows = (ms: number) => offsetMs(ms, timeZone) === wall - ms;
  const valid = [before, after].filter(shows);
  return new Date(valid.length ? Math.min(...valid) : before);
}

/** The time of day ("07:30") of an instant on the zone's clock. */
export function zonedClock(at: Date, timeZone: string): string {
  const c = wallClockOf(at.getTime(), timeZone);
  return `${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
}
