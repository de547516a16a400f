// oidc-provider ships no types and @types/oidc-provider lags its releases; this declares only the part the
// WHOOP harness uses, so a wrong option name or call is still a type error.
declare module 'oidc-provider' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface StoredPayload {
    jti?: string;
    kind?: string;
    exp?: number;
    iat?: number;
    consumed?: number;
    grantId?: string;
    accountId?: string;
    clientId?: string;
    scope?: string;
    uid?: string;
    userCode?: string;
    [key: string]: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: StoredPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<StoredPayload | undefined>;
    findByUid(uid: string): Promise<StoredPayload | undefined>;
    findByUserCode(userCode: string): Promise<StoredPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  interface BaseToken {
    jti: string;
    accountId: string;
    clientId: string;
    grantId: string;
    scope?: string;
    readonly scopes: Set<string>;
    exp: number;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }
  export type AccessToken = BaseToken;
  export type RefreshToken = BaseToken;

  export interface Client {
    clientId: string;
    redirectUriAllowed(uri: string): boolean;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[] };
    params: Record<string, string | undefined>;
    session?: { accountId: string };
    grantId?: string;
  }

  export type InteractionResults =
    | { login: { accountId: string }; consent: { grantId: string } }
    | { error: string; error_description?: string };

  export interface OIDCContext {
    route: string;
    params?: Record<string, string | undefined>;
    result?: { consent?: { grantId?: string } };
    body?: Record<string, string | string[] | undefined>;
    entities: { AccessToken?: AccessToken; RefreshToken?: RefreshToken; Client?: Client };
  }

  /** The Koa context oidc-provider hands to `provider.use()` middleware. */
  export interface KoaContextWithOIDC {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    get(field: string): string;
    set(field: string, value: string): void;
    oidc?: OIDCContext;
  }

  export type ExtraParamValidator = (
    ctx: KoaContextWithOIDC,
    value: string | undefined,
    client: Client,
  ) => void | Promise<void>;

  // A type, not an interface, so that it fits the adapter's StoredPayload index signature.
  export type ClientMetadata = {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    grant_types: string[];
    response_types: string[];
    token_endpoint_auth_method: string;
    scope?: string;
  };

  export interface Configuration {
    adapter?: (model: string) => Adapter;
    clients?: ClientMetadata[];
    clientAuthMethods?: string[];
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    clockTolerance?: number;
    cookies?: { keys: string[] };
    expiresWithSession?: (ctx: KoaContextWithOIDC, code: { scopes: Set<string> }) => Promise<boolean>;
    extraParams?: Record<string, ExtraParamValidator>;
    features?: {
      devInteractions?: { enabled: boolean };
      revocation?: { enabled: boolean };
      introspection?: { enabled: boolean };
      userinfo?: { enabled: boolean };
      rpInitiatedLogout?: { enabled: boolean };
    };
    findAccount?: (
      ctx: KoaContextWithOIDC,
      sub: string,
    ) => Promise<{ accountId: string; claims: () => Promise<{ sub: string }> }>;
    jwks?: { keys: object[] };
    issueRefreshToken?: (
      ctx: KoaContextWithOIDC,
      client: Client & { grantTypeAllowed(type: string): boolean },
      code: { scopes: Set<string> },
    ) => Promise<boolean>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    pkce?: { required: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => Promise<void>;
    responseTypes?: string[];
    rotateRefreshToken?: boolean;
    routes?: Record<string, string>;
    scopes?: string[];
    ttl?: Record<string, number>;
  }

  export type Middleware = (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>;

  interface TokenModel<T> {
    find(value: string, options?: { ignoreExpiration?: boolean }): Promise<T | undefined>;
  }

  export class Provider extends EventEmitter {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: Middleware): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    readonly Grant: (new (properties: { accountId: string; clientId: string }) => Grant) & TokenModel<Grant>;
    readonly AccessToken: TokenModel<AccessToken>;
    readonly RefreshToken: TokenModel<RefreshToken>;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      error: string;
      error_description?: string;
      status: number;
    }
    class CustomOIDCProviderError extends OIDCProviderError {
      constructor(error: string, description?: string);
    }
    class InvalidScope extends OIDCProviderError {
      constructor(description: string, scope: string);
    }
  }

  export default Provider;
}
