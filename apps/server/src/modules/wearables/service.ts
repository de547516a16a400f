import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  CALLBACK_ERRORS,
  type ConnectVitalWatchResponse,
  OAUTH_CALLBACK_PATH,
  type VitalWatchData,
  WEARABLE_PROVIDERS,
  type WearableConnection,
} from '@vigil/domain';
import * as oauth from 'openid-client';
import type { WhoopConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import type { PatientService } from '../patients/service.ts';
import type { IngestService } from '../readings/ingest-service.ts';
import { recoveryReading, toVitalWatchData, toWearableConnection } from './mappers.ts';
import type { ConnectionPatch, ConnectionRow, WearableRepository } from './repository.ts';
import type { TokenCipher } from './token-cipher.ts';
import { type WhoopApi, WhoopRateLimited, type WhoopRecovery, WhoopUnauthorized } from './whoop-api.ts';

const PROVIDER = WEARABLE_PROVIDERS.whoop;
const SCOPES = 'read:recovery read:cycles read:sleep read:workout read:profile read:body_measurement offline';
/** How long a started authorization may take (the state's lifetime). */
const AUTHORIZATION_TTL_MS = 10 * 60_000;
/** How far back the first poll of a new connection reaches. */
const FIRST_SYNC_WINDOW_MS = 24 * 3_600_000;
/** An access token this close to expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;
/** Webhook timestamps further than this from our clock are refused (replay window). */
export const WEBHOOK_WINDOW_MS = 5 * 60_000;

/** Purposes of the encrypted values (associated data): a value only decrypts where it was written. */
const ACCESS = 'whoop:access';
const REFRESH = 'whoop:refresh';
const VERIFIER = 'whoop:pkce';

export const NO_VITAL_WATCH_MESSAGE = 'No vital watch device assigned to this patient';
export const CONNECT_FIRST_MESSAGE =
  'The WHOOP connection needs to be set up first: connect the patient’s WHOOP';
export const RECONNECT_MESSAGE = 'WHOOP no longer accepts this connection: reconnect the patient’s WHOOP';

const connectFirst = (message: string, code: string) =>
  new AppError(409, code, message, {}, { connectFirst: true });
const notConfigured = () =>
  new AppError(
    404,
    'WHOOP_NOT_CONFIGURED',
    "The wearable provider's API integration is not configured. Please contact support.",
  );

export interface WearableLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** What a callback ended in: the only thing the browser learns (never the code or a token). */
export type CallbackOutcome =
  | { ok: true; patientId: number }
  | { ok: false; error: string; patientId?: number };

export const outcomeLocation = (outcome: CallbackOutcome) => {
  const query = new URLSearchParams(
    outcome.ok ? { outcome: 'connected', patientId: String(outcome.patientId) } : { error: outcome.error },
  );
  if (!outcome.ok && outcome.patientId !== undefined) query.set('patientId', String(outcome.patientId));
  return `${OAUTH_CALLBACK_PATH}?${query}`;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const isInvalidGrant = (error: unknown) =>
  error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant';

/**
 * WHOOP linked per patient through its API: the authorization (PKCE, state bound to the session and
 * patient), tokens kept encrypted and refreshed one at a time per connection, a poller and webhooks
 * bringing recoveries in through the one ingest path, and the wearable card's data.
 */
export function createWearableService(deps: {
  config: WhoopConfig | null;
  repo: WearableRepository;
  clock: Clock;
  cipher: TokenCipher | null;
  api: WhoopApi | null;
  ingest: Pick<IngestService, 'ingest'>;
  patients: Pick<PatientService, 'assertExists' | 'update'>;
  log: WearableLog;
}) {
  const { config, repo, clock, cipher, api, ingest, patients, log } = deps;

  function client(): { cfg: WhoopConfig; oidc: oauth.Configuration; cipher: TokenCipher; api: WhoopApi } {
    if (!config || !cipher || !api) throw notConfigured();
    const oidc = new oauth.Configuration(
      {
        issuer: config.issuer,
        authorization_endpoint: config.authorizationUrl,
        token_endpoint: config.tokenUrl,
        ...(config.revocationUrl ? { revocation_endpoint: config.revocationUrl } : {}),
      },
      config.clientId,
      {},
      oauth.ClientSecretPost(config.clientSecret),
    );
    // Plain http only for loopback servers (tests); WHOOP itself is https.
    if (new URL(config.tokenUrl).protocol === 'http:') oauth.allowInsecureRequests(oidc);
    return { cfg: config, oidc, cipher, api };
  }
  let built: ReturnType<typeof client> | undefined;
  const whoop = () => {
    built ??= client();
    return built;
  };

  const tokenPatch = (tokens: oauth.TokenEndpointResponse, now: Date): ConnectionPatch => {
    const { cipher: c } = whoop();
    return {
      accessToken: c.encrypt(tokens.access_token, ACCESS),
      ...(tokens.refresh_token ? { refreshToken: c.encrypt(tokens.refresh_token, REFRESH) } : {}),
      accessTokenExpiresAt: new Date(now.getTime() + (tokens.expires_in ?? 3600) * 1000),
      ...(tokens.scope ? { scope: tokens.scope } : {}),
    };
  };

  /** The connection is lost (WHOOP refused our refresh token): the record says "reconnect needed". */
  async function markLost(row: ConnectionRow, why: string) {
    const now = clock.now();
    await repo.update(row.id, { state: 'reconnect_needed', stateChangedAt: now });
    await patients.update(row.patientId, { vitalWatchConnected: false }, row.linkedBy).catch(() => {});
    log.warn({ connectionId: row.id, reason: why }, 'WHOOP connection lost: reconnect needed');
  }

  class ConnectionLost extends Error {}
  /** WHOOP failed (its 5xx, a network error): shown as 502, retried by the next poll. */
  class WhoopUnavailable extends AppError {
    constructor(message: string) {
      super(502, 'WHOOP_UNAVAILABLE', `${message}. Try again shortly.`);
    }
  }

  /**
   * A fresh access token, refreshing under the connection's row lock. `seen` is the access token the
   * caller found refused or expired: when the stored one differs and is fresh, another instance has
   * refreshed meanwhile and its token is used. After invalid_grant the stored row is read again
   * before the connection is declared lost: a newer refresh token there (a reconnect, another
   * writer) means ours was merely superseded.
   */
  async function refresh(connectionId: number, seen: string | null): Promise<string> {
    const { oidc, cipher: c } = whoop();
    let sentRefresh: string | null = null;
    type Outcome = { token: string } | { lost: string } | { invalidGrant: true };
    const result = await repo.withLocked<Outcome>(connectionId, async (row) => {
      if (row.endedAt || row.state !== 'connected' || !row.accessToken || !row.refreshToken) {
        return { result: { lost: 'not connected' } };
      }
      const stored = c.decrypt(row.accessToken, ACCESS);
      const fresh = (row.accessTokenExpiresAt?.getTime() ?? 0) - EXPIRY_MARGIN_MS > clock.now().getTime();
      if (stored !== seen && fresh) return { result: { token: stored } };
      sentRefresh = c.decrypt(row.refreshToken, REFRESH);
      try {
        const tokens = await oauth.refreshTokenGrant(oidc, sentRefresh, { scope: 'offline' });
        return { patch: tokenPatch(tokens, clock.now()), result: { token: tokens.access_token } };
      } catch (error) {
        if (isInvalidGrant(error)) return { result: { invalidGrant: true } };
        // WHOOP's token endpoint is busy: the stored tokens stay as they are, tried again later.
        const status = error instanceof oauth.ResponseBodyError ? error.status : undefined;
        if (status === 429) {
          const retryAfter = Number(
            error instanceof oauth.ResponseBodyError && error.response.headers.get('retry-after'),
          );
          throw new WhoopRateLimited(
            Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 60_000,
          );
        }
        throw new WhoopUnavailable(`WHOOP's token endpoint failed${status ? ` (${status})` : ''}`);
      }
    });
    if ('token' in result) return result.token;
    const again = await repo.get(connectionId);
    if (
      'invalidGrant' in result &&
      again &&
      !again.endedAt &&
      again.state === 'connected' &&
      again.refreshToken
    ) {
      if (c.decrypt(again.refreshToken, REFRESH) !== sentRefresh && again.accessToken) {
        return c.decrypt(again.accessToken, ACCESS);
      }
      await markLost(again, 'invalid_grant');
    }
    throw new ConnectionLost('reconnect needed');
  }

  async function accessToken(row: ConnectionRow): Promise<string> {
    const { cipher: c } = whoop();
    if (!row.accessToken) throw new ConnectionLost('no token');
    const token = c.decrypt(row.accessToken, ACCESS);
    const fresh = (row.accessTokenExpiresAt?.getTime() ?? 0) - EXPIRY_MARGIN_MS > clock.now().getTime();
    return fresh ? token : refresh(row.id, token);
  }

  /** Calls WHOOP with the connection's token, refreshing once when it is refused. */
  async function withToken<T>(row: ConnectionRow, call: (token: string) => Promise<T>): Promise<T> {
    const token = await accessToken(row);
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof WhoopUnauthorized)) throw error;
      return call(await refresh(row.id, token));
    }
  }

  async function storeRecoveries(row: ConnectionRow, recoveries: WhoopRecovery[]) {
    const readings = recoveries.flatMap((r) => recoveryReading(row.patientId, row.providerUserId, r) ?? []);
    if (readings.length > 0) await ingest.ingest(readings, { userId: null, device: null });
    const scored = recoveries
      .filter((r) => r.score_state === 'SCORED' && r.score)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0];
    if (scored?.score && (!row.scoresAt || Date.parse(scored.created_at) >= row.scoresAt.getTime())) {
      return {
        recoveryScore: scored.score.recovery_score,
        skinTempCelsius: scored.score.skin_temp_celsius ?? null,
        hrvRmssdMilli: scored.score.hrv_rmssd_milli,
        scoresAt: new Date(scored.created_at),
      } satisfies ConnectionPatch;
    }
    return {};
  }

  /**
   * One poll of a connection: the cycles and recoveries from the newest cycle start seen on (that
   * cycle again, as its strain grows and its recovery is scored), nothing older.
   */
  async function poll(row: ConnectionRow): Promise<void> {
    const { api: whoopApi, cfg } = whoop();
    try {
      const since = row.syncedFrom;
      const [cycles, recoveries] = await withToken(
        row,
        async (token) =>
          [await whoopApi.cycles(token, since), await whoopApi.recoveries(token, since)] as const,
      );
      const patch: ConnectionPatch = { ...(await storeRecoveries(row, recoveries)), lastSyncAt: clock.now() };
      const newest = cycles.sort((a, b) => Date.parse(b.start) - Date.parse(a.start))[0];
      if (newest) {
        patch.syncedFrom = new Date(newest.start);
        if (newest.score) patch.strain = newest.score.strain;
      }
      await repo.update(row.id, patch);
    } catch (error) {
      if (error instanceof WhoopRateLimited) {
        await repo.update(row.id, {
          nextPollAt: new Date(clock.now().getTime() + Math.max(error.retryAfterMs, cfg.pollIntervalMs)),
        });
        log.warn({ connectionId: row.id, retryInMs: error.retryAfterMs }, 'WHOOP rate limit: backing off');
        return;
      }
      if (error instanceof ConnectionLost) return;
      // The provider failed (5xx, network): nothing is lost; the next poll tries again.
      log.warn({ connectionId: row.id, err: { message: (error as Error).message } }, 'WHOOP poll failed');
      throw new WhoopUnavailable('WHOOP did not answer; the next poll tries again');
    }
  }

  /** Ends an authorization we will not keep (its tokens were never stored). */
  async function revokeQuietly(token: string) {
    await whoop()
      .api.revokeAccess(token)
      .catch(() => false);
  }

  async function requireConnection(patientId: number): Promise<ConnectionRow> {
    const row = await repo.activeFor(patientId);
    if (!row) throw connectFirst(CONNECT_FIRST_MESSAGE, 'CONNECT_FIRST');
    return row;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const service = {
    available: () => config !== null,

    async connect(
      patientId: number,
      watchType: string,
      who: { userId: number; sessionId: string },
    ): Promise<ConnectVitalWatchResponse> {
      if (watchType.toLowerCase() !== 'whoop') {
        throw badRequest(
          `watchType: "${watchType}" is not linked through a provider's API; use "whoop"`,
          'VALIDATION_FAILED',
        );
      }
      const { oidc, cfg, cipher: c } = whoop();
      await patients.assertExists(patientId);
      const verifier = oauth.randomPKCECodeVerifier();
      const state = oauth.randomState(); // 43 characters: WHOOP wants at least 8
      const now = clock.now();
      await repo.savePending(
        {
          stateHash: sha256(state),
          sessionId: who.sessionId,
          patientId,
          userId: who.userId,
          codeVerifier: c.encrypt(verifier, VERIFIER),
          expiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS),
        },
        now,
      );
      const url = oauth.buildAuthorizationUrl(oidc, {
        redirect_uri: cfg.redirectUri,
        scope: SCOPES,
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      return { redirect: true, authUrl: url.href };
    },

    /** The provider's redirect: exchanges the code and stores the connection; answers the outcome only. */
    async callback(
      query: Record<string, string | undefined>,
      who: { userId: number; sessionId: string },
    ): Promise<CallbackOutcome> {
      if (!config) return { ok: false, error: 'not_configured' };
      const { oidc, cfg, cipher: c, api: whoopApi } = whoop();
      const pending = query.state ? await repo.consumePending(sha256(query.state)) : undefined;
      const now = clock.now();
      if (!pending || pending.sessionId !== who.sessionId || pending.expiresAt <= now) {
        log.warn(
          { reason: pending ? 'state of another session or expired' : 'unknown state' },
          'WHOOP callback refused',
        );
        return { ok: false, error: 'invalid_state' } satisfies CallbackOutcome;
      }
      const patientId = pending.patientId;
      if (query.error) {
        return { ok: false, error: query.error.slice(0, 100), patientId } satisfies CallbackOutcome;
      }
      try {
        // The URL WHOOP redirected to, rebuilt from the registered redirect URI (the server may be behind a proxy).
        const current = new URL(cfg.redirectUri);
        for (const [name, value] of Object.entries(query))
          if (value !== undefined) current.searchParams.set(name, value);
        const tokens = await oauth.authorizationCodeGrant(oidc, current, {
          pkceCodeVerifier: c.decrypt(pending.codeVerifier, VERIFIER),
          expectedState: query.state,
        });
        if (!tokens.refresh_token) throw new Error('WHOOP granted no refresh token (the offline scope)');
        const profile = await whoopApi.profile(tokens.access_token);
        if (!profile) throw new Error('WHOOP gave no profile');
        const providerUserId = String(profile.user_id);
        // One person's WHOOP feeds one patient: another patient's active link is not taken over silently.
        const elsewhere = (await repo.activeForProviderUser(PROVIDER, providerUserId)).filter(
          (r) => r.patientId !== patientId,
        );
        if (elsewhere.length > 0) {
          await revokeQuietly(tokens.access_token);
          return {
            ok: false,
            error: CALLBACK_ERRORS.linkedElsewhere,
            patientId,
          } satisfies CallbackOutcome;
        }
        const linkedAt = clock.now();
        const row = await repo.replaceActive({
          patientId,
          provider: PROVIDER,
          providerUserId,
          state: 'connected',
          linkedAt,
          linkedBy: pending.userId,
          stateChangedAt: linkedAt,
          nextPollAt: linkedAt,
          // A new link brings the last day, not the member's whole WHOOP history, onto the record.
          syncedFrom: new Date(linkedAt.getTime() - FIRST_SYNC_WINDOW_MS),
          accessToken: null,
          refreshToken: null,
          ...tokenPatch(tokens, linkedAt),
        });
        await patients.update(
          patientId,
          { hasVitalWatch: true, vitalWatchType: PROVIDER, vitalWatchConnected: true },
          pending.userId,
        );
        log.info({ connectionId: row.id, patientId }, 'WHOOP connected');
        // The first data now rather than at the next tick.
        void poll(row).catch((error: Error) =>
          log.warn({ err: { message: error.message } }, 'WHOOP first poll'),
        );
        return { ok: true, patientId } satisfies CallbackOutcome;
      } catch (error) {
        const code = error instanceof oauth.ResponseBodyError ? error.error : 'exchange_failed';
        log.warn({ patientId, reason: code }, 'WHOOP code exchange failed');
        return { ok: false, error: code, patientId } satisfies CallbackOutcome;
      }
    },

    async connection(patientId: number): Promise<WearableConnection> {
      await patients.assertExists(patientId);
      return toWearableConnection(await repo.activeFor(patientId));
    },

    async vitalWatchData(patientId: number, hasVitalWatch: boolean): Promise<VitalWatchData> {
      if (!hasVitalWatch) throw badRequest(NO_VITAL_WATCH_MESSAGE, 'NO_VITAL_WATCH');
      const row = await requireConnection(patientId);
      if (row.state !== 'connected') throw connectFirst(RECONNECT_MESSAGE, 'RECONNECT_NEEDED');
      return toVitalWatchData(await repo.latestReading(patientId, 'WHOOP API'), row);
    },

    /** A nurse's "refresh": poll this patient's WHOOP now (within the rate limits), then answer its data. */
    async refreshNow(patientId: number): Promise<VitalWatchData> {
      const row = await requireConnection(patientId);
      if (row.state !== 'connected') throw connectFirst(RECONNECT_MESSAGE, 'RECONNECT_NEEDED');
      await poll(row);
      const after = await requireConnection(patientId);
      if (after.state !== 'connected') throw connectFirst(RECONNECT_MESSAGE, 'RECONNECT_NEEDED');
      return toVitalWatchData(await repo.latestReading(patientId, 'WHOOP API'), after);
    },

    /** Ends the connection: WHOOP revokes the member's authorization, and the tokens are wiped here. */
    async disconnect(patientId: number, userId: number): Promise<WearableConnection> {
      const row = await requireConnection(patientId);
      const { api: whoopApi, oidc, cfg, cipher: c } = whoop();
      const notes: string[] = [];
      // WHOOP's own revocation ends the member's authorization of this app, every token with it.
      try {
        const revoked = await withToken(row, (token) => whoopApi.revokeAccess(token));
        notes.push(revoked ? 'WHOOP revoked the authorization' : 'WHOOP did not confirm the revocation');
      } catch (error) {
        notes.push(
          `revocation at WHOOP failed (${error instanceof Error ? error.constructor.name : 'error'})`,
        );
      }
      // And the refresh token at the RFC 7009 endpoint when one is configured: this works without an
      // access token, so also for a connection WHOOP no longer refreshes.
      const latest = await repo.get(row.id);
      if (cfg.revocationUrl && latest?.refreshToken) {
        try {
          await oauth.tokenRevocation(oidc, c.decrypt(latest.refreshToken, REFRESH), {
            token_type_hint: 'refresh_token',
          });
          notes.push('refresh token revoked');
        } catch {
          notes.push('refresh token revocation failed');
        }
      }
      const note = `tokens deleted; ${notes.join('; ')}`;
      const now = clock.now();
      await repo.update(row.id, {
        endedAt: now,
        accessToken: null,
        refreshToken: null,
        endNote: note,
        stateChangedAt: now,
      });
      await patients.update(
        patientId,
        { vitalWatchConnected: false, hasVitalWatch: false, vitalWatchType: null },
        userId,
      );
      log.info({ connectionId: row.id, patientId, note }, 'WHOOP disconnected');
      return toWearableConnection(undefined);
    },

    /**
     * A WHOOP webhook: the signature over timestamp + raw body (client secret, constant-time), a
     * timestamp within the window, never the same delivery twice; then the changed record is fetched.
     */
    async webhook(rawBody: string, signature: string | undefined, timestamp: string | undefined) {
      if (!signature || !timestamp || !/^\d{1,16}$/.test(timestamp)) {
        throw unauthorized('X-WHOOP-Signature and X-WHOOP-Signature-Timestamp are required');
      }
      if (!config) throw unauthorized('WHOOP is not configured here: no webhook signature can be verified');
      const { cfg, api: whoopApi } = whoop();
      const expected = createHmac('sha256', cfg.clientSecret).update(`${timestamp}${rawBody}`).digest();
      const given = Buffer.from(signature, 'base64');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw unauthorized('The webhook signature does not match', 'WEBHOOK_SIGNATURE');
      }
      const now = clock.now().getTime();
      if (Math.abs(now - Number(timestamp)) > WEBHOOK_WINDOW_MS) {
        throw new AppError(401, 'WEBHOOK_STALE', 'The webhook timestamp is outside the accepted window');
      }
      const fresh = await repo.recordReceipt(
        sha256(signature),
        new Date(now),
        new Date(now - 2 * WEBHOOK_WINDOW_MS),
      );
      if (!fresh) throw new AppError(409, 'WEBHOOK_REPLAY', 'This webhook delivery was already received');

      let event: { user_id?: unknown; id?: unknown; type?: unknown };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw badRequest('The webhook body is not JSON', 'INVALID_WEBHOOK');
      }
      if (
        typeof event.user_id !== 'number' ||
        typeof event.id !== 'string' ||
        typeof event.type !== 'string'
      ) {
        throw badRequest('The webhook body needs user_id, id and type', 'INVALID_WEBHOOK');
      }
      const rows = await repo.activeForProviderUser(PROVIDER, String(event.user_id));
      for (const row of rows.filter((r) => r.state === 'connected')) {
        if (event.type === 'recovery.updated') {
          // v2: the id is the sleep's; its cycle carries the recovery.
          const sleepId = event.id;
          const recovery = await withToken(row, async (token) => {
            const sleep = await whoopApi.sleep(token, sleepId);
            return sleep ? whoopApi.cycleRecovery(token, sleep.cycle_id) : null;
          }).catch((error: unknown) => {
            if (error instanceof ConnectionLost || error instanceof WhoopRateLimited) return null;
            throw error;
          });
          if (recovery) await repo.update(row.id, await storeRecoveries(row, [recovery]));
        } else {
          // Sleeps, workouts and deletions: the next poll reads what changed.
          await repo.update(row.id, { nextPollAt: new Date(now) });
        }
      }
    },

    /** Polls every connection that is due; each instance claims its own, so none is polled twice. */
    async pollDue(): Promise<void> {
      if (!config) return;
      const now = clock.now();
      const due = await repo.claimDue(now, new Date(now.getTime() + config.pollIntervalMs));
      for (const row of due) {
        await poll(row).catch(() => {}); // logged by poll; retried at the next interval
      }
    },

    /** The 30-second poller (spec point 9). */
    start() {
      if (!config || timer) return;
      timer = setInterval(
        () => {
          if (running) return;
          running = service.pollDue().finally(() => {
            running = undefined;
          });
        },
        Math.min(config.pollIntervalMs, 5_000),
      ).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
  return service;
}

export type WearableService = ReturnType<typeof createWearableService>;
