import { z } from 'zod';
import type { Shift } from './shift.ts';
import { addDays, isTimeZone, zonedDate, zonedInstant } from './zoned-time.ts';

export { Shift } from './shift.ts';

/**
 * A ward's shifts: the times are set per ward on its own clock, and together they cover
 * the whole day, so every moment belongs to exactly one shift and handover always has a receiver.
 */

const clockTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time of day as HH:MM, e.g. 07:30`);

export const ShiftDefinition = z.object({
  name: z
    .string({ error: 'Shift name is required' })
    .trim()
    .min(1, 'Shift name must not be empty')
    .max(40, 'Shift name must be at most 40 characters')
    .regex(/^[\p{L}\p{N} ]+$/u, 'Shift name may hold letters, digits and spaces only'),
  start: clockTime('Shift start'),
  end: clockTime('Shift end'),
});
export type ShiftDefinition = z.infer<typeof ShiftDefinition>;

export const DEFAULT_SHIFTS: ShiftDefinition[] = [
  { name: 'Day', start: '07:30', end: '19:30' },
  { name: 'Night', start: '19:30', end: '07:30' },
];
export const DEFAULT_HANDOVER_WINDOW_MINUTES = 60;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The shifts in order of their start, each starting when the one before ends, over the whole day. */
function shiftsTileTheDay(shifts: ShiftDefinition[]): string | null {
  const sorted = [...shifts].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  for (const [i, shift] of sorted.entries()) {
    const next = sorted[(i + 1) % sorted.length]!;
    if (shift.end !== next.start) {
      return `Shifts must cover the whole day without gaps or overlaps: ${shift.name} ends at ${shift.end} but ${next.name} starts at ${next.start}.`;
    }
  }
  return null;
}

export const WardSettings = z
  .object({
    shifts: z
      .array(ShiftDefinition, { error: 'shifts must be a list of { name, start, end }' })
      .min(1, 'A ward needs at least one shift')
      .max(6, 'A ward has at most 6 shifts'),
    /** How long after a shift starts its incoming nurses have to accept their handovers. */
    handoverWindowMinutes: z
      .number({ error: 'handoverWindowMinutes must be a number' })
      .int('handoverWindowMinutes must be a whole number')
      .min(5, 'handoverWindowMinutes must be at least 5')
      .max(240, 'handoverWindowMinutes must be at most 240'),
    /** The ward's clock, an IANA zone ("Europe/London"). */
    timeZone: z
      .string({ error: 'timeZone is required' })
      .refine(isTimeZone, 'timeZone must be an IANA time zone, e.g. Europe/London'),
  })
  .superRefine((settings, ctx) => {
    const names = settings.shifts.map((s) => s.name.toLowerCase());
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice) {
      ctx.addIssue({
        code: 'custom',
        path: ['shifts'],
        message: `Two shifts are named ${twice}; each needs its own name.`,
      });
      return;
    }
    if (settings.shifts.some((s) => s.start === s.end) && settings.shifts.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['shifts'],
        message: 'A shift must end at another time than it starts.',
      });
      return;
    }
    const gap = shiftsTileTheDay(settings.shifts);
    if (gap) ctx.addIssue({ code: 'custom', path: ['shifts'], message: gap });
  });
export type WardSettings = z.infer<typeof WardSettings>;
/** PUT /api/ward/settings: the whole settings, as GET answers them. */
export const WardSettingsInput = WardSettings;
export type WardSettingsInput = WardSettings;

export const SHIFT_KEY_PATTERN = /^(\d{4}-\d{2}-\d{2})\/([\p{Ll}\p{N}-]+)$/u;
const slugOf = (name: string) => name.toLowerCase().replace(/ +/g, '-');

/** The shift of a definition that starts on a ward-clock date. */
export function shiftOn(settings: WardSettings, definition: ShiftDefinition, date: string): Shift {
  const startsAt = zonedInstant(date, definition.start, settings.timeZone);
  const endDate = minutesOf(definition.end) <= minutesOf(definition.start) ? addDays(date, 1) : date;
  const endsAt = zonedInstant(endDate, definition.end, settings.timeZone);
  return {
    key: `${date}/${slugOf(definition.name)}`,
    name: definition.name,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    handoverEndsAt: new Date(startsAt.getTime() + settings.handoverWindowMinutes * 60_000).toISOString(),
  };
}

/** Every shift starting on the dates from `date - 1` to `date + 1`, in order of start. */
function shiftsAround(settings: WardSettings, date: string): Shift[] {
  return [-1, 0, 1]
    .flatMap((days) => settings.shifts.map((d) => shiftOn(settings, d, addDays(date, days))))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** The shift in progress at an instant (the last one started by then). */
export function shiftAt(settings: WardSettings, at: Date): Shift {
  const started = shiftsAround(settings, zonedDate(at, settings.timeZone)).filter(
    (s) => new Date(s.startsAt) <= at,
  );
  return started[started.length - 1]!;
}

/** The shift after this one (it starts when this one ends). */
export function nextShift(settings: WardSettings, shift: Shift): Shift {
  return shiftAt(settings, new Date(shift.endsAt));
}

/** The shift before this one. */
export function previousShift(settings: WardSettings, shift: Shift): Shift {
  return shiftAt(settings, new Date(new Date(shift.startsAt).getTime() - 1));
}

/** The shift a key names under these settings, or null when no shift of that name exists. */
export function shiftByKey(settings: WardSettings, key: string): Shift | null {
  const match = SHIFT_KEY_PATTERN.exec(key);
  if (!match) return null;
  const definition = settings.shifts.find((d) => slugOf(d.name) === match[2]);
  return definition ? shiftOn(settings, definition, match[1]!) : null;
}

/**
 * The shift being handed over to at an instant: during a shift's handover window, that shift
 * (its incoming nurses are accepting); after it, the next one (the outgoing nurses prepare).
 */
export function handoverShiftAt(settings: WardSettings, at: Date): Shift {
  const current = shiftAt(settings, at);
  return at < new Date(current.handoverEndsAt) ? current : nextShift(settings, current);
}
