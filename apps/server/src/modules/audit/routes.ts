import { AuditEvent, AuditQuery, AuditVerification } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import { actorOf } from './context.ts';
import type { AuditService } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/api/audit-events',
    {
      config: { access: access.user('audit:read') },
      schema: { querystring: AuditQuery, response: { 200: z.array(AuditEvent) } },
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    '/api/audit-events/verify',
    { config: { access: access.user('audit:read') }, schema: { response: { 200: AuditVerification } } },
    async () => audit.verify(),
  );

  app.get(
    '/api/audit-events/export',
    { config: { access: access.user('audit:export') }, schema: { querystring: AuditQuery } },
    async (request, reply) => {
      const { text, rows } = await audit.csv(request.query);
      const q = request.query;
      const filter = Object.entries({
        userId: q.userId,
        patientId: q.patientId,
        action: q.action,
        from: q.from,
        to: q.to,
      })
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      await audit.record({
        actor: actorOf(request),
        action: 'execute',
        entityType: 'AuditExport',
        patientId: q.patientId ?? null,
        detail: `CSV export of ${rows} rows${filter ? ` (${filter})` : ''}`,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="vigil-audit.csv"')
        .send(text);
    },
  );
};
