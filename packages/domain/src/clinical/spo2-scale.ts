import { z } from 'zod';

/** SpO2 scale 2 only for a clinician-documented target of 88–92 % (RCP NEWS2); else scale 1. */
export const Spo2Scale = z.union([z.literal(1), z.literal(2)]);
export type Spo2Scale = z.infer<typeof Spo2Scale>;
