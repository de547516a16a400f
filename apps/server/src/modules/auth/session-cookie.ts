import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './service.ts';

export interface SessionCookieOptions {
  secure: boolean;
}

/** `__Host-` binds the cookie to our origin over HTTPS; browsers refuse the prefix without Secure. */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-vigil_session' : 'vigil_session');

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
