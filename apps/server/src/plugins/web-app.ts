import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { access } from './access.ts';

/**
 * Serves the built single-page app. Unknown /api paths answer 404 JSON; every other GET that wants
 * HTML gets index.html so the client router can draw the page (including its own 404 page).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const hasBuild = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) await app.register(staticFiles, { webDist });

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) {
      const message = `No API route ${request.method} ${request.url.split('?')[0]}`;
      return reply.status(404).send({ error: message, message, code: 'NOT_FOUND' });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasBuild) {
      const html = await fs.promises.readFile(path.join(webDist, 'index.html'));
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    const message = hasBuild ? 'Not found' : 'The web app is not built yet: run `npm run build`.';
    return reply.status(404).send({ error: message, message, code: 'NOT_FOUND' });
  });
}

/** The built files, in a scope whose routes declare themselves assets (no patient data). */
async function staticFiles(scope: FastifyInstance, { webDist }: { webDist: string }) {
  scope.addHook('onRoute', (route) => {
    route.config = Object.assign(route.config ?? {}, { access: access.asset });
  });
  await scope.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
    preCompressed: true,
    // Source maps are built for error reports, not published.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/: cache forever. index.html: always revalidate.
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
}

/**
 * Whether a path the router did not match was meant for the API (or the FHIR API), however it is written: decoded,
 * without repeated slashes or dot segments, in any letter case, with or without a scheme and host.
 * Such paths answer 404 JSON; every other path is the web app's (its router draws its 404 page).
 */
export function isApiPath(url: string): boolean {
  let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split('?')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes: judged as written.
  }
  const segments: string[] = [];
  for (const segment of path.split(/[/\\]+/)) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return /^(api|fhir)(;|$)/i.test(segments[0] ?? '');
}
