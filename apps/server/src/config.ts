import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isTimeZone } from '@vigil/domain';
import { z } from 'zod';

/** Repository root, so `./.data` means the same folder whichever workspace npm runs us from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional(),
    /** Seed the demo ward into an empty database; on by default except in production. */
    SEED_DEMO: booleanFromEnv.optional(),
    /** Secure cookies (HTTPS). Defaults on in production. */
    COOKIE_SECURE: booleanFromEnv.optional(),
    /** Behind a reverse proxy that sets X-Forwarded-*: trust it. */
    TRUST_PROXY: booleanFromEnv.default(false),
    /** Extra origins allowed to make state-changing requests, comma separated (e.g. a dev server). */
    ALLOWED_ORIGINS: z.string().default(''),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
    /**
     * This server's public address (https://vigil.example.org): the FHIR API's absolute links and the
     * audience SMART clients sign their assertions for. Required in production; elsewhere, without it,
     * taken from each request's Host.
     */
    PUBLIC_URL: z
      .string()
      .url('PUBLIC_URL must be a URL such as https://vigil.example.org')
      .regex(
        /^https?:\/\/[^/?#]+\/?$/,
        'PUBLIC_URL must be a scheme and host only, e.g. https://vigil.example.org',
      )
      .optional(),
    /**
     * Requests per minute from one address to each route that needs no session (sign-in, the SMART
     * token endpoint …), unless the route sets its own (decision 030). Per instance.
     */
    PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
    /** Open live-event streams allowed per user (tabs, wall screens). */
    EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Simulated devices and readings (the demo's "Use Demo Device"); off by default in production. */
    ACCEPT_SIMULATED_READINGS: booleanFromEnv.optional(),
    /**
     * A device link held by a browser or the bridge that is not heard from for this long reads "Device
     * lost" (domain DEVICE_LINK_LEASE_MS); the sweep that notices runs every DEVICE_SWEEP_INTERVAL_MS.
     */
    DEVICE_LINK_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
    DEVICE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /**
     * Raw device and wearable readings are kept this many days, then survive as per-minute summaries
     * (decision 029); a person's observations and the readings alerts name are kept for the record.
     */
    DEVICE_READINGS_RETENTION_DAYS: z.coerce
      .number('DEVICE_READINGS_RETENTION_DAYS must be a whole number of days: 1–3650')
      .int('DEVICE_READINGS_RETENTION_DAYS must be a whole number of days: 1–3650')
      .min(1, 'DEVICE_READINGS_RETENTION_DAYS must be within 1–3650 days')
      .max(3650, 'DEVICE_READINGS_RETENTION_DAYS must be within 1–3650 days')
      .default(7),
    /** How often alert timers (device confirmation, escalation, overdue observations) are checked. */
    ALERT_TICK_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
    /** The ward's clock until a ward manager sets another: shift times are in it (IANA name). */
    WARD_TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'WARD_TIME_ZONE must be an IANA time zone, e.g. Europe/London')
      .default('Europe/London'),
    /** How people get an account: open (signed in at once), approval (an administrator approves), closed. */
    REGISTRATION: z.enum(['open', 'approval', 'closed']).optional(),
    AI_API_KEY: z.string().min(1).optional(),
    AI_BASE_URL: z.string().url().optional(),
    AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
    /** WHOOP developer app (all three, plus TOKEN_ENCRYPTION_KEY, turn the integration on). */
    WHOOP_CLIENT_ID: z.string().min(1).optional(),
    WHOOP_CLIENT_SECRET: z.string().min(1).optional(),
    /** Where WHOOP sends the browser back: this server's /api/whoop/callback, registered with the app. */
    WHOOP_REDIRECT_URI: z
      .string()
      .url('WHOOP_REDIRECT_URI must be a URL ending in /api/whoop/callback')
      .optional(),
    /** Overrides of WHOOP's endpoints (tests point them at loopback servers). */
    WHOOP_ISSUER: z.string().url().default('https://api.prod.whoop.com/oauth/'),
    WHOOP_AUTHORIZATION_URL: z.string().url().default('https://api.prod.whoop.com/oauth/oauth2/auth'),
    WHOOP_TOKEN_URL: z.string().url().default('https://api.prod.whoop.com/oauth/oauth2/token'),
    WHOOP_REVOCATION_URL: z.string().url().optional(),
    WHOOP_API_BASE_URL: z.string().url().default('https://api.prod.whoop.com/developer'),
    /** 32 bytes, base64 or hex: encrypts wearable access and refresh tokens at rest (AES-256-GCM). */
    TOKEN_ENCRYPTION_KEY: z.string().optional(),
    /** 32 bytes, base64 or hex: keys the audit chain and signs its checkpoints (default: DATA_DIR/audit.key). */
    AUDIT_KEY: z.string().optional(),
    /** Where signed audit checkpoints are appended, outside the database (default: DATA_DIR/audit-checkpoints.log). */
    AUDIT_CHECKPOINT_FILE: z.string().min(1).optional(),
    AUDIT_CHECKPOINT_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** Slow clients: a request must arrive whole within this, its headers within the next. */
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /** An idle kept-alive connection is closed after this. */
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    /** GET /metrics for a scraper holding this token (Authorization: Bearer …). */
    METRICS_TOKEN: z
      .string()
      .min(16, 'METRICS_TOKEN must be at least 16 characters (openssl rand -hex 24)')
      .optional(),
    /** GET /metrics for a scraper connecting from these addresses (IPs and CIDR ranges, comma separated). */
    METRICS_ALLOWED_ADDRESSES: z
      .string()
      .default('')
      .transform((text) =>
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) => entries.every(isAddressOrRange),
        'METRICS_ALLOWED_ADDRESSES must be IP addresses or CIDR ranges, comma separated (e.g. 10.0.0.5,10.1.0.0/16)',
      ),
    /**
     * On SIGTERM, how long the instance answers as before while saying it is not ready, so the load
     * balancer stops sending it requests (at least its health check's interval × fall count).
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).optional(),
    /** On SIGTERM, how long requests in flight may take to finish before the process exits anyway. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Fetch SMART clients' JWKS URLs on loopback and private addresses too (off: public hosts only). */
    SMART_JWKS_ALLOW_PRIVATE: booleanFromEnv.default(false),
    /** Bulk Data exports queued or running at once: per requester (then 429) and in all (then 503). */
    BULK_EXPORTS_PER_REQUESTER: z.coerce.number().int().min(1).max(100).default(2),
    BULK_EXPORTS_ACTIVE: z.coerce.number().int().min(1).max(1000).default(10),
    /** A Bulk Data NDJSON file is cut once it holds this many bytes (one page more at most). */
    BULK_EXPORT_FILE_BYTES: z.coerce
      .number()
      .int()
      .min(65_536)
      .max(512 * 1024 * 1024)
      .default(4 * 1024 * 1024),
  })
  .superRefine((e, ctx) => {
    // Without it, whoever sends a request names the FHIR API's links and the SMART token endpoint (its
    // audience) in their Host header.
    if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          "PUBLIC_URL is required in production (NODE_ENV=production): this server's public address, e.g. https://vigil.example.org",
      });
    }
  });

/** An IPv4 or IPv6 address, or a CIDR range of one. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 6 ? 128 : 32);
}

/** The server route WHOOP redirects to (modules/wearables/routes.ts). */
export const WHOOP_CALLBACK_PATH = '/api/whoop/callback';

const WHOOP_REQUIRED = [
  'WHOOP_CLIENT_ID',
  'WHOOP_CLIENT_SECRET',
  'WHOOP_REDIRECT_URI',
  'TOKEN_ENCRYPTION_KEY',
] as const;

/** A 32-byte key from 64 hex characters or base64; undefined when it is neither. */
function parseKey(text: string): Buffer | undefined {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === 32 ? key : undefined;
}

function auditKey(text: string | undefined): Buffer | null {
  if (text === undefined) return null;
  const key = parseKey(text);
  if (!key) {
    throw new Error(
      'Invalid configuration:\n  AUDIT_KEY: must be 32 bytes as 64 hex characters or base64 (openssl rand -base64 32)',
    );
  }
  return key;
}

export interface WhoopConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  revocationUrl: string | undefined;
  apiBaseUrl: string;
  tokenKey: Buffer;
  /** Spec point 9: vital watch polling every 30 s. */
  pollIntervalMs: number;
  /** WHOOP's per-app limits. */
  requestsPerMinute: number;
  requestsPerDay: number;
}

function whoopConfig(e: z.infer<typeof EnvSchema>): WhoopConfig | null {
  const given = WHOOP_REQUIRED.filter((name) => e[name] !== undefined);
  if (given.length === 0) return null;
  if (given.length < WHOOP_REQUIRED.length) {
    const missing = WHOOP_REQUIRED.filter((name) => e[name] === undefined);
    throw new Error(
      `Invalid configuration:\n  ${missing.join(', ')}: required with ${given.join(', ')} (the WHOOP integration needs all four)`,
    );
  }
  if (new URL(e.WHOOP_REDIRECT_URI!).pathname !== WHOOP_CALLBACK_PATH) {
    throw new Error(
      `Invalid configuration:\n  WHOOP_REDIRECT_URI: must be this server's ${WHOOP_CALLBACK_PATH} (e.g. https://vigil.example.org${WHOOP_CALLBACK_PATH}), as registered with the WHOOP app`,
    );
  }
  const tokenKey = parseKey(e.TOKEN_ENCRYPTION_KEY!);
  if (!tokenKey) {
    throw new Error(
      'Invalid configuration:\n  TOKEN_ENCRYPTION_KEY: must be 32 bytes as 64 hex characters or base64 (openssl rand -base64 32)',
    );
  }
  return {
    clientId: e.WHOOP_CLIENT_ID!,
    clientSecret: e.WHOOP_CLIENT_SECRET!,
    redirectUri: e.WHOOP_REDIRECT_URI!,
    issuer: e.WHOOP_ISSUER,
    authorizationUrl: e.WHOOP_AUTHORIZATION_URL,
    tokenUrl: e.WHOOP_TOKEN_URL,
    revocationUrl: e.WHOOP_REVOCATION_URL,
    apiBaseUrl: e.WHOOP_API_BASE_URL.replace(/\/$/, ''),
    tokenKey,
    pollIntervalMs: 30_000,
    requestsPerMinute: 100,
    requestsPerDay: 10_000,
  };
}

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
  /** The public address without a trailing slash; undefined: from each request's Host. */
  publicUrl: string | undefined;
  /** PUBLIC_RATE_LIMIT_PER_MINUTE: per address, per route without a session, per instance. */
  publicRequestsPerMinute: number;
  eventStreamsPerUser: number;
  acceptSimulatedReadings: boolean;
  deviceLinkLeaseMs: number;
  deviceSweepIntervalMs: number;
  deviceReadingsRetentionDays: number;
  alertTickIntervalMs: number;
  wardTimeZone: string;
  /** Default open for the embedded demo, approval in production. */
  registration: 'open' | 'approval' | 'closed';
  ai: { apiKey: string; baseUrl: string | undefined; model: string } | null;
  /** The WHOOP integration; null when it is not configured. */
  whoop: WhoopConfig | null;
  audit: {
    /** AUDIT_KEY; null: main.ts uses (or creates) the data folder's key file. */
    key: Buffer | null;
    checkpointFile: string;
    checkpointIntervalMs: number;
  };
  /** HTTP timeouts (Node's defaults let a slow client hold a connection for ever). */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  /** Who may read GET /metrics: the token's holder, or a scraper at one of the addresses. */
  metrics: { token: string | null; allowedAddresses: string[] };
  /** SIGTERM: answer while not ready for `drainMs` (load balancer), then finish within `timeoutMs`. */
  shutdown: { drainMs: number; timeoutMs: number };
  smartJwksAllowPrivate: boolean;
  bulkExport: { perRequester: number; active: number; fileBytes: number };
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
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    publicRequestsPerMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    acceptSimulatedReadings: e.ACCEPT_SIMULATED_READINGS ?? e.NODE_ENV !== 'production',
    deviceLinkLeaseMs: e.DEVICE_LINK_LEASE_MS,
    deviceSweepIntervalMs: e.DEVICE_SWEEP_INTERVAL_MS,
    deviceReadingsRetentionDays: e.DEVICE_READINGS_RETENTION_DAYS,
    alertTickIntervalMs: e.ALERT_TICK_INTERVAL_MS,
    wardTimeZone: e.WARD_TIME_ZONE,
    registration: e.REGISTRATION ?? (e.NODE_ENV === 'production' ? 'approval' : 'open'),
    ai: e.AI_API_KEY ? { apiKey: e.AI_API_KEY, baseUrl: e.AI_BASE_URL, model: e.AI_MODEL } : null,
    whoop: whoopConfig(e),
    audit: {
      key: auditKey(e.AUDIT_KEY),
      checkpointFile: path.resolve(e.AUDIT_CHECKPOINT_FILE ?? path.join(e.DATA_DIR, 'audit-checkpoints.log')),
      checkpointIntervalMs: e.AUDIT_CHECKPOINT_INTERVAL_SECONDS * 1000,
    },
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    metrics: { token: e.METRICS_TOKEN ?? null, allowedAddresses: e.METRICS_ALLOWED_ADDRESSES },
    shutdown: {
      // Several instances behind a balancer are on PostgreSQL; PGlite is one process, nothing to drain to.
      drainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (e.DATABASE_URL ? 5 : 0)) * 1000,
      timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    smartJwksAllowPrivate: e.SMART_JWKS_ALLOW_PRIVATE,
    bulkExport: {
      perRequester: e.BULK_EXPORTS_PER_REQUESTER,
      active: e.BULK_EXPORTS_ACTIVE,
      fileBytes: e.BULK_EXPORT_FILE_BYTES,
    },
  };
}
