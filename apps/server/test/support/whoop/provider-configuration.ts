import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { type ClientMetadata, type Configuration, errors, type Grant } from 'oidc-provider';
import type { TokenStore } from './token-store.ts';

/** WHOOP's scopes; `offline` (not OpenID's `offline_access`) is the one that earns a refresh token. */
export const WHOOP_SCOPES = [
  'read:recovery',
  'read:cycles',
  'read:sleep',
  'read:workout',
  'read:profile',
  'read:body_measurement',
  'offline',
] as const;

/** WHOOP's paths (api.prod.whoop.com/oauth/oauth2/...), so only the origin differs from production. */
export const ROUTES = {
  authorization: '/oauth/oauth2/auth',
  token: '/oauth/oauth2/token',
  revocation: '/oauth/oauth2/revoke',
} as const;

export interface WhoopClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

const MIN_STATE_LENGTH = 8;

// WHOOP's /oauth/oauth2 endpoints are Ory Hydra's; these are Hydra's error codes and wording, so the product
// meets the same `error` values here as in production.
const weakState = () =>
  new errors.CustomOIDCProviderError(
    'invalid_state',
    'The state is missing or does not have enough characters and is therefore considered too weak',
  );
const unknownScope = (scope: string) =>
  new errors.InvalidScope(`The OAuth 2.0 Client is not allowed to request scope "${scope}".`, scope);

/**
 * The one client, as WHOOP registers an app. The harness keeps it in its own store (not oidc-provider's static
 * `clients`, fixed at construction) so that redirect URIs can be added once the product's port is known.
 */
export function whoopClientMetadata(client: WhoopClient): ClientMetadata {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    // application_type defaults to 'web', which oidc-provider lets register http:// redirect URIs as long as the
    // client does not use the implicit flow (only implicit web clients are held to https and to a non-localhost
    // host). Matching stays exact, port included: the any-port loopback rule of RFC 8252 applies to 'native'
    // clients only. WHOOP itself accepts https redirect URIs only.
    redirect_uris: [...client.redirectUris],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
    scope: WHOOP_SCOPES.join(' '),
  };
}

/** oidc-provider configured the way WHOOP's authorization server behaves. */
export function whoopProviderConfiguration(
  store: TokenStore,
  accessTokenTtlSeconds: number,
  findGrant: (grantId: string) => Promise<Grant | undefined>,
): Configuration {
  const hasOffline = async (_ctx: unknown, source: { scopes: Set<string> }) => source.scopes.has('offline');
  return {
    adapter: store.adapterFor,
    // Advertised and enforced: a Basic Authorization header then answers invalid_client.
    clientAuthMethods: ['client_secret_post'],
    clientBasedCORS: () => false,
    // The default 15 s leeway would keep an expired access token valid here for 15 s longer than at WHOOP.
    clockTolerance: 0,
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Nothing here is signed (no ID tokens, opaque access tokens) but oidc-provider wants a key, and warns
    // when it has to make up its own.
    jwks: {
      keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) }],
    },
    scopes: [...WHOOP_SCOPES],
    responseTypes: ['code'],
    pkce: { required: () => true },
    // oidc-provider's defaults key both on OpenID's offline_access.
    issueRefreshToken: async (ctx, oidcClient, code) =>
      oidcClient.grantTypeAllowed('refresh_token') && (await hasOffline(ctx, code)),
    expiresWithSession: async (ctx, code) => !(await hasOffline(ctx, code)),
    rotateRefreshToken: true,
    // Only the grant the interaction just made: every authorization then passes through the interaction,
    // where the harness decides who signs in and whether they deny.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc?.result?.consent?.grantId;
      return grantId ? findGrant(grantId) : undefined;
    },
    // Checked after client_id and redirect_uri are verified, so oidc-provider sends these errors back to the
    // redirect URI with `state` and `iss`, as it does its own (a provider.use() check could not tell whether
    // the redirect URI is safe to use).
    extraParams: {
      state: (_ctx, value) => {
        if ((value ?? '').length < MIN_STATE_LENGTH) throw weakState();
      },
      scope: (ctx) => {
        // By now oidc-provider has silently dropped the scopes it does not know from the parameters: read the
        // request itself (an authorization request may come as a GET or a form POST).
        const sent = ctx.method === 'POST' ? ctx.oidc?.body?.scope : ctx.query.scope;
        const known: readonly string[] = WHOOP_SCOPES;
        const unknown = String(sent ?? '')
          .split(' ')
          .find((scope) => scope !== '' && !known.includes(scope));
        if (unknown !== undefined) throw unknownScope(unknown);
      },
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: false },
    },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    renderError: async (ctx, out) => {
      ctx.body = out;
    },
    routes: { ...ROUTES },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      // Hydra's defaults: 10 minutes for a code, 30 days for a refresh token.
      AuthorizationCode: 600,
      RefreshToken: 30 * 24 * 3600,
      Grant: 30 * 24 * 3600,
      Session: 24 * 3600,
      Interaction: 600,
    },
  };
}
