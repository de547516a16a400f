import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createAuthRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService, type LoginThrottleOptions } from './modules/auth/service.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSessionGuard } from './plugins/session.ts';
import { registerWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: { method: string; url: string; isPublic: boolean }[];
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** false in tests; otherwise pino options. */
  logger?: boolean | { level: string };
  loginThrottle?: LoginThrottleOptions;
  registerPerMinute?: number;
}

/** Builds the HTTP app with explicit dependencies. Never listens: main.ts and tests decide that. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: typeof deps.logger === 'object' ? deps.logger.level : config.logLevel,
            // Never log credentials or session tokens.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Request ids let a log line be traced without logging who the patient was.
    genReqId: () => crypto.randomUUID(),
  });

  // The route table, so tests can prove that every non-public /api route demands a session.
  const apiRoutes: { method: string; url: string; isPublic: boolean }[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        apiRoutes.push({ method, url: route.url, isPublic: route.config?.public === true });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(cookie);
  await registerSecurity(app, { secure: config.cookieSecure, allowedOrigins: config.allowedOrigins });

  const cookieOptions = { secure: config.cookieSecure };
  const auth = createAuthService({
    repo: createAuthRepository(database.db),
    clock,
    ...(deps.loginThrottle ? { throttle: deps.loginThrottle } : {}),
  });
  registerSessionGuard(app, auth, cookieOptions);

  await app.register(authRoutes, {
    auth,
    cookie: cookieOptions,
    registerPerMinute: deps.registerPerMinute ?? 20,
  });
  await app.register(systemRoutes, { database, config });
  await registerWebApp(app, config.webDist);

  return app;
}
