import rateLimit from '@fastify/rate-limit';
import { LoginInput, RegisterInput, User } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import type { AuthService } from './service.ts';
import {
  clearSessionCookie,
  readSessionToken,
  type SessionCookieOptions,
  setSessionCookie,
} from './session-cookie.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  cookie: SessionCookieOptions;
  /** Registrations allowed per client address per minute. */
  registerPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, cookie, registerPerMinute },
) => {
  await app.register(rateLimit, { global: false });

  app.post(
    '/api/register',
    {
      config: { access: access.public, rateLimit: { max: registerPerMinute, timeWindow: '1 minute' } },
      schema: { body: RegisterInput, response: { 201: User } },
    },
    async (request, reply) => {
      const { user, session } = await auth.register(request.body);
      setSessionCookie(reply, session, cookie);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/api/login',
    { config: { access: access.public }, schema: { body: LoginInput, response: { 200: User } } },
    async (request, reply) => {
      const { user, session } = await auth.login(
        request.body,
        request.ip,
        readSessionToken(request.cookies, cookie),
      );
      setSessionCookie(reply, session, cookie);
      return user;
    },
  );

  app.post(
    '/api/logout',
    { config: { access: access.user('account:self') }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const token = readSessionToken(request.cookies, cookie);
      if (token) await auth.endSession(token);
      clearSessionCookie(reply, cookie);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/user',
    { config: { access: access.user('account:self') }, schema: { response: { 200: User } } },
    async (request) => request.user!,
  );
};
