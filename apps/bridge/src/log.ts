import type { LogLevel } from './config.ts';

export type LogFields = Record<string, unknown>;

export interface Logger {
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3, silent: -1 };

/** Field names that may carry a credential: their values never reach a log line. */
const SECRET_KEY = /token|authorization|cookie|password|secret/i;
/** Tokens that slipped into free text (an error message quoting a header, say). */
const SECRET_TEXT = /(vgl_[a-z]+_|Bearer\s+)[A-Za-z0-9._~+/=-]+/g;

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(SECRET_TEXT, '$1[redacted]');
  if (value instanceof Error) return { name: value.name, message: scrub(value.message) };
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : scrub(v, depth + 1)]),
  );
}

/**
 * JSON lines on stdout (one object per line, pino's shape). Tokens are redacted by field name and by
 * pattern; callers log ids and counts, never vital values or patient names.
 */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(line),
  clock: () => Date = () => new Date(),
): Logger {
  const at = (name: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: LogFields) => {
    if (RANK[name] > RANK[level]) return;
    const entry = {
      level: name,
      time: clock().toISOString(),
      msg: scrub(msg),
      ...(scrub(fields ?? {}) as LogFields),
    };
    write(`${JSON.stringify(entry)}\n`);
  };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

export const silentLogger: Logger = createLogger('silent');
