import { z } from 'zod';

/** Every error answer of the API: a human message plus a stable machine code. */
export const ApiError = z.object({
  /** The spec's client reads `error`; `message` is the same text. */
  error: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ApiError = z.infer<typeof ApiError>;

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), driver: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * GET /api/ready: whether this instance should get traffic now (a load balancer's health check),
 * and when not, why: shutting down, the database unreachable, its migrations not applied, or the
 * live events of other instances not reaching it.
 */
export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'not-ready']),
  reason: z.string().nullable(),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;

/** Which optional features the server has configured. Never contains secrets. */
export const ConfigResponse = z.object({
  analysis: z.object({ source: z.enum(['rules', 'model']), model: z.string().nullable() }),
  features: z.object({
    whoop: z.boolean(),
    /** Whether this server pairs a Health Device Bridge and takes its uploads. */
    bridge: z.boolean(),
    /** Whether simulated devices ("Use Demo Device") and their readings are accepted. */
    simulation: z.boolean(),
  }),
  session: z.object({ idleTimeoutMinutes: z.number(), rememberMeDays: z.number() }),
  /** How people get an account (REGISTRATION): open, approval or closed. */
  registration: z.enum(['open', 'approval', 'closed']),
});
export type ConfigResponse = z.infer<typeof ConfigResponse>;
