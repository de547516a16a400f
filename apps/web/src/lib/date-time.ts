import { z } from 'zod';

/**
 * Every date and time the app shows is formatted here, one way: en-GB, 24-hour, the ward's local
 * time zone ("25 Nov 2026, 16:24"; "16:24" for a time today). Never the browser's own locale, which
 * would give one nurse "11/25/2026, 4:24 PM" and the next another.
 */

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "22 Nov 2026, 03:40" (local time). */
export function formatDateTime(iso: string | Date | number): string {
  return DATE_TIME.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/**
 * How old a timestamp is, for staleness at a glance (docs/reference/clinical.md: stale data must look stale):
 * "just now", "12 min ago", "3 h ago", "2 days ago". A time in the future reads "in the future".
 */
export function formatAge(iso: string, now: Date): string {
  const ms = now.getTime() - new Date(iso).getTime();
  if (ms < -60_000) return 'in the future';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/**
 * The value of an `<input type="datetime-local">` ("2026-11-22T14:30", the ward's local time) as an
 * ISO instant for the API, or null when empty or not a valid date and time.
 */
export function dateTimeLocalToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A Date as a `datetime-local` value in local time, to the minute. */
export function toDateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A `datetime-local` input's value as a form schema: the ISO instant for the API, or `message` when
 * empty or not a valid date and time.
 */
export function dateTimeLocalSchema(message: string) {
  return z.string().transform((value, ctx) => {
    const iso = dateTimeLocalToIso(value);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return iso;
  });
}

const CLOCK_TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const CLOCK_TIME_SECONDS = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const DAY_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "04:27" (local time). */
export function formatClockTime(when: Date | number): string {
  return CLOCK_TIME.format(when);
}

/** "14:03:27" (local time): a device's last update, which changes every few seconds. */
export function formatClockTimeWithSeconds(when: Date | number): string {
  return CLOCK_TIME_SECONDS.format(when);
}

/** "04:27" today, "21 Nov, 22:10" on another day (local time). */
export function formatTimeOrDayTime(when: Date | number): string {
  const date = new Date(when);
  return date.toDateString() === new Date().toDateString() ? CLOCK_TIME.format(date) : DAY_TIME.format(date);
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/** "21 Nov" (local time): a chart column's date above its time. */
export function formatDayMonth(when: Date | number): string {
  return DAY_MONTH.format(when);
}
