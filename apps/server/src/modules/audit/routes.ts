import { AuditEvent, AuditQuery, AuditVerification } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from './context.ts';
import type { AuditService } from './service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/api/audit-events',
    {
      config: { access: access.user('audit:read') },
      schema: {
        ...operation('Audit', 'listAuditEvents', 'Audit trail rows, newest first, filtered'),
        querystring: AuditQuery,
        response: { 200: z.array(AuditEvent) },
      },
    },
    async (request) => audit.list(request.query),
  );

  app.get(
    '/api/audit-events/verify',
    {
      config: { access: access.user('audit:read') },
      schema: {
        ...operation(
          'Audit',
          'verifyAuditChain',
          "Check the audit trail's hash chain and name the first broken row",
        ),
        response: { 200: AuditVerification },
      },
    },
    async () => audit.verify(),
  );

  // A POST with the filter as its body: an export is an action (audited), and no link, image or
  // navigation from another site can start one.
  app.post(
    '/api/audit-events/export',
    {
      config: {
        access: access.user('audit:export'),
        openapi: { answers: [{ status: 200, description: 'The rows as CSV', contentType: 'text/csv' }] },
      },
      schema: {
        ...operation(
          'Audit',
          'exportAuditEvents',
          'The filtered audit trail as CSV (the export is itself audited)',
        ),
        body: AuditQuery,
      },
    },
    async (request, reply) => {
      const q = request.body;
      const { text, rows } = await audit.csv(q);
      const filter = Object.entries({
        userId: q.userId,
        user: q.user,
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
