import { z } from 'zod';
import { recordId } from '../ids.ts';

/** A ward's bays and beds. A patient occupies at most one bed, a bed at most one patient. */

const isoDate = z.iso.datetime({ offset: true });

/** A person named on the ward: an account's id and the name it signs in with. */
export const StaffRef = z.object({ id: z.number().int(), name: z.string() });
export type StaffRef = z.infer<typeof StaffRef>;

export const Bed = z.object({
  id: z.number().int(),
  /** "A1": unique on the ward, as people say it. */
  label: z.string(),
  patientId: z.number().int().nullable(),
});
export type Bed = z.infer<typeof Bed>;

export const Bay = z.object({ id: z.number().int(), name: z.string(), beds: z.array(Bed) });
export type Bay = z.infer<typeof Bay>;

export const WardLayout = z.object({ bays: z.array(Bay) });
export type WardLayout = z.infer<typeof WardLayout>;

const name = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max} characters`);

export const BedInput = z.object({
  /** A bed kept from the current layout; without it, a new bed. */
  id: recordId('Bed id').optional(),
  label: name('Bed label', 16),
});
export const BayInput = z.object({
  id: recordId('Bay id').optional(),
  name: name('Bay name', 60),
  beds: z.array(BedInput, { error: 'beds must be a list' }).max(60, 'A bay has at most 60 beds'),
});

/**
 * PUT /api/ward/layout: the whole layout. Beds and bays sent with their id are kept (renamed or
 * moved), those without are new, and those left out are removed (an occupied one is refused).
 */
export const WardLayoutInput = z
  .object({
    bays: z.array(BayInput, { error: 'bays must be a list' }).max(40, 'A ward has at most 40 bays'),
  })
  .superRefine((layout, ctx) => {
    const seen = (values: (string | number)[], describe: (v: string | number) => string, path: string) => {
      const twice = values.find((v, i) => values.indexOf(v) !== i);
      if (twice !== undefined) ctx.addIssue({ code: 'custom', path: [path], message: describe(twice) });
      return twice !== undefined;
    };
    const beds = layout.bays.flatMap((bay) => bay.beds);
    const labels = beds.map((bed) => bed.label.toUpperCase());
    if (seen(labels, (l) => `Bed label ${l} is used twice; each bed needs its own label.`, 'bays')) return;
    const bays = layout.bays.map((bay) => bay.name.toLowerCase());
    const bayName = (key: string | number) => layout.bays.find((bay) => bay.name.toLowerCase() === key)?.name;
    if (seen(bays, (n) => `Bay name ${bayName(n)} is used twice; each bay needs its own name.`, 'bays'))
      return;
    seen(
      beds.flatMap((bed) => (bed.id === undefined ? [] : [bed.id])),
      (id) => `Bed id ${id} is sent twice.`,
      'bays',
    );
    seen(
      layout.bays.flatMap((bay) => (bay.id === undefined ? [] : [bay.id])),
      (id) => `Bay id ${id} is sent twice.`,
      'bays',
    );
  });
export type WardLayoutInput = z.infer<typeof WardLayoutInput>;

/** PUT /api/patients/:id/bed: admit the patient to a bed, or move them to another. */
export const BedPlacementInput = z.object({ bedId: recordId('bedId') });
export type BedPlacementInput = z.infer<typeof BedPlacementInput>;

export const BED_MOVES = ['admit', 'move', 'transfer', 'discharge'] as const;
export type BedMoveKind = (typeof BED_MOVES)[number];

/** One line of a patient's bed history: the labels as they were then (a bed may be removed later). */
export const BedMove = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  kind: z.enum(BED_MOVES),
  fromBed: z.string().nullable(),
  toBed: z.string().nullable(),
  at: isoDate,
  by: StaffRef,
});
export type BedMove = z.infer<typeof BedMove>;
