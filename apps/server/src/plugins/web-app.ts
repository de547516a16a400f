import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built single-page app. Unknown /api paths answer 404 JSON; every other GET that wants
 * HTML gets index.html so the client router can draw the page (including its own 404 page).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const hasBuild = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
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

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      const message = `No API route ${request.method} ${request.url.split('?')[0]}`;
      return reply.status(404).send({ error: message, message, code: 'NOT_FOUND' });
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const message = hasBuild ? 'Not found' : 'The web app is not built yet: run `npm run build`.';
    return reply.status(404).send({ error: message, message, code: 'NOT_FOUND' });
  });
}
