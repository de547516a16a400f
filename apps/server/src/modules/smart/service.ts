import { randomBytes } from 'node:crypto';
import {
  grantSmartScopes,
  type SmartClient,
  type SmartClientCreateInput,
  type SmartClientUpdateInput,
  type SmartTokenResponse,
} from '@vigil/domain';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/token-hash.ts';
import type { SmartPrincipal } from '../../plugins/access.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import { boundedJwksFetch } from './jwks-fetch.ts';
import { toClient } from './mappers.ts';
import type { SmartClientRow, SmartRepository } from './repository.ts';

/**
 * SMART Backend Services (https://hl7.org/fhir/smart-app-launch/backend-services.html): a registered
 * system proves itself with a JWT it signs with a key of its JWKS (`private_key_jwt`) and receives a
 * short-lived access token for the scopes it was granted.
 */
export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** The algorithms SMART asks servers to support (RS384, ES384), and their 256-bit siblings. */
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384', 'RS256', 'ES256'];
/** SMART: an assertion expires no more than five minutes after it is made. */
const MAX_ASSERTION_LIFETIME_S = 300;
export const ACCESS_TOKEN_LIFETIME_S = 300;
const TOKEN_PREFIX = 'vgl_smart_';

/** An OAuth 2.0 token error (RFC 6749 §5.2) with a message a person can act on. */
export class OAuthError extends Error {
  readonly status: 400 | 401;
  readonly error: 'invalid_request' | 'invalid_client' | 'invalid_scope' | 'unsupported_grant_type';

  constructor(status: OAuthError['status'], error: OAuthError['error'], message: string) {
    super(message);
    this.status = status;
    this.error = error;
  }
}

/** A claim's text as it may be stored and compared: a non-empty string, no control characters. */
const isClaimText = (value: unknown, max = 255): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= max &&
  ![...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export function createSmartService(deps: {
  repo: SmartRepository;
  clock: Clock;
  audit: AuditService;
  /** Fetch a client's JWKS from loopback and private addresses too (config SMART_JWKS_ALLOW_PRIVATE). */
  jwksAllowPrivate?: boolean;
}) {
  const { repo, clock, audit } = deps;
  const jwksFetch = boundedJwksFetch({ allowPrivate: deps.jwksAllowPrivate ?? false });
  /** Remote key sets, kept per URL so their keys are cached between requests. */
  const remoteKeySets = new Map<string, JWTVerifyGetKey>();

  const keySetOf = (client: SmartClientRow): JWTVerifyGetKey => {
    if (client.jwks) return createLocalJWKSet(client.jwks as JSONWebKeySet);
    let keySet = remoteKeySets.get(client.jwksUrl!);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(client.jwksUrl!), {
        timeoutDuration: 5000,
        cooldownDuration: 30_000,
        [customFetch]: jwksFetch,
      });
      remoteKeySets.set(client.jwksUrl!, keySet);
    }
    return keySet;
  };

  async function refuse(actor: AuditActor, clientId: string | null, error: OAuthError): Promise<never> {
    await audit.record({
      actor: { ...actor, username: clientId ? `smart:${clientId}`.slice(0, 200) : null, role: 'system' },
      action: 'failed-sign-in',
      entityType: 'SmartClient',
      entityId: clientId,
      outcome: 'failure',
      detail: error.error,
    });
    throw error;
  }

  return {
    async register(input: SmartClientCreateInput, actor: AuditActor): Promise<SmartClient> {
      const row = await repo.insertClient({
        clientId: randomBytes(16).toString('base64url'),
        name: input.name,
        jwks: input.jwks ?? null,
        jwksUrl: input.jwksUrl ?? null,
        scopes: input.scopes.join(' '),
        createdAt: clock.now(),
        createdBy: actor.userId,
      });
      await audit.record({
        actor,
        action: 'create',
        entityType: 'SmartClient',
        entityId: row.clientId,
        detail: `scopes ${row.scopes}`,
      });
      return toClient(row);
    },

    list: async (): Promise<SmartClient[]> => (await repo.list()).map(toClient),

    async update(id: number, input: SmartClientUpdateInput, actor: AuditActor): Promise<SmartClient> {
      const row = await repo.byId(id);
      if (!row) throw notFound('No such SMART client');
      const updated = await repo.update(id, {
        ...(input.disabled !== undefined ? { disabledAt: input.disabled ? clock.now() : null } : {}),
        ...(input.scopes ? { scopes: input.scopes.join(' ') } : {}),
      });
      // Disabling ends the client's tokens for good: enabling it again revives none of them. A change
      // of scopes reaches its tokens at their next request (verify intersects with the client's scopes).
      if (input.disabled) await repo.deleteTokens(row.clientId);
      await audit.record({
        actor,
        action: 'update',
        entityType: 'SmartClient',
        entityId: row.clientId,
        detail: [
          input.disabled !== undefined ? (input.disabled ? 'disabled' : 'enabled') : null,
          input.scopes ? `scopes ${input.scopes.join(' ')}` : null,
        ]
          .filter(Boolean)
          .join(', '),
      });
      return toClient(updated!);
    },

    /** The token endpoint: checks the assertion and the scopes, and issues an access token. */
    async token(
      form: Record<string, string | undefined>,
      tokenUrl: string,
      actor: AuditActor,
    ): Promise<SmartTokenResponse> {
      if (form.grant_type !== 'client_credentials') {
        throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
      }
      if (form.client_assertion_type !== CLIENT_ASSERTION_TYPE) {
        throw new OAuthError(
          400,
          'invalid_request',
          `client_assertion_type must be ${CLIENT_ASSERTION_TYPE}`,
        );
      }
      if (!form.client_assertion) {
        throw new OAuthError(
          400,
          'invalid_request',
          'client_assertion is required: a JWT signed with your key',
        );
      }
      if (!form.scope?.trim()) throw new OAuthError(400, 'invalid_request', 'scope is required');
      let claimedId: unknown;
      try {
        claimedId = decodeJwt(form.client_assertion).iss;
      } catch {
        throw new OAuthError(400, 'invalid_request', 'client_assertion is not a JWT');
      }
      // A client id is text we issued: anything else (a number, a NUL) names no client.
      const client = isClaimText(claimedId, 200) ? await repo.byClientId(claimedId) : undefined;
      if (!client || client.disabledAt) {
        return refuse(
          actor,
          null,
          new OAuthError(401, 'invalid_client', 'The client is not registered or is disabled'),
        );
      }
      const now = clock.now();
      let payload: { exp?: number; jti?: string };
      try {
        ({ payload } = await jwtVerify(form.client_assertion, keySetOf(client), {
          issuer: client.clientId,
          subject: client.clientId,
          audience: tokenUrl,
          algorithms: ASSERTION_ALGORITHMS,
          currentDate: now,
          requiredClaims: ['exp', 'jti'],
        }));
      } catch (error) {
        const why =
          error instanceof joseErrors.JWTExpired
            ? 'The client assertion has expired: make a new one for each token request'
            : error instanceof joseErrors.JWTClaimValidationFailed
              ? `The client assertion's ${error.claim} claim is wrong (iss and sub must be your client id, aud ${tokenUrl})`
              : error instanceof joseErrors.JWKSNoMatchingKey ||
                  error instanceof joseErrors.JWSSignatureVerificationFailed
                ? 'The client assertion is not signed by a key registered for this client'
                : 'The client assertion could not be verified';
        return refuse(actor, client.clientId, new OAuthError(401, 'invalid_client', why));
      }
      // RFC 7519 §4.1.7: jti is a string; an empty one identifies nothing.
      if (!isClaimText(payload.jti)) {
        return refuse(
          actor,
          client.clientId,
          new OAuthError(
            401,
            'invalid_client',
            'The client assertion needs a jti: a unique string of at most 255 characters',
          ),
        );
      }
      if (payload.exp! - now.getTime() / 1000 > MAX_ASSERTION_LIFETIME_S + 5) {
        return refuse(
          actor,
          client.clientId,
          new OAuthError(401, 'invalid_client', 'The client assertion must expire within five minutes'),
        );
      }
      if (!(await repo.useJti(client.clientId, payload.jti!, new Date(payload.exp! * 1000)))) {
        return refuse(
          actor,
          client.clientId,
          new OAuthError(401, 'invalid_client', 'This client assertion (its jti) was already used'),
        );
      }
      // SMART App Launch 2.x: the token holds what was asked for and the client holds (v1 forms and
      // wildcards read as v2); only an empty intersection is refused.
      const requested = form.scope.trim().split(/\s+/);
      const granted = grantSmartScopes(requested, client.scopes.split(' '));
      if (granted.length === 0) {
        return refuse(
          actor,
          client.clientId,
          new OAuthError(
            400,
            'invalid_scope',
            `None of ${requested.join(' ')} is granted to this client: it holds ${client.scopes}`,
          ),
        );
      }
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      await repo.insertToken({
        tokenHash: hashToken(token),
        clientId: client.clientId,
        scopes: granted.join(' '),
        issuedAt: now,
        expiresAt: new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_S * 1000),
      });
      await audit.record({
        actor: { ...actor, username: `smart:${client.clientId}`, role: 'system' },
        action: 'sign-in',
        entityType: 'SmartClient',
        entityId: client.clientId,
        detail: `access token for ${granted.join(' ')}`,
      });
      return {
        access_token: token,
        token_type: 'bearer',
        expires_in: ACCESS_TOKEN_LIFETIME_S,
        scope: granted.join(' '),
      };
    },

    /** An access token's client and scopes; null when unknown, expired, or its client disabled. */
    async verify(token: string): Promise<SmartPrincipal | null> {
      if (!token.startsWith(TOKEN_PREFIX)) return null;
      const found = await repo.token(hashToken(token), clock.now());
      if (!found || found.client.disabledAt) return null;
      // What the client holds now: a scope an administrator took away ends at once.
      return {
        clientId: found.client.clientId,
        name: found.client.name,
        scopes: grantSmartScopes(found.token.scopes.split(' '), found.client.scopes.split(' ')),
      };
    },

    purge: () => repo.purge(clock.now()),
  };
}

export type SmartService = ReturnType<typeof createSmartService>;
