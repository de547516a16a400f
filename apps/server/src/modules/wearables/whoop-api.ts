import type { Clock } from '../../lib/clock.ts';

/** WHOOP API v2 record shapes we read (docs/reference/devices.md, "WHOOP developer API v2"). */
export interface WhoopRecovery {
  cycle_id: number;
  sleep_id: string;
  user_id: number;
  created_at: string;
  updated_at: string;
  score_state: 'SCORED' | 'PENDING_SCORE' | 'UNSCORABLE';
  score?: {
    recovery_score: number;
    resting_heart_rate: number;
    hrv_rmssd_milli: number;
    spo2_percentage?: number;
    skin_temp_celsius?: number;
  };
}
export interface WhoopCycle {
  id: number;
  start: string;
  end: string | null;
  score_state: string;
  score?: { strain: number; average_heart_rate: number };
}
export interface WhoopSleep {
  id: string;
  cycle_id: number;
  start: string;
}
interface Page<T> {
  records: T[];
  next_token?: string | null;
}

/** The provider said no more for now: wait `retryAfterMs` (its X-RateLimit-Reset, or our own limits). */
export class WhoopRateLimited extends Error {
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number) {
    super(`WHOOP rate limit: retry in ${Math.ceil(retryAfterMs / 1000)} s`);
    this.retryAfterMs = retryAfterMs;
  }
}
/** The access token was refused (expired or revoked). */
export class WhoopUnauthorized extends Error {}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Pages per collection per poll: 25 records each, far more than a 30-second poll ever meets. */
const MAX_PAGES = 4;

/**
 * WHOOP's developer API with the app's rate limits kept on our side (100 a minute, 10,000 a day,
 * fixed windows) and its 429s obeyed: after one, nothing is sent until its X-RateLimit-Reset.
 */
export function createWhoopApi(deps: {
  baseUrl: string;
  clock: Clock;
  requestsPerMinute: number;
  requestsPerDay: number;
}) {
  const { baseUrl, clock } = deps;
  const windows = [
    { lengthMs: MINUTE_MS, limit: deps.requestsPerMinute, startedAt: 0, used: 0 },
    { lengthMs: DAY_MS, limit: deps.requestsPerDay, startedAt: 0, used: 0 },
  ];
  let blockedUntil = 0;

  function take() {
    const now = clock.now().getTime();
    if (now < blockedUntil) throw new WhoopRateLimited(blockedUntil - now);
    for (const w of windows)
      if (now >= w.startedAt + w.lengthMs) Object.assign(w, { startedAt: now, used: 0 });
    const full = windows.find((w) => w.used >= w.limit);
    if (full) throw new WhoopRateLimited(full.startedAt + full.lengthMs - now);
    for (const w of windows) w.used += 1;
  }

  async function call(method: 'GET' | 'DELETE', path: string, accessToken: string): Promise<Response> {
    take();
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 429) {
      await res.body?.cancel();
      const resetSeconds = Number(res.headers.get('x-ratelimit-reset') ?? res.headers.get('retry-after'));
      const waitMs = Number.isFinite(resetSeconds) && resetSeconds > 0 ? resetSeconds * 1000 : MINUTE_MS;
      blockedUntil = Math.max(blockedUntil, clock.now().getTime() + waitMs);
      throw new WhoopRateLimited(waitMs);
    }
    if (res.status === 401) {
      await res.body?.cancel();
      throw new WhoopUnauthorized('WHOOP refused the access token');
    }
    return res;
  }

  async function getJson<T>(path: string, accessToken: string): Promise<T | null> {
    const res = await call('GET', path, accessToken);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`WHOOP answered ${res.status} to GET ${path.split('?')[0]}`);
    }
    return (await res.json()) as T;
  }

  /** Every record of a collection whose start is at or after `start`, following next_token. */
  async function collection<T>(path: string, accessToken: string, start: Date | null): Promise<T[]> {
    const records: T[] = [];
    let nextToken: string | null | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query = new URLSearchParams({ limit: '25' });
      if (start) query.set('start', start.toISOString());
      if (nextToken) query.set('nextToken', nextToken);
      const body = await getJson<Page<T>>(`${path}?${query}`, accessToken);
      records.push(...(body?.records ?? []));
      nextToken = body?.next_token;
      if (!nextToken) break;
    }
    return records;
  }

  return {
    profile: (token: string) => getJson<{ user_id: number }>('/v2/user/profile/basic', token),
    cycles: (token: string, start: Date | null) => collection<WhoopCycle>('/v2/cycle', token, start),
    recoveries: (token: string, start: Date | null) =>
      collection<WhoopRecovery>('/v2/recovery', token, start),
    sleep: (token: string, id: string) =>
      getJson<WhoopSleep>(`/v2/activity/sleep/${encodeURIComponent(id)}`, token),
    cycleRecovery: (token: string, cycleId: number) =>
      getJson<WhoopRecovery>(`/v2/cycle/${cycleId}/recovery`, token),
    /** WHOOP's own revocation: the member's authorization of this app ends, every token with it. */
    async revokeAccess(token: string): Promise<boolean> {
      const res = await call('DELETE', '/v2/user/access', token);
      await res.body?.cancel();
      return res.ok;
    },
  };
}

export type WhoopApi = ReturnType<typeof createWhoopApi>;
