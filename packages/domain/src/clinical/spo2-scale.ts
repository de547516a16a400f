import { z } from 'zod';

/** SpO2 scale 2 only for a clinician-documented target of 88–92 % (RCP NEWS2); else scale 1. */
export const Spo2Scale = z.union([z.literal(1), z.literal(2)]);
export type Spo2Scale = z.infer<typeof Spo2Scale>;

/**
 * The data of the patient event recording a change of a patient's SpO2 scale
 * (SPO2_SCALE_CHANGED_EVENT): the scale replaced and the scale in force from then. The server writes
 * it and reads it back through this schema, never by a cast.
 */
export const Spo2ScaleChangeData = z.object({ from: Spo2Scale, to: Spo2Scale });
export type Spo2ScaleChangeData = z.infer<typeof Spo2ScaleChangeData>;
