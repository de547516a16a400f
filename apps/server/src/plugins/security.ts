import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Browser features the app may use: Web Bluetooth on our own origin (the Bluetooth Device Manager),
 * nothing else. A page we are framed or scripted into cannot borrow them.
 */
export const PERMISSIONS_POLICY = [
  'bluetooth=(self)',
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Security headers, cross-site request forgery defence and the rules every request body, query and
 * path parameter obeys before any schema sees it.
 *
 * CSRF: every state-changing request, whatever its URL, must come from our own origin: browsers
 * always send Origin on them, so a mismatching Origin (or a cross-site Sec-Fetch-Site) is refused.
 * Bodies must be JSON: only the JSON parser is registered, so an HTML form post is a 415.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { secure: boolean; allowedOrigins: string[] },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No 'unsafe-eval': the web app runs zod jitless (apps/web/src/main.tsx).
        scriptSrc: ["'self'"],
        // React and the chart library set style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // ws: the Health Device Bridge on this machine (its socket checks origin and pairing).
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.secure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Answers carry patient data unless they say otherwise (the web app's assets and pages do).
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // JSON only. An empty body is no body (a POST such as logout, with or without a JSON content
  // type); anything else goes through Fastify's own parser (prototype-poisoning safe).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body as string, done);
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== ownOrigin(request) && !options.allowedOrigins.includes(origin)) throw crossSite();
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') throw crossSite();
  });

  // PostgreSQL text cannot hold NUL, and a lone surrogate is not Unicode: refused here with the
  // field named, before a schema or the database sees it.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['', request.body],
      ['', request.query],
      ['', request.params],
    ] as const) {
      const problem = findBadText(value, part);
      if (problem) throw badRequest(problem, 'INVALID_TEXT');
    }
  });
}

const crossSite = () =>
  forbidden('Cross-site request refused: this request must come from the Vigil app itself.', 'CSRF');

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const MAX_DEPTH = 32;
/** A surrogate code unit not part of a pair (with the u flag, a pair is one code point, not Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The first string (value or key) in a parsed body, query or params that contains a NUL character
 * or is not well-formed Unicode, described as "field: what is wrong"; null when there is none.
 */
export function findBadText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return describeBadText(value, path);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const problem = describeBadText(key, at) ?? findBadText(item, at, depth + 1);
    if (problem) return problem;
  }
  return null;
}

function describeBadText(text: string, path: string): string | null {
  const field = path || 'The request';
  if (text.includes('\u0000')) return `${field}: must not contain a NUL character (\\u0000)`;
  if (LONE_SURROGATE.test(text))
    return `${field}: is not valid Unicode text (it contains a lone surrogate); send well-formed UTF-8`;
  return null;
}
