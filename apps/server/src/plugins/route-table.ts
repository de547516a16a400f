import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from './route-access.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access and schemas: the route-table tests walk it. */
    routeTable: RouteTableEntry[];
  }
}

export interface RouteTableEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
  /** Its rate limit per client address (every route without a session has one: public-limits.ts). */
  rateLimit: { max: number; timeWindow: number | string } | false | undefined;
}

/** The access a route declares in its options (`config: { access }`), if any. */
export const accessOf = (route: { config?: unknown }) =>
  (route.config as { access?: RouteAccess } | undefined)?.access;

/**
 * Collects every route with its declared access into `app.routeTable` and refuses to start (onReady)
 * when a route declares no access, or needs `patients:read` without saying what it reads.
 */
export function registerRouteTable(app: FastifyInstance) {
  const table: FastifyInstance['routeTable'] = [];
  const declared: {
    method: string;
    route: { url?: string; path?: string; config?: unknown; schema?: unknown };
  }[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    // Read when the server is ready: a plugin's own onRoute hook (the web app's assets) runs after
    // this one and may still declare the access of the routes it adds.
    for (const method of [route.method].flat()) declared.push({ method, route });
  });
  app.addHook('onReady', async () => {
    const rows = declared.map(({ method, route }) => ({
      method,
      url: String(route.url ?? route.path),
      access: accessOf(route),
      schema: route.schema as RouteTableEntry['schema'],
      rateLimit: (route.config as { rateLimit?: RouteTableEntry['rateLimit'] } | undefined)?.rateLimit,
    }));
    const missing = rows.filter((r) => !r.access);
    if (missing.length > 0) {
      throw new Error(
        `Every route must declare who may call it (config.access); these do not: ${missing
          .map((r) => `${r.method} ${r.url}`)
          .join(', ')}`,
      );
    }
    const undeclaredReads = rows.filter(
      (r) =>
        r.access?.kind === 'user' && r.access.permission === 'patients:read' && r.access.reads === undefined,
    );
    if (undeclaredReads.length > 0) {
      throw new Error(
        `Every route that reads patients must declare what it reads for the audit trail (access reads); these do not: ${undeclaredReads
          .map((r) => `${r.method} ${r.url}`)
          .join(', ')}`,
      );
    }
    table.push(...rows);
  });
}
