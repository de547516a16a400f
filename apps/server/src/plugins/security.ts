import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { badRequest, forbidden } from '../lib/errors.ts';
import { isApiPath } from './web-app.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Browser features the app may use: Web Bluetooth on our own origin (the Bluetooth Device Manager)
 * and autoplay on our own origin (a ward display's alarm sound: with `autoplay=()` a
 * display reloaded with sound on stays silent until someone clicks; with `(self)` the browser's own
 * autoplay rules decide), nothing else. A page we are framed or scripted into cannot borrow them.
 * Notifications are not a policy-controlled feature: the browser asks the person.
 */
export const PERMISSIONS_POLICY = [
  'bluetooth=(self)',
  'accelerometer=()',
  'autoplay=(self)',
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
  const headers = securityHeaders(
    helmet({
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
    }),
  );
  // On the reply, as the request arrives: an error, a 404 and a hijacked answer (an event stream)
  // carry them as every other answer does.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (_request, reply) => {
    // Answers carry patient data unless they say otherwise (the web app's assets and pages do).
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // JSON only. An empty body is no body (a POST such as logout, with or without a JSON content
  // type); anything else goes through Fastify's own parser (prototype-poisoning safe).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    // Nesting is refused before JSON.parse, whose cost on deep nesting is far above its length's.
    if (nestingExceeds(body as string, MAX_JSON_DEPTH)) {
      return done(
        badRequest(
          `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of [ ] and { }`,
          'JSON_TOO_DEEP',
        ),
      );
    }
    parseJson(request, body as string, done);
  });

  const configured = new Set(options.allowedOrigins);
  /**
   * An origin we answer as: a configured one, or the request's own when its host is a loopback name
   * or an IP address. A host name must be configured: under a name, the name's owner decides where
   * it points, and a page that points its own name at us (DNS rebinding) is "same origin" to the
   * browser while being another site.
   */
  function originAllowed(origin: string, request: FastifyRequest): 'yes' | 'no' | 'unconfigured-name' {
    if (configured.has(origin)) return 'yes';
    if (origin !== ownOrigin(request)) return 'no';
    return isAddressHost(request.hostname) ? 'yes' : 'unconfigured-name';
  }

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const allowed = originAllowed(origin, request);
      if (allowed === 'unconfigured-name') {
        throw forbidden(
          `This server is reached as ${origin}, which is not one of its configured origins: add ${origin} to ALLOWED_ORIGINS`,
          'CSRF',
        );
      }
      if (allowed === 'no') throw crossSite();
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') throw crossSite();
  });

  // Fetch metadata: the API answers the app itself, never a request another site's page started
  // (a link, a form, an image, a top-level navigation: each carries our SameSite=Lax cookie on a
  // navigation, and a read of a record is audited). The app's pages and files may be linked from
  // anywhere; a route another site sends the browser to by design (a provider's redirect back)
  // says so in its access.
  app.addHook('onRequest', async (request) => {
    const site = request.headers['sec-fetch-site'];
    if (site !== 'cross-site' && site !== 'same-site') return;
    const rule = request.routeOptions.config?.access;
    if (rule?.kind === 'asset' || (request.is404 && !isApiPath(request.url))) return;
    const navigation = request.method === 'GET' && request.headers['sec-fetch-mode'] === 'navigate';
    if (rule?.kind === 'user' && rule.crossSiteNavigation && navigation) return;
    const origin = request.headers.origin;
    if (origin !== undefined && originAllowed(origin, request) === 'yes') return;
    throw forbidden(
      'Cross-site request refused: Vigil answers only its own pages. Open Vigil and use it from there.',
      'CROSS_SITE',
    );
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

/**
 * The security headers of every answer: helmet's, read once from its middleware, and the
 * Permissions-Policy. Every directive here is a fixed string (no nonce, nothing read from the
 * request), so helmet would set the same values on every answer. They are set on the reply, not by
 * helmet on Node's response: Node keeps each header set there as a pair of its own for the
 * response's life (some 1.5 KiB on each open event stream), and merges it header by header into
 * what Fastify writes (the slow path of `writeHead`, on every answer).
 */
export function securityHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let called = false;
  middleware({} as IncomingMessage, collect as unknown as ServerResponse, (error) => {
    if (error) throw error;
    called = true;
  });
  // Helmet calls its next at once when nothing it sets is asynchronous; anything else is a change
  // of helmet's that this reading would silently miss.
  if (!called) throw new Error('helmet did not set its headers synchronously');
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

const crossSite = () =>
  forbidden('Cross-site request refused: this request must come from the Vigil app itself.', 'CSRF');

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** A loopback name or an IP address (v4, or v6 in brackets): no other site's DNS can name it. */
function isAddressHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || net.isIP(bare) !== 0;
}

const MAX_DEPTH = 32;
/** No request body of ours nests deeper than a few levels (a batch of readings is two). */
export const MAX_JSON_DEPTH = MAX_DEPTH;

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests arrays and objects deeper than `max`: one pass over the characters,
 * skipping strings, that stops at the first level too deep (so `[` × 500,000 costs 33 steps).
 */
export function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}
/** A surrogate code unit not part of a pair (with the u flag, a pair is one code point, not Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The first string (value or key) in a parsed body, query or params that contains a NUL character
 * or is not well-formed Unicode, described as "field: what is wrong"; null when there is none.
 */
export function findBadText(value: unknown, path: string, depth = 0): string | null {
  // Almost every request is clean: it is checked without naming each field on the way (a batch of
  // readings has hundreds), and walked again naming them only when something is wrong.
  if (depth === 0 && !hasBadText(value, 0)) return null;
  if (typeof value === 'string') return describeBadText(value, path);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const problem = describeBadText(key, at) ?? findBadText(item, at, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Whether any string (value or key) in `value` is one {@link describeBadText} refuses. */
function hasBadText(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isBadText(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasBadText(value[i], depth + 1)) return true;
    return false;
  }
  for (const key of Object.keys(value)) {
    if (isBadText(key) || hasBadText((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

const isBadText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

function describeBadText(text: string, path: string): string | null {
  const field = path || 'The request';
  if (text.includes('\u0000')) return `${field}: must not contain a NUL character (\\u0000)`;
  if (LONE_SURROGATE.test(text))
    return `${field}: is not valid Unicode text (it contains a lone surrogate); send well-formed UTF-8`;
  return null;
}
