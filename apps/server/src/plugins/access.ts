import { PASSWORD_CHANGE_REQUIRED_MESSAGE, type Permission, ROLE_LABELS, type User } from '@vigil/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';

/**
 * Who may call a route, declared in its route options (`config: { access }`) and checked by one hook
 * on the route the router matched: never decided by the text of the URL, which the router decodes
 * (`/%61pi/…` is `/api/…` to it). A route that declares nothing makes the server refuse to start.
 */
export type RouteAccess =
  /** Anyone: sign-in, registration, health. */
  | { kind: 'public' }
  /** The built web app's files and pages (no patient data). */
  | { kind: 'asset' }
  /** A provider's servers; the handler verifies the request's signature before anything else. */
  | { kind: 'webhook' }
  /**
   * A signed-in person holding `permission`, or (when `orToken` is set) a scoped token of that kind.
   * `signedOutRedirect`: a page the browser lands on (a provider's redirect back to us) is answered,
   * without a session, by a 303 to this fixed app page rather than a JSON 401.
   */
  | { kind: 'user'; permission: Permission; orToken?: TokenKind; signedOutRedirect?: string }
  /** A scoped token of this kind only (no session). */
  | { kind: 'token'; token: TokenKind };

/**
 * Scoped credentials a machine presents as `Authorization: Bearer …`: a device token (one patient's
 * readings) or a bridge pairing token (one use, minutes).
 */
export type TokenKind = 'device' | 'pairing';

/** A device token's scope: it may send readings for this patient only. */
export interface DevicePrincipal {
  tokenId: number;
  patientId: number;
}

/** Whose manager page a used pairing token came from. */
export interface PairingPrincipal {
  user: User;
  expiresAt: Date;
}

export const access = {
  public: { kind: 'public' } as const satisfies RouteAccess,
  asset: { kind: 'asset' } as const satisfies RouteAccess,
  webhook: { kind: 'webhook' } as const satisfies RouteAccess,
  user: (
    permission: Permission,
    options: { orToken?: TokenKind; signedOutRedirect?: string } = {},
  ): RouteAccess => ({
    kind: 'user',
    permission,
    ...options,
  }),
  token: (token: TokenKind): RouteAccess => ({ kind: 'token', token }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: User | null;
    sessionId: string | null;
    /** Set when the request was authorised by a device token. */
    device: DevicePrincipal | null;
    /** Set when the request was authorised by (and used up) a bridge pairing token. */
    pairing: PairingPrincipal | null;
  }
  interface FastifyInstance {
    /** Every route with its declared access and schemas: the route-table tests walk it. */
    routeTable: RouteTableEntry[];
  }
}

export interface RouteTableEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
}

export interface AccessDeps {
  /** Resolves the session cookie of a request to its user; null when absent, unknown or expired. */
  authenticate(request: FastifyRequest): Promise<{ user: User; sessionId: string } | null>;
  /** The permissions a signed-in user holds (those of their role). */
  permissionsOf(user: User): ReadonlySet<Permission>;
  verifyDeviceToken(token: string): Promise<DevicePrincipal | null>;
  /** Uses a pairing token (single use). */
  usePairingToken(token: string): Promise<PairingPrincipal | null>;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

/** Registers the route table and the one authorization hook. Call before any route is added. */
export function registerAccessControl(app: FastifyInstance, deps: AccessDeps) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('device', null);
  app.decorateRequest('pairing', null);

  const table: FastifyInstance['routeTable'] = [];
  const declared: {
    method: string;
    route: { url?: string; path?: string; config?: unknown; schema?: unknown };
  }[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    // Read when the server is ready: a plugin's own onRoute hook (the web app's assets) runs after
    // this one and may still declare the access of the routes it adds.
    for (const method of [route.method].flat()) declared.push({ method, route });
  });
  app.addHook('onReady', async () => {
    const rows = declared.map(({ method, route }) => ({
      method,
      url: String(route.url ?? route.path),
      access: (route.config as { access?: RouteAccess } | undefined)?.access,
      schema: route.schema as RouteTableEntry['schema'],
    }));
    const missing = rows.filter((r) => !r.access);
    if (missing.length > 0) {
      throw new Error(
        `Every route must declare who may call it (config.access); these do not: ${missing
          .map((r) => `${r.method} ${r.url}`)
          .join(', ')}`,
      );
    }
    table.push(...rows);
  });

  app.addHook('onRequest', async (request, reply) => {
    // The not-found handler answers 404 (or the web app's page); it reaches no route's handler.
    if (request.is404) return;
    const rule = request.routeOptions.config.access;
    if (!rule) throw forbidden('This route declares no access and is closed', 'ACCESS_UNDECLARED');
    switch (rule.kind) {
      case 'public':
      case 'asset':
      case 'webhook':
        return;
      case 'token':
        return authoriseToken(request, rule.token);
      case 'user': {
        const session = await deps.authenticate(request);
        if (session) {
          request.user = session.user;
          request.sessionId = session.sessionId;
          if (!deps.permissionsOf(session.user).has(rule.permission)) {
            throw forbidden(
              `Your role (${ROLE_LABELS[session.user.role] ?? session.user.role}) does not allow this: it needs the "${rule.permission}" permission`,
              'PERMISSION_DENIED',
            );
          }
          // After an administrator reset the password, only the account itself is reachable.
          if (session.user.mustChangePassword && rule.permission !== 'account:self') {
            throw forbidden(PASSWORD_CHANGE_REQUIRED_MESSAGE, 'PASSWORD_CHANGE_REQUIRED');
          }
          return;
        }
        if (rule.orToken && request.headers.authorization) return authoriseToken(request, rule.orToken);
        if (rule.signedOutRedirect) {
          reply.redirect(rule.signedOutRedirect, 303);
          return reply;
        }
        throw unauthorized();
      }
    }
  });

  async function authoriseToken(request: FastifyRequest, kind: TokenKind) {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized(`Send the ${kind} token as "Authorization: Bearer …"`);
    switch (kind) {
      case 'device':
        request.device = await deps.verifyDeviceToken(token);
        if (!request.device)
          throw unauthorized('The device token is unknown, expired or revoked', 'INVALID_DEVICE_TOKEN');
        return;
      case 'pairing':
        request.pairing = await deps.usePairingToken(token);
        if (!request.pairing) {
          throw unauthorized(
            'The pairing token is unknown, used or expired; connect to the bridge again from Vigil',
            'INVALID_PAIRING_TOKEN',
          );
        }
        return;
    }
  }
}
