import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { EXPORT_PARAMS, type ExportRequester, type ExportService } from './export-service.ts';
import { FHIR_PRODUCES } from './outcome.ts';
import { ExportManifestSchema, fhirSearchQuery, GroupIdParam, RecordIdParam } from './schemas.ts';
import type { RawQuery } from './search.ts';

const exporting = access.user('patients:export', { orToken: 'smart' });

/**
 * FHIR Bulk Data: kick-off (202 + Content-Location), status, files, cancel; in the FHIR scope, so
 * errors answer OperationOutcome.
 */
export function exportRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  {
    exports,
    baseUrl,
    requester,
    group,
  }: {
    exports: ExportService;
    /** This server's FHIR base for the request (links and Content-Location). */
    baseUrl: (request: FastifyRequest) => string;
    /** Who asks: the person or SMART client, as the export records and checks them. */
    requester: (request: FastifyRequest) => ExportRequester;
    /** The members of a Group (the ward), fixed when its export starts. */
    group: (id: string) => Promise<{ id: string; patientIds: number[] }>;
  },
) {
  const kickOffUrl = (request: FastifyRequest) =>
    `${baseUrl(request)}${request.url.slice(request.url.indexOf('/fhir/R4') + '/fhir/R4'.length)}`;
  const needsAsync = (request: FastifyRequest) => {
    if (!/respond-async/i.test(String(request.headers.prefer ?? ''))) {
      throw badRequest('A Bulk Data export needs the header Prefer: respond-async', 'PREFER_ASYNC_REQUIRED');
    }
  };
  const kickOffAnswers = {
    answers: [
      { status: 202, description: 'Accepted: poll the Content-Location' },
      {
        status: 429,
        description: 'This requester has as many exports waiting or running as it may (Retry-After)',
      },
      { status: 503, description: 'The server runs as many exports as it takes (Retry-After)' },
    ],
  };
  // Bulk Data: kick-off (202 + Content-Location), status, files, cancel.
  for (const [path, level, operationId] of [
    ['/$export', 'system', 'fhirSystemExport'],
    ['/Patient/$export', 'patient', 'fhirPatientExport'],
  ] as const) {
    app.get(
      path,
      {
        config: {
          access: exporting,
          openapi: kickOffAnswers,
        },
        schema: {
          ...operation(
            'FHIR',
            operationId,
            `Start a ${level}-level Bulk Data export (Prefer: respond-async)`,
          ),
          produces: FHIR_PRODUCES,
          querystring: fhirSearchQuery(EXPORT_PARAMS),
          headers: z.looseObject({ prefer: z.string().optional() }),
        },
      },
      async (request, reply) => {
        needsAsync(request);
        const id = await exports.kickOff(
          level,
          request.query as RawQuery,
          kickOffUrl(request),
          requester(request),
        );
        return reply
          .status(202)
          .header('content-location', `${baseUrl(request)}/$export-status/${id}`)
          .send();
      },
    );
  }

  app.get(
    '/Group/:id/$export',
    {
      config: { access: exporting, openapi: kickOffAnswers },
      schema: {
        ...operation('FHIR', 'fhirGroupExport', "Start a Bulk Data export of a Group's patients (the ward)"),
        produces: FHIR_PRODUCES,
        params: GroupIdParam,
        querystring: fhirSearchQuery(EXPORT_PARAMS),
        headers: z.looseObject({ prefer: z.string().optional() }),
      },
    },
    async (request, reply) => {
      needsAsync(request);
      const members = await group(request.params.id);
      const id = await exports.kickOff(
        'group',
        request.query as RawQuery,
        kickOffUrl(request),
        requester(request),
        members,
      );
      return reply
        .status(202)
        .header('content-location', `${baseUrl(request)}/$export-status/${id}`)
        .send();
    },
  );

  app.get(
    '/$export-status/:id',
    {
      config: { access: exporting },
      schema: {
        ...operation(
          'FHIR',
          'fhirExportStatus',
          'Poll a Bulk Data export: 202 while in progress, then its manifest',
        ),
        params: z.object({ id: z.uuid({ error: 'id must be an export id from a Content-Location' }) }),
        response: { 200: ExportManifestSchema, 202: z.undefined().describe('In progress (X-Progress)') },
      },
    },
    async (request, reply) => {
      const status = await exports.status(
        request.params.id,
        requester(request),
        (fileId) => `${baseUrl(request)}/$export-file/${request.params.id}/${fileId}`,
      );
      if (status.state === 'in-progress') {
        return reply
          .status(202)
          .header('x-progress', status.progress)
          .header('retry-after', '1')
          .send(undefined);
      }
      if (status.expiresAt) reply.header('expires', status.expiresAt.toUTCString());
      return reply.type('application/json; charset=utf-8').send(status.manifest);
    },
  );

  app.delete(
    '/$export-status/:id',
    {
      config: {
        access: exporting,
        openapi: { answers: [{ status: 202, description: 'Cancelled; its files are gone' }] },
      },
      schema: {
        ...operation('FHIR', 'fhirExportCancel', 'Cancel a Bulk Data export, or delete its files'),
        params: z.object({ id: z.uuid({ error: 'id must be an export id from a Content-Location' }) }),
      },
    },
    async (request, reply) => {
      await exports.cancel(request.params.id, requester(request));
      return reply.status(202).send();
    },
  );

  app.get(
    '/$export-file/:id/:file',
    {
      config: {
        access: exporting,
        openapi: {
          answers: [
            { status: 200, description: 'One resource per line', contentType: 'application/fhir+ndjson' },
          ],
        },
      },
      schema: {
        ...operation('FHIR', 'fhirExportFile', 'Download one NDJSON file of a completed export'),
        params: z.object({
          id: z.uuid({ error: 'id must be an export id from a Content-Location' }),
          file: RecordIdParam.shape.id,
        }),
      },
    },
    async (request, reply) => {
      const file = await exports.file(request.params.id, request.params.file, requester(request));
      return reply.type('application/fhir+ndjson').send(file.ndjson);
    },
  );
}
