import { z } from 'zod';

const isoDate = z.iso.datetime({ offset: true });

// The shape alone, apart from the shift arithmetic (shifts.ts): a screen that only reads a shift
// (the dashboard's "My patients") loads no ward-clock code.
/**
 * One shift on one day. `key` is the ward-clock date it starts on and its name ("2026-11-26/day");
 * `handoverEndsAt` is its start plus the handover window: a handover into this shift not accepted
 * by then is flagged.
 */
export const Shift = z.object({
  key: z.string(),
  name: z.string(),
  startsAt: isoDate,
  endsAt: isoDate,
  handoverEndsAt: isoDate,
});
export type Shift = z.infer<typeof Shift>;
