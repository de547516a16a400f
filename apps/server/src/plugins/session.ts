import type { User } from '@vigil/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { unauthorized } from '../lib/errors.ts';
import type { AuthService, IssuedSession } from '../modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, register, health). */
    public?: boolean;
    /** Also accepts a device token (Authorization: Bearer) instead of a session. */
    deviceToken?: boolean;
  }
  interface FastifyRequest {
    user: User | null;
    sessionId: string | null;
    /** Set when the request was authorised by a device token: it may act for this patient only. */
    device: { tokenId: number; patientId: number } | null;
  }
}

export interface SessionCookieOptions {
  secure: boolean;
}

/** `__Host-` binds the cookie to our origin over HTTPS; browsers refuse the prefix without Secure. */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-vigil_session' : 'vigil_session');

/**
 * Every matched /api route requires a signed-in session unless its config says `public: true`.
 * Unknown /api paths fall through to the 404 handler, whatever the session.
 */
export function registerSessionGuard(
  app: FastifyInstance,
  auth: AuthService,
  cookie: SessionCookieOptions,
  verifyDeviceToken: (token: string) => Promise<{ tokenId: number; patientId: number } | null>,
) {
  const name = sessionCookieName(cookie.secure);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('device', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.is404) return;
    const token = request.cookies[name];
    if (token) {
      const resolved = await auth.authenticate(token);
      if (resolved) {
        request.user = resolved.user;
        request.sessionId = resolved.sessionId;
      }
    }
    if (request.user || request.routeOptions.config.public) return;
    const bearer = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (request.routeOptions.config.deviceToken && bearer) {
      request.device = await verifyDeviceToken(bearer);
      if (!request.device)
        throw unauthorized('The device token is unknown, expired or revoked', 'INVALID_DEVICE_TOKEN');
      return;
    }
    throw unauthorized();
  });
}

export function setSessionCookie(reply: FastifyReply, session: IssuedSession, cookie: SessionCookieOptions) {
  reply.setCookie(sessionCookieName(cookie.secure), session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    // "Keep me signed in": a persistent cookie; otherwise a browser-session cookie.
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookieOptions) {
  reply.clearCookie(sessionCookieName(cookie.secure), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
  });
}

export function readSessionToken(cookies: Record<string, string | undefined>, cookie: SessionCookieOptions) {
  return cookies[sessionCookieName(cookie.secure)];
}
