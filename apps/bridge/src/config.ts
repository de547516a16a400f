import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { BRIDGE_DEFAULT_PORT } from '@vigil/domain';
import { z } from 'zod';

/** Repository root, so `./.bridge-data` means the same folder whichever workspace npm runs us from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Each setting: its command-line flag, its environment variable, and what a good value is. */
const SETTINGS = {
  vigilUrl: { flag: 'vigil-url', env: 'VIGIL_URL' },
  host: { flag: 'host', env: 'BRIDGE_HOST' },
  port: { flag: 'port', env: 'BRIDGE_PORT' },
  allowedOrigins: { flag: 'allowed-origins', env: 'BRIDGE_ALLOWED_ORIGINS' },
  dataDir: { flag: 'data-dir', env: 'BRIDGE_DATA_DIR' },
  simulate: { flag: 'simulate', env: 'BRIDGE_SIMULATE' },
  logLevel: { flag: 'log-level', env: 'LOG_LEVEL' },
  batchSize: { flag: 'batch-size', env: 'BRIDGE_BATCH_SIZE' },
  retryMaxMs: { flag: 'retry-max-ms', env: 'BRIDGE_RETRY_MAX_MS' },
  simIntervalMs: { flag: 'sim-interval-ms', env: 'BRIDGE_SIM_INTERVAL_MS' },
  compactAfter: { flag: 'compact-after', env: 'BRIDGE_COMPACT_AFTER' },
} as const;
type Key = keyof typeof SETTINGS;

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number(`must be a whole number ${min}–${max}`)
    .int(`must be a whole number ${min}–${max}`)
    .min(min, `must be a whole number ${min}–${max}`)
    .max(max, `must be a whole number ${min}–${max}`);
const httpUrl = z
  .url('must be an http:// or https:// URL, e.g. http://localhost:5000')
  .refine((u) => /^https?:\/\//.test(u), 'must be an http:// or https:// URL, e.g. http://localhost:5000');

const Raw = z.object({
  vigilUrl: httpUrl.default('http://localhost:5000'),
  host: z.string().min(1, 'must be a host name or address').default('127.0.0.1'),
  port: wholeNumber(0, 65_535).default(BRIDGE_DEFAULT_PORT),
  allowedOrigins: z.string().optional(),
  dataDir: z.string().min(1, 'must be a folder').default(path.join(REPO_ROOT, '.bridge-data')),
  simulate: boolean.default(false),
  logLevel: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info'),
  batchSize: wholeNumber(1, 500).default(100),
  retryMaxMs: wholeNumber(100, 3_600_000).default(30_000),
  simIntervalMs: wholeNumber(20, 60_000).default(1_000),
  compactAfter: wholeNumber(1, 10_000_000).default(5_000),
});

export interface BridgeConfig {
  /** Origin of the Vigil server, e.g. http://localhost:5000 (no trailing slash). */
  vigilUrl: string;
  /** The one endpoint readings may go to: {vigilUrl}/api/device-readings. */
  readingsEndpoint: string;
  host: string;
  port: number;
  /** Browser origins whose pages may open the bridge socket. */
  allowedOrigins: string[];
  dataDir: string;
  simulate: boolean;
  logLevel: LogLevel;
  /** Readings per upload request (the server takes up to 500). */
  batchSize: number;
  /** Cap of the retry backoff after transient upload failures. */
  retryMaxMs: number;
  /** Cadence of the simulated devices' measurements. */
  simIntervalMs: number;
  /** Settled journal records tolerated before the journal is rewritten without them. */
  compactAfter: number;
}

export const USAGE = `Vigil Health Device Bridge: BLE health devices → WebSocket on localhost → Vigil

Usage: npm run bridge -- [options]      (every option also has an environment variable)

  --vigil-url URL          VIGIL_URL               Vigil server (default http://localhost:5000)
  --host HOST              BRIDGE_HOST             Listen address (default 127.0.0.1, loopback only)
  --port PORT              BRIDGE_PORT             WebSocket port (default 8765)
  --allowed-origins LIST   BRIDGE_ALLOWED_ORIGINS  Page origins allowed to connect, comma separated
                                                   (default: the Vigil URL's origin, localhost and 127.0.0.1)
  --data-dir DIR           BRIDGE_DATA_DIR         Reading journal, links and tokens (default ./.bridge-data)
  --simulate               BRIDGE_SIMULATE=true    Offer simulated devices instead of Bluetooth
  --log-level LEVEL        LOG_LEVEL               error, warn, info, debug or silent (default info)
  --batch-size N           BRIDGE_BATCH_SIZE       Readings per upload (default 100)
  --retry-max-ms MS        BRIDGE_RETRY_MAX_MS     Longest wait between upload retries (default 30000)
  --sim-interval-ms MS     BRIDGE_SIM_INTERVAL_MS  Simulated measurement cadence (default 1000)
  --compact-after N        BRIDGE_COMPACT_AFTER    Settled journal records before compaction (default 5000)
  --help                   Show this text`;

export class ConfigError extends Error {}

/** The page origins that belong with a Vigil URL: its own, and localhost ⇄ 127.0.0.1 of it. */
function defaultOrigins(vigilUrl: URL): string[] {
  const origins = [vigilUrl.origin];
  const swap: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };
  const other = swap[vigilUrl.hostname];
  if (other) {
    const alt = new URL(vigilUrl.origin);
    alt.hostname = other;
    origins.push(alt.origin);
  }
  return origins;
}

function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((origin) => {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        throw new ConfigError(
          `Invalid configuration:\n  allowed origin "${origin}": must be like http://localhost:5000`,
        );
      }
      if (url.origin !== origin.replace(/\/$/, '')) {
        throw new ConfigError(
          `Invalid configuration:\n  allowed origin "${origin}": must be an origin only (scheme, host, port), e.g. ${url.origin}`,
        );
      }
      return url.origin;
    });
}

/**
 * Parses command-line flags and environment variables (flags win) once; fails fast naming every bad
 * value. Nothing else in the bridge reads process.env.
 */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): BridgeConfig | 'help' {
  let flags: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    flags = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(
          Object.values(SETTINGS).map((s) => [
            s.flag,
            { type: s.flag === 'simulate' ? 'boolean' : 'string' },
          ]),
        ),
        help: { type: 'boolean' },
      } as NonNullable<ParseArgsConfig['options']>,
    }).values;
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (flags.help) return 'help';

  const raw: Partial<Record<Key, string>> = {};
  const source: Partial<Record<Key, string>> = {};
  for (const [key, s] of Object.entries(SETTINGS) as [Key, (typeof SETTINGS)[Key]][]) {
    const flag = flags[s.flag];
    if (flag !== undefined) {
      raw[key] = String(flag);
      source[key] = `--${s.flag} ${String(flag)}`;
    } else if (env[s.env] !== undefined && env[s.env] !== '') {
      raw[key] = env[s.env];
      source[key] = `${s.env}=${env[s.env]}`;
    }
  }
  const parsed = Raw.safeParse(raw);
  if (!parsed.success) {
    // One problem per setting: the first says what a good value is.
    const problems = new Map<Key, string>();
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as Key;
      if (!problems.has(key))
        problems.set(key, `  ${source[key] ?? SETTINGS[key]?.env ?? key}: ${issue.message}`);
    }
    throw new ConfigError(`Invalid configuration:\n${[...problems.values()].join('\n')}`);
  }
  const c = parsed.data;
  const vigilUrl = new URL(c.vigilUrl);
  return {
    vigilUrl: vigilUrl.origin,
    readingsEndpoint: new URL('/api/device-readings', vigilUrl.origin).href,
    host: c.host,
    port: c.port,
    allowedOrigins: c.allowedOrigins ? parseOrigins(c.allowedOrigins) : defaultOrigins(vigilUrl),
    dataDir: path.resolve(c.dataDir),
    simulate: c.simulate,
    logLevel: c.logLevel,
    batchSize: c.batchSize,
    retryMaxMs: c.retryMaxMs,
    simIntervalMs: c.simIntervalMs,
    compactAfter: c.compactAfter,
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/;
export const isLoopbackHost = (host: string) => LOOPBACK.test(host);
