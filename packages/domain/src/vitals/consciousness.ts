import { z } from 'zod';

/** ACVPU consciousness scale used by NEWS2 (A = alert; C = new confusion; V, P, U). */
export const CONSCIOUSNESS_LEVELS = ['A', 'C', 'V', 'P', 'U'] as const;
export const Consciousness = z.enum(CONSCIOUSNESS_LEVELS);
export type Consciousness = z.infer<typeof Consciousness>;
