import http from 'node:http';
import net from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, registerSecurity, securityHeaders } from '../src/plugins/security.ts';

/** What helmet sets on a real Node response, by lower-case name. */
function setByHelmet(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const req = new http.IncomingMessage(new net.Socket());
  const res = new http.ServerResponse(req);
  middleware(req, res, () => {});
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]));
}

describe('security headers', () => {
  it('are helmet’s own, read once, with the Permissions-Policy', () => {
    for (const secure of [false, true]) {
      const options = {
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
        hsts: secure ? { maxAge: 15_552_000 } : false,
      } as const;
      const expected = { ...setByHelmet(helmet(options)), 'permissions-policy': PERMISSIONS_POLICY };
      expect(Object.keys(expected).length).toBeGreaterThan(8);
      expect(securityHeaders(helmet(options))).toEqual(expected);
    }
  });

  it('refuse a middleware that does not finish at once, rather than miss what it sets later', () => {
    expect(() => securityHeaders((_req, _res, next) => setTimeout(() => next(), 0))).toThrow(/synchronously/);
  });

  describe('on a server', () => {
    const app = Fastify();
    beforeAll(async () => {
      await registerSecurity(app, { secure: false, allowedOrigins: [] });
      // What Node's own response holds while the handler runs: the headers it keeps for the answer's life.
      app.get('/held', async (_request, reply) => ({ held: reply.raw.getHeaderNames() }));
      app.get('/fails', async () => {
        throw Object.assign(new Error('nope'), { statusCode: 409 });
      });
      await app.ready();
    });
    afterAll(() => app.close());

    it('are set on the reply, so Node’s response keeps none of its own', async () => {
      const res = await app.inject({ method: 'GET', url: '/held' });
      expect(res.json()).toEqual({ held: [] });
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    });

    it('go with an answer, an error and a 404 alike', async () => {
      for (const url of ['/held', '/fails', '/nowhere']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
      }
    });
  });
});
