import { SIGNED_IN_HINT_COOKIE } from '@vigil/domain';
import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './sessions.ts';

export interface SessionCookieOptions {
  secure: boolean;
}

/** `__Host-` binds the cookie to our origin over HTTPS; browsers refuse the prefix without Secure. */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-vigil_session' : 'vigil_session');

/**
 * A readable companion of the session cookie that says only "a session was issued to this browser"
 * (never the token, never who). The web app asks `GET /api/user` only when it is present, so a
 * signed-out page load makes no request that fails (no 401 in the console) and no public route
 * has to answer "who am I" (decision 008: only sign-in, registration and health are public).
 */
const signedInHintName = (secure: boolean) =>
  secure ? `__Host-${SIGNED_IN_HINT_COOKIE}` : SIGNED_IN_HINT_COOKIE;

export function setSessionCookie(reply: FastifyReply, session: IssuedSession, cookie: SessionCookieOptions) {
  reply.setCookie(sessionCookieName(cookie.secure), session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    // "Keep me signed in": a persistent cookie; otherwise a browser-session cookie.
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
  reply.setCookie(signedInHintName(cookie.secure), '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: cookie.secure,
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
  reply.clearCookie(signedInHintName(cookie.secure), { path: '/', sameSite: 'lax', secure: cookie.secure });
}

export function readSessionToken(cookies: Record<string, string | undefined>, cookie: SessionCookieOptions) {
  return cookies[sessionCookieName(cookie.secure)];
}
