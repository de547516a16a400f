import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root, so `./.data` means the same folder whichever workspace npm runs us from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  SEED_DEMO: booleanFromEnv.default(true),
  /** Secure cookies (HTTPS). Defaults on in production. */
  COOKIE_SECURE: booleanFromEnv.optional(),
  /** Behind a reverse proxy that sets X-Forwarded-*: trust it. */
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Extra origins allowed to make state-changing requests, comma separated (e.g. a dev server). */
  ALLOWED_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  /** Open live-event streams allowed per user (tabs, wall screens). */
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Simulated devices and readings (the demo's "Use Demo Device"); off by default in production. */
  ACCEPT_SIMULATED_READINGS: booleanFromEnv.optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_BASE_URL: z.string().url().optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  cookieSecure: boolean;
  trustProxy: boolean;
  allowedOrigins: string[];
  logLevel: string;
  webDist: string;
  eventStreamsPerUser: number;
  acceptSimulatedReadings: boolean;
  ai: { apiKey: string; baseUrl: string | undefined; model: string } | null;
}

/** Parses the environment once; fails fast with every problem named. Nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    acceptSimulatedReadings: e.ACCEPT_SIMULATED_READINGS ?? e.NODE_ENV !== 'production',
    ai: e.AI_API_KEY ? { apiKey: e.AI_API_KEY, baseUrl: e.AI_BASE_URL, model: e.AI_MODEL } : null,
  };
}
