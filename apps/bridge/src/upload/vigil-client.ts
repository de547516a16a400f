import type { DeviceReadingInput } from '@vigil/domain';
import { z } from 'zod';

export type PostOutcome =
  | { kind: 'stored'; count: number }
  /** Worth retrying: the network, a timeout, 408, 429, 5xx. */
  | { kind: 'transient'; reason: string; retryAfterMs: number | null }
  /** 401: the device token is unknown, revoked or expired. */
  | { kind: 'token-refused'; message: string }
  /** Any other 4xx: the same request will never succeed. */
  | { kind: 'rejected'; status: number; code: string; message: string };

export type RotateOutcome =
  | { kind: 'rotated'; token: string; expiresAt: string }
  | { kind: 'token-refused'; message: string }
  /** The route is missing (an older Vigil), unreachable or failing: try again later. */
  | { kind: 'unavailable'; reason: string };

export interface VigilClient {
  postReadings(token: string, idempotencyKey: string, readings: DeviceReadingInput[]): Promise<PostOutcome>;
  rotateToken(token: string): Promise<RotateOutcome>;
}

const StoredAnswer = z.object({ count: z.number().int() });
const Rotated = z.object({
  token: z.string().startsWith('vgl_dev_'),
  expiresAt: z.iso.datetime({ offset: true }),
});
const ErrorAnswer = z.object({ message: z.string().optional(), code: z.string().optional() });

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  const text = await res.text().catch(() => '');
  let parsed: z.infer<typeof ErrorAnswer> = {};
  try {
    parsed = ErrorAnswer.parse(JSON.parse(text));
  } catch {
    // Not our JSON error shape (a proxy's page): the status says enough.
  }
  return {
    code: parsed.code ?? `HTTP_${res.status}`,
    message: (parsed.message ?? (text.slice(0, 200) || res.statusText)).trim(),
  };
}

const describe = (error: unknown) =>
  error instanceof Error
    ? error.name === 'TimeoutError'
      ? 'timed out'
      : `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
    : String(error);

/** Vigil's device API over fetch; every request has a deadline. */
export function createVigilClient(options: {
  vigilUrl: string;
  timeoutMs?: number;
  now?: () => Date;
}): VigilClient {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? (() => new Date());
  const url = (p: string) => new URL(p, options.vigilUrl).href;

  return {
    async postReadings(token, idempotencyKey, readings) {
      let res: Response;
      try {
        res = await fetch(url('/api/device-readings'), {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': idempotencyKey,
          },
          body: JSON.stringify(readings),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { kind: 'transient', reason: describe(error), retryAfterMs: null };
      }
      if (res.status === 201) {
        try {
          return { kind: 'stored', count: StoredAnswer.parse(await res.json()).count };
        } catch (error) {
          // Stored (201) but the answer was cut off: resending under the same key is safe.
          return { kind: 'transient', reason: `unreadable answer: ${describe(error)}`, retryAfterMs: null };
        }
      }
      const { code, message } = await errorOf(res);
      if (res.status === 408 || res.status === 429 || res.status >= 500) {
        return {
          kind: 'transient',
          reason: `${res.status} ${message}`,
          retryAfterMs: retryAfterMs(res.headers.get('retry-after'), now()),
        };
      }
      if (res.status === 401) return { kind: 'token-refused', message };
      return { kind: 'rejected', status: res.status, code, message };
    },

    async rotateToken(token) {
      let res: Response;
      try {
        res = await fetch(url('/api/device-tokens/rotate'), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { kind: 'unavailable', reason: describe(error) };
      }
      if (res.status === 201 || res.status === 200) {
        const parsed = Rotated.safeParse(await res.json().catch(() => null));
        return parsed.success
          ? { kind: 'rotated', ...parsed.data }
          : { kind: 'unavailable', reason: 'the rotation answer has no token and expiresAt' };
      }
      const { message } = await errorOf(res);
      if (res.status === 401) return { kind: 'token-refused', message };
      return { kind: 'unavailable', reason: `${res.status} ${message}` };
    },
  };
}
