import * as oauth from 'openid-client';
import type { WhoopConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/token-hash.ts';
import type { DeviceLinkService } from '../devices/link-service.ts';
import { whoopDeviceId } from './mappers.ts';
import type {
  ConnectionPatch,
  ConnectionRow,
  PendingAuthorization,
  WearableRepository,
} from './repository.ts';
import type { TokenCipher } from './token-cipher.ts';
import { type WhoopApi, WhoopRateLimited, WhoopUnauthorized } from './whoop-api.ts';

// The OAuth side of WHOOP: the authorization-code flow with PKCE, the state bound to the session and
// patient, and the tokens kept encrypted and refreshed one at a time per connection.

const SCOPES = 'read:recovery read:cycles read:sleep read:workout read:profile read:body_measurement offline';
/** How long a started authorization may take (the state's lifetime). */
const AUTHORIZATION_TTL_MS = 10 * 60_000;
/** An access token this close to expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

/** Purposes of the encrypted values (associated data): a value only decrypts where it was written. */
const ACCESS = 'whoop:access';
const REFRESH = 'whoop:refresh';
const VERIFIER = 'whoop:pkce';

export interface WearableLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** WHOOP no longer accepts the connection (or it has no token): the record says "reconnect needed". */
export class ConnectionLost extends Error {}

/** WHOOP failed (its 5xx, a network error): shown as 502, retried by the next poll. */
export class WhoopUnavailable extends AppError {
  constructor(message: string) {
    super(502, 'WHOOP_UNAVAILABLE', `${message}. Try again shortly.`);
  }
}

const notConfigured = () =>
  new AppError(
    404,
    'WHOOP_NOT_CONFIGURED',
    "The wearable provider's API integration is not configured. Please contact support.",
  );

const isInvalidGrant = (error: unknown) =>
  error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant';

export function createWhoopOAuth(deps: {
  config: WhoopConfig | null;
  repo: WearableRepository;
  clock: Clock;
  cipher: TokenCipher | null;
  api: WhoopApi | null;
  /** A lost connection's WHOOP link is lost too: every screen reads it. */
  links: Pick<DeviceLinkService, 'providerLost' | 'activeForDevice'>;
  log: WearableLog;
}) {
  const { config, repo, clock, cipher, api, links, log } = deps;

  function build(): { cfg: WhoopConfig; oidc: oauth.Configuration; cipher: TokenCipher; api: WhoopApi } {
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
  let built: ReturnType<typeof build> | undefined;
  /** The configured client, built once; 404 WHOOP_NOT_CONFIGURED when WHOOP is not set up here. */
  const whoop = () => {
    built ??= build();
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
    const link = await links.activeForDevice(whoopDeviceId(row.providerUserId, row.patientId));
    if (link) await links.providerLost(link.id).catch(() => {});
    log.warn({ connectionId: row.id, reason: why }, 'WHOOP connection lost: reconnect needed');
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

  return {
    whoop,
    tokenPatch,
    withToken,

    /** Starts an authorization: its PKCE verifier kept encrypted under its state's hash; WHOOP's URL. */
    async authorizationUrl(patientId: number, who: { userId: number; sessionId: string }): Promise<string> {
      const { oidc, cfg, cipher: c } = whoop();
      const verifier = oauth.randomPKCECodeVerifier();
      const state = oauth.randomState(); // 43 characters: WHOOP wants at least 8
      const now = clock.now();
      await repo.savePending(
        {
          stateHash: hashToken(state),
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
      return url.href;
    },

    /**
     * Uses up this session's own authorization of `state`: a state submitted from another session
     * (or unknown) is refused and leaves the nurse's pending authorization as it was.
     */
    takePending: async (state: string | undefined, sessionId: string) =>
      state ? await repo.consumePending(hashToken(state), sessionId) : undefined,

    /** Exchanges the code WHOOP redirected with (PKCE) for tokens, and names the WHOOP member. */
    async exchange(query: Record<string, string | undefined>, pending: PendingAuthorization) {
      const { oidc, cfg, cipher: c, api: whoopApi } = whoop();
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
      return { tokens, providerUserId: String(profile.user_id) };
    },

    /** Ends an authorization we will not keep (its tokens were never stored). */
    async revokeQuietly(token: string) {
      await whoop()
        .api.revokeAccess(token)
        .catch(() => false);
    },

    /** Revokes a connection at WHOOP, as far as WHOOP lets us; what happened, as notes. */
    async revoke(row: ConnectionRow): Promise<string[]> {
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
      return notes;
    },
  };
}

export type WhoopOAuth = ReturnType<typeof createWhoopOAuth>;
