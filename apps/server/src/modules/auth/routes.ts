import {
  Account,
  AccountCreated,
  AccountCreateInput,
  AccountUpdateInput,
  LoginInput,
  PasswordChangeInput,
  PendingRegistration,
  RegisterInput,
  RegistrationInfo,
  TemporaryPassword,
  User,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
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
  // Registration's own rate limit; every other route without a session takes the access plugin's.
  app.post(
    '/api/register',
    {
      config: { access: access.public, rateLimit: { max: registerPerMinute, timeWindow: '1 minute' } },
      schema: {
        ...operation('Auth', 'register', 'Create an account (the first becomes the administrator)'),
        body: RegisterInput,
        response: { 201: User, 202: PendingRegistration },
      },
    },
    async (request, reply) => {
      const result = await auth.register(request.body, actorOf(request));
      if ('pending' in result) return reply.status(202).send(result.pending);
      setSessionCookie(reply, result.session, cookie);
      return reply.status(201).send(result.user);
    },
  );

  // Before sign-in: whether the sign-in page offers registration, and what it leads to.
  app.get(
    '/api/register',
    {
      config: { access: access.public },
      schema: {
        ...operation('Auth', 'getRegistrationMode', 'Whether the sign-in page offers registration'),
        response: { 200: RegistrationInfo },
      },
    },
    async () => ({ mode: auth.registrationMode() }),
  );

  app.post(
    '/api/login',
    {
      config: { access: access.public },
      schema: {
        ...operation('Auth', 'login', 'Sign in and receive the session cookie'),
        body: LoginInput,
        response: { 200: User },
      },
    },
    async (request, reply) => {
      const { user, session } = await auth.login(
        request.body,
        actorOf(request),
        readSessionToken(request.cookies, cookie),
      );
      setSessionCookie(reply, session, cookie);
      return user;
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: access.user('account:self'), openapi: { body: 'none' } },
      schema: { ...operation('Auth', 'logout', 'Sign out this session'), response: { 204: z.null() } },
    },
    async (request, reply) => {
      const token = readSessionToken(request.cookies, cookie);
      if (token) await auth.endSession(token, request.user?.id ?? null);
      await auth.recordSignOut(actorOf(request));
      clearSessionCookie(reply, cookie);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/user',
    {
      config: { access: access.user('account:self') },
      schema: { ...operation('Auth', 'getCurrentUser', 'The signed-in person'), response: { 200: User } },
    },
    async (request) => request.user!,
  );

  app.post(
    '/api/account/password',
    {
      config: { access: access.user('account:self') },
      schema: {
        ...operation('Auth', 'changePassword', 'Change your own password'),
        body: PasswordChangeInput,
        response: { 200: User },
      },
    },
    async (request) => auth.changePassword(actorOf(request), request.sessionId, request.body),
  );

  app.post(
    '/api/account/sign-out-everywhere',
    {
      config: { access: access.user('account:self'), openapi: { body: 'none' } },
      schema: {
        ...operation('Auth', 'signOutEverywhere', 'End your other sessions'),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await auth.signOutEverywhere(actorOf(request), request.sessionId);
      return reply.status(204).send(null);
    },
  );

  // Account administration (administrators).
  app.get(
    '/api/accounts',
    {
      config: { access: access.user('users:manage') },
      schema: {
        ...operation('Accounts', 'listAccounts', 'Every account with its role and status'),
        response: { 200: z.array(Account) },
      },
    },
    async () => auth.listAccounts(),
  );

  app.post(
    '/api/accounts',
    {
      config: { access: access.user('users:manage') },
      schema: {
        ...operation(
          'Accounts',
          'createAccount',
          'Create an account with its role and a one-time password, shown once, to change at first sign-in',
        ),
        body: AccountCreateInput,
        response: { 201: AccountCreated },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await auth.createAccount(actorOf(request), request.body)),
  );

  app.patch(
    '/api/accounts/:id',
    {
      config: { access: access.user('users:manage') },
      schema: {
        ...operation('Accounts', 'updateAccount', "Approve, disable or change an account's role"),
        params: AccountIdParams,
        body: AccountUpdateInput,
        response: { 200: Account },
      },
    },
    async (request) => auth.updateAccount(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/accounts/:id/reset-password',
    {
      config: { access: access.user('users:manage'), openapi: { body: 'none' } },
      schema: {
        ...operation('Accounts', 'resetAccountPassword', 'Issue a temporary password, shown once'),
        params: AccountIdParams,
        response: { 200: TemporaryPassword },
      },
    },
    async (request) => auth.resetPassword(actorOf(request), request.params.id),
  );
};

const AccountIdParams = idParams('Account');
