import {
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  type Permission,
  ROLE_LABELS,
  type SmartPermission,
  type SmartScope,
  scopeResourceType,
  scopeSees,
  scopesAllow,
  type User,
  type WardScope,
} from '@vigil/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, notFound } from '../lib/errors.ts';
import { isWithoutSession, registerPublicLimits } from './public-limits.ts';
import type { RouteAccess, TokenKind, WardCheck } from './route-access.ts';
import { accessOf, registerRouteTable } from './route-table.ts';

// Declared in a module of their own, which the route table and the public limits read too.
export type { RouteAccess, TokenKind, WardCheck } from './route-access.ts';

/** A registered system (SMART Backend Services client) and the scopes its access token holds. */
export interface SmartPrincipal {
  clientId: string;
  name: string;
  scopes: readonly string[];
}

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
  metrics: { kind: 'metrics' } as const satisfies RouteAccess,
  user: (
    permission: Permission,
    options: {
      orToken?: TokenKind;
      scopes?: readonly SmartScope[];
      scopeMatch?: 'all' | 'any';
      scopePermissions?: readonly SmartPermission[];
      signedOutRedirect?: string;
      reads?: string | false;
      crossSiteNavigation?: boolean;
      ward?: WardCheck;
    } = {},
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
    /** The wards a signed-in person sees (decision 035); null without a session. */
    wards: WardScope | null;
    /** Set when the request was authorised by a device token. */
    device: DevicePrincipal | null;
    /** Set when the request was authorised by (and used up) a bridge pairing token. */
    pairing: PairingPrincipal | null;
    /** Set when the request was authorised by a SMART Backend Services access token. */
    smart: SmartPrincipal | null;
    /**
     * Records the read the route declares (`access reads`), once per person, patient, part and
     * window. Called for every successful answer; a hijacked answer (a stream) calls it itself.
     */
    auditRead(): Promise<void>;
  }
}

export interface AccessDeps {
  /** Resolves the session cookie of a request to its user; null when absent, unknown or expired. */
  authenticate(request: FastifyRequest): Promise<{ user: User; sessionId: string; wards: WardScope } | null>;
  /**
   * The ward of the record a route acts on (decision 035): undefined when there is no such record
   * (the route answers its own 404).
   */
  wardOf(check: WardCheck, id: number): Promise<number | undefined>;
  /** The permissions a signed-in user holds (those of their role). */
  permissionsOf(user: User): ReadonlySet<Permission>;
  verifyDeviceToken(token: string): Promise<DevicePrincipal | null>;
  /** Uses a pairing token (single use). */
  usePairingToken(token: string): Promise<PairingPrincipal | null>;
  /** A SMART access token's client and scopes; null when unknown or expired. */
  verifySmartToken(token: string): Promise<SmartPrincipal | null>;
  /** Refuses (throws) a request to read the metrics that holds neither the metrics token nor an allowed address. */
  authoriseScrape(request: FastifyRequest): void;
  /** Records that the request's person read this part of a patient's record (or the list). */
  recordRead(request: FastifyRequest, entityType: string, patientId: number | null): Promise<void>;
  /**
   * Routes without a session (public, webhook): requests per minute per address unless a route
   * declares its own limit, and how a refusal their handler did not record is recorded
   * (plugins/public-limits.ts, decision 030).
   */
  publicRequestsPerMinute: number;
  refusalWindowMs: number;
  recordRefusal(request: FastifyRequest, detail: string): Promise<unknown>;
}

/** RFC 6750 §2.1; the scheme's name is case-insensitive (RFC 7235 §2.1): `bearer` is `Bearer`. */
const BEARER = /^bearer +([A-Za-z0-9._~+/=-]+) *$/i;

/**
 * A 401 that names how to authenticate (RFC 7235 §3.1: a 401 carries WWW-Authenticate): a session
 * (the cookie scheme has no registered name, so `Bearer` for the routes a token opens as well), and
 * for a token that was sent and refused, why (RFC 6750 §3).
 */
/** Text a quoted header parameter can carry: printable ASCII without quotes or backslashes. */
const headerText = (text: string) => text.replace(/…/g, '...').replace(/[^\x20-\x7e]|["\\]/g, '');

function unauthorized(message: string, code: string, bearer: { error?: string } | null) {
  const headers: Record<string, string> = bearer
    ? {
        'www-authenticate': `Bearer realm="vigil"${bearer.error ? `, error="${bearer.error}", error_description="${headerText(message)}"` : ''}`,
      }
    : {};
  return new AppError(401, code, message, headers);
}

/**
 * Body limits follow who may call a route. A request nobody signed in for (sign-in, registration,
 * a webhook, an unknown path) may cost only a few milliseconds: its body is refused past a few
 * kilobytes, before it is read, parsed or validated. A route a session or token opens takes the
 * larger limit (a batch of 500 readings), and only once the caller is known (onRequest runs before
 * the body is read). A route may still declare its own `bodyLimit`.
 */
export const PUBLIC_BODY_LIMIT = 8 * 1024;
export const SIGNED_IN_BODY_LIMIT = 1024 * 1024;

const bodyLimitFor = (rule: RouteAccess | undefined) =>
  rule?.kind === 'user' || rule?.kind === 'token' ? SIGNED_IN_BODY_LIMIT : PUBLIC_BODY_LIMIT;

/**
 * Registers the route table (route-table.ts), the one authorization hook, and the rate limit and
 * refusal tally of every route without a session (public-limits.ts). Call before any route is added.
 */
export async function registerAccessControl(app: FastifyInstance, deps: AccessDeps) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('wards', null);
  app.decorateRequest('device', null);
  app.decorateRequest('pairing', null);
  app.decorateRequest('smart', null);

  registerRouteTable(app);
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= bodyLimitFor(accessOf(route));
  });
  await registerPublicLimits(app, {
    requestsPerMinute: deps.publicRequestsPerMinute,
    limitedNoteWindowMs: deps.refusalWindowMs,
    recordRefusal: deps.recordRefusal,
  });

  app.decorateRequest('auditRead', async function (this: FastifyRequest) {
    const rule = this.routeOptions.config.access;
    if (rule?.kind !== 'user' || !rule.reads || !this.user) return;
    const id = Number((this.params as { id?: string } | undefined)?.id);
    const patientId =
      /\/patients\/:id(\/|$)/.test(this.routeOptions.url ?? '') && Number.isSafeInteger(id) ? id : null;
    await deps.recordRead(this, rule.reads, patientId);
  });
  // A read of patient data is in the trail before its answer leaves: a read that cannot be recorded
  // is not sent (the error handler answers instead). A 304 is a read too: it tells the client that
  // the copy it shows is the record as it is now.
  app.addHook('onSend', async (request, reply, payload) => {
    if ((reply.statusCode < 300 || reply.statusCode === 304) && !request.is404) await request.auditRead();
    return payload;
  });

  app.addHook('onRequest', async (request, reply) => {
    // The not-found handler answers 404 (or the web app's page); it reaches no route's handler.
    if (request.is404) return;
    const rule = request.routeOptions.config.access;
    if (!rule) throw forbidden('This route declares no access and is closed', 'ACCESS_UNDECLARED');
    // Whatever refuses this request from here on, the trail tallies it (public-limits.ts).
    if (isWithoutSession(rule)) request.withoutSession = { recorded: false };
    switch (rule.kind) {
      case 'public':
      case 'asset':
      case 'webhook':
        return;
      case 'token':
        return authoriseToken(request, rule.token);
      case 'metrics':
        return deps.authoriseScrape(request);
      case 'user': {
        const session = await deps.authenticate(request);
        if (session) {
          request.user = session.user;
          request.sessionId = session.sessionId;
          request.wards = session.wards;
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
        if (rule.orToken && request.headers.authorization) {
          return authoriseToken(request, rule.orToken, rule);
        }
        if (rule.signedOutRedirect) {
          reply.redirect(rule.signedOutRedirect, 303);
          return reply;
        }
        throw unauthorized('Please sign in to continue', 'UNAUTHORIZED', rule.orToken ? {} : null);
      }
    }
  });

  // Another ward's record is answered as one that does not exist (decision 035): once the request
  // is validated (its :id a number, its body parsed), before the handler reads anything.
  app.addHook('preHandler', async (request) => {
    const scope = request.wards;
    if (!scope || scope.all || request.is404) return;
    const rule = request.routeOptions.config.access;
    if (rule?.kind !== 'user') return;
    const check = wardCheckOf(rule, request.routeOptions.url ?? '');
    if (!check) return;
    const ids =
      check === 'body-patient'
        ? patientIdsOfBody(request.body)
        : [idParamOf(request.params, check)].filter(Number.isSafeInteger);
    for (const id of ids) {
      const wardId = await deps.wardOf(check, id);
      if (wardId !== undefined && !scopeSees(scope, wardId)) throw NOT_ON_YOUR_WARDS[check]();
    }
  });

  async function authoriseToken(
    request: FastifyRequest,
    kind: TokenKind,
    rule: {
      scopes?: readonly SmartScope[];
      scopeMatch?: 'all' | 'any';
      scopePermissions?: readonly SmartPermission[];
    } = {},
  ) {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) {
      throw unauthorized(`Send the ${kind} token as "Authorization: Bearer …"`, 'UNAUTHORIZED', {
        error: 'invalid_request',
      });
    }
    const invalid = { error: 'invalid_token' };
    switch (kind) {
      case 'device':
        request.device = await deps.verifyDeviceToken(token);
        if (!request.device)
          throw unauthorized(
            'The device token is unknown, expired or revoked',
            'INVALID_DEVICE_TOKEN',
            invalid,
          );
        return;
      case 'pairing':
        request.pairing = await deps.usePairingToken(token);
        if (!request.pairing) {
          throw unauthorized(
            'The pairing token is unknown, used or expired; connect to the bridge again from Vigil',
            'INVALID_PAIRING_TOKEN',
            invalid,
          );
        }
        return;
      case 'smart': {
        request.smart = await deps.verifySmartToken(token);
        if (!request.smart) {
          throw unauthorized(
            'The access token is unknown or expired; request a new one at the token endpoint',
            'INVALID_ACCESS_TOKEN',
            invalid,
          );
        }
        const scopes = rule.scopes ?? [];
        const permissions = rule.scopePermissions ?? ['r', 's'];
        const missing = scopes.filter(
          (s) => !scopesAllow(request.smart!.scopes, scopeResourceType(s), permissions),
        );
        if (missing.length > 0 && (rule.scopeMatch !== 'any' || missing.length === scopes.length)) {
          throw forbidden(
            `The access token was not granted ${rule.scopeMatch === 'any' ? 'any of ' : ''}${missing.join(' ')}; ask the administrator to grant it and request a new token`,
            'SCOPE_NOT_GRANTED',
          );
        }
        return;
      }
    }
  }
}

/** The check a route declares, or a patient's for the routes under `/patients/:id` (and FHIR's). */
function wardCheckOf(rule: { ward?: WardCheck }, url: string): WardCheck | null {
  if (rule.ward) return rule.ward;
  return /\/(patients|Patient)\/:id(\/|$)/.test(url) ? 'patient' : null;
}

/** The id a route's path names: `:patientId` where a route has one for its patient, else `:id`. */
function idParamOf(params: unknown, check: WardCheck): number {
  const p = (params ?? {}) as { id?: unknown; patientId?: unknown };
  return Number(check === 'patient' && p.patientId !== undefined ? p.patientId : p.id);
}

/** The patients a body names (`patientId`, or each of a batch's), as numbers. */
function patientIdsOfBody(body: unknown): number[] {
  const items = Array.isArray(body) ? body : [body];
  return [
    ...new Set(
      items
        .map((item) =>
          item && typeof item === 'object' ? (item as { patientId?: unknown }).patientId : null,
        )
        .filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id)),
    ),
  ];
}

/** The answer for another ward's record: the same as for one that does not exist. */
const NOT_ON_YOUR_WARDS: Record<WardCheck, () => AppError> = {
  patient: () => notFound('Patient not found', 'PATIENT_NOT_FOUND'),
  'body-patient': () => notFound('Patient not found', 'PATIENT_NOT_FOUND'),
  alert: () => notFound('Alert not found', 'ALERT_NOT_FOUND'),
  handover: () => notFound('Handover not found', 'HANDOVER_NOT_FOUND'),
  treatment: () => notFound('Treatment not found', 'TREATMENT_NOT_FOUND'),
  medication: () => notFound('Medication not found', 'MEDICATION_NOT_FOUND'),
  'emergency-contact': () => notFound('Emergency contact not found', 'CONTACT_NOT_FOUND'),
  'device-link': () => notFound('Device link not found', 'DEVICE_LINK_NOT_FOUND'),
  'device-token': () => notFound('Device token not found', 'DEVICE_TOKEN_NOT_FOUND'),
};
