import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { listenOnLoopback } from './loopback-server.ts';
import {
  ROUTES,
  WHOOP_SCOPES,
  whoopClientMetadata,
  whoopProviderConfiguration,
} from './provider-configuration.ts';
import { createTokenStore } from './token-store.ts';

export interface WhoopAuthorizationServerOptions {
  /** The product's callback URLs, matched exactly (port included); more with allowRedirectUri(). */
  redirectUris?: string[];
  /** Defaults to a random UUID, the shape of WHOOP's client ids. */
  clientId?: string;
  /** Defaults to 64 random hex characters. */
  clientSecret?: string;
  /** The WHOOP user_id (as a string) authorizations sign in as; '10129' unless changed with signInAs(). */
  accountId?: string;
  /** Lifetime of access tokens; WHOOP's are an hour. */
  accessTokenTtlSeconds?: number;
}

export interface AccessTokenInfo {
  accountId: string;
  clientId: string;
  scopes: string[];
  expiresAt: Date;
}

export type TokenFault = 429 | 500;

export const DEFAULT_WHOOP_ACCOUNT_ID = '10129';

/** A loopback OAuth 2.0 authorization server that accepts and refuses what WHOOP's does. */
export async function startWhoopAuthorizationServer(options: WhoopAuthorizationServerOptions) {
  const clientId = options.clientId ?? randomUUID();
  const clientSecret = options.clientSecret ?? randomBytes(32).toString('hex');
  let accountId = options.accountId ?? DEFAULT_WHOOP_ACCOUNT_ID;
  let denial: string | undefined;
  const tokenFaults: TokenFault[] = [];
  const counters = {
    authorizations: 0,
    denials: 0,
    tokenRequests: 0,
    codeExchanges: 0,
    refreshes: 0,
    revocations: 0,
  };
  const store = createTokenStore();
  const redirectUris = [...(options.redirectUris ?? [])];
  const registerClient = () =>
    store.put('Client', clientId, whoopClientMetadata({ clientId, clientSecret, redirectUris }));
  registerClient();

  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  const { origin: issuer, close } = await listenOnLoopback(server);

  const provider: Provider = new Provider(
    issuer,
    whoopProviderConfiguration(store, options.accessTokenTtlSeconds ?? 3600, (grantId) =>
      provider.Grant.find(grantId),
    ),
  );

  provider.use(async (ctx, next) => {
    if (ctx.method !== 'POST') return next();
    if (ctx.path === ROUTES.revocation) {
      if (refuseBasicAuth(ctx)) return;
      await next();
      if (ctx.status === 200) counters.revocations += 1;
      return;
    }
    if (ctx.path !== ROUTES.token) return next();
    counters.tokenRequests += 1;
    const fault = tokenFaults.shift();
    if (fault !== undefined) return answerFault(ctx, fault);
    if (refuseBasicAuth(ctx)) return;
    await next();
    if (ctx.status !== 200) return;
    if (ctx.oidc?.params?.grant_type === 'authorization_code') counters.codeExchanges += 1;
    if (ctx.oidc?.params?.grant_type === 'refresh_token') {
      counters.refreshes += 1;
      await afterRefresh(ctx);
    }
  });
  provider.on('authorization.success', () => {
    counters.authorizations += 1;
  });

  /** The parts of a refresh where WHOOP (Hydra) differs from oidc-provider. */
  async function afterRefresh(ctx: KoaContextWithOIDC) {
    const accessToken = ctx.oidc?.entities.AccessToken;
    const refreshToken = ctx.oidc?.entities.RefreshToken;
    if (!accessToken || !refreshToken) return;
    // WHOOP's documentation has clients refresh with scope=offline and the new access token still reads data:
    // Hydra grants the originally granted scopes on refresh, where oidc-provider would narrow to `offline`.
    accessToken.scope = refreshToken.scope;
    await accessToken.save();
    (ctx.body as { scope?: string }).scope = accessToken.scope;
    // Hydra also revokes the earlier access tokens of the same authorization when it refreshes.
    store.destroyWhere(
      'AccessToken',
      (payload) => payload.grantId === accessToken.grantId && payload.jti !== accessToken.jti,
    );
  }

  async function interact(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const finish = { mergeWithLastSubmission: false };
    if (denial !== undefined) {
      const description = denial;
      denial = undefined;
      counters.denials += 1;
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: description },
        finish,
      );
      return;
    }
    const signedIn = details.session?.accountId;
    if (signedIn !== undefined && signedIn !== accountId) {
      // oidc-provider would answer with a logout form here; a test meeting it is better told plainly.
      res.writeHead(409, { 'content-type': 'text/plain' });
      res.end(
        `this browser is signed in to the WHOOP harness as ${signedIn}, not ${accountId}: use a new one`,
      );
      return;
    }
    const grant = new provider.Grant({ accountId, clientId });
    if (details.params.scope) grant.addOIDCScope(details.params.scope);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, finish);
  }

  const providerCallback = provider.callback();
  handle = (req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: Error) => {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${error.message}`);
      });
      return;
    }
    providerCallback(req, res);
  };

  return {
    issuer,
    authorizationEndpoint: `${issuer}${ROUTES.authorization}`,
    tokenEndpoint: `${issuer}${ROUTES.token}`,
    revocationEndpoint: `${issuer}${ROUTES.revocation}`,
    clientId,
    clientSecret,
    get redirectUris(): readonly string[] {
      return redirectUris;
    },
    /** Registers one more redirect URI, e.g. the callback of a server started after this. */
    allowRedirectUri(uri: string) {
      if (!redirectUris.includes(uri)) redirectUris.push(uri);
      registerClient();
    },
    scopes: [...WHOOP_SCOPES],
    /** Live counts of what the server answered; token requests include injected faults. */
    counters,
    get accountId() {
      return accountId;
    },
    /** The WHOOP user the next authorizations sign in as. */
    signInAs(nextAccountId: string) {
      accountId = nextAccountId;
    },
    /** The next authorization ends with error=access_denied on the redirect URI, as when the user declines. */
    denyNextAuthorization(description = 'The resource owner denied the request') {
      denial = description;
    },
    /** The next `count` token requests (code exchanges and refreshes alike) answer `status` instead. */
    failNextTokenRequests(count: number, status: TokenFault) {
      for (let i = 0; i < count; i += 1) tokenFaults.push(status);
    },
    /** What an access token grants, or undefined when it is unknown, expired or revoked. */
    async inspectAccessToken(value: string): Promise<AccessTokenInfo | undefined> {
      const token = await provider.AccessToken.find(value);
      // Expired ones too: clockTolerance 0 leaves find() no leeway past `exp`.
      if (!token) return undefined;
      const scopes = [...token.scopes];
      return {
        accountId: token.accountId,
        clientId: token.clientId,
        scopes,
        expiresAt: new Date(token.exp * 1000),
      };
    },
    /** Ends every access token issued so far (refresh tokens stay valid); returns how many. */
    expireAccessTokens(): number {
      const now = Math.floor(Date.now() / 1000);
      const tokens = store.payloads('AccessToken');
      for (const payload of tokens) payload.exp = now;
      return tokens.length;
    },
    /** The user disconnects the app in WHOOP: every grant and token of theirs stops working. */
    revokeAccess(ofAccountId = accountId) {
      const theirs = (payload: { accountId?: string }) => payload.accountId === ofAccountId;
      for (const model of ['AccessToken', 'RefreshToken', 'AuthorizationCode', 'Grant']) {
        store.destroyWhere(model, theirs);
      }
    },
    close,
  };
}

export type WhoopAuthorizationServer = Awaited<ReturnType<typeof startWhoopAuthorizationServer>>;

/**
 * oidc-provider accepts client_secret_basic from a client registered for client_secret_post (it treats the two
 * as one); WHOOP refuses it, with Hydra's error.
 */
function refuseBasicAuth(ctx: KoaContextWithOIDC): boolean {
  if (!/^basic /i.test(ctx.get('authorization'))) return false;
  ctx.status = 401;
  ctx.body = {
    error: 'invalid_client',
    error_description:
      "Client authentication failed. The OAuth 2.0 Client supports client authentication method 'client_secret_post', but method 'client_secret_basic' was requested.",
  };
  return true;
}

async function answerFault(ctx: KoaContextWithOIDC, status: TokenFault) {
  ctx.status = status;
  if (status === 429) ctx.set('Retry-After', '1');
  ctx.body =
    status === 429
      ? {
          error: 'rate_limit_exceeded',
          error_description: 'Too many requests (injected by the WHOOP harness)',
        }
      : { error: 'server_error', error_description: 'Internal error (injected by the WHOOP harness)' };
}
