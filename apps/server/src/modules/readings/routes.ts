import {
  DeviceReadingInput,
  DeviceReadingsBatch,
  DeviceReadingsResponse,
  News2Point,
  News2SeriesQuery,
  ReadingCorrection,
  ReadingCorrectionInput,
  ReadingsPage,
  ReadingsQuery,
  recordIdParam,
  TrendQuery,
  VitalReading,
  VitalsTrend,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unprocessable } from '../../lib/errors.ts';
import { PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { describeIssue, isGenericMessage } from '../../plugins/error-handler.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { CorrectionService } from './correction-service.ts';
import type { IngestService } from './ingest-service.ts';
import type { ReadingService } from './service.ts';

/** "readings[3].heartRate" style location of a validation problem. */
function where(path: PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `readings[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
}

const ReadingOfPatientParams = z.object({
  id: recordIdParam('Patient id'),
  readingId: recordIdParam('Reading id'),
});

export const readingRoutes: FastifyPluginAsyncZod<{
  ingest: IngestService;
  readings: ReadingService;
  corrections: CorrectionService;
}> = async (app, { ingest, readings, corrections }) => {
  app.post(
    '/api/device-readings',
    {
      config: {
        access: access.user('observations:record', { orToken: 'device', ward: 'body-patient' }),
        openapi: { body: z.union([DeviceReadingInput, DeviceReadingsBatch]) },
      },
      // The answer is built by the ingest from stored keys, typed as DeviceReadingsResponse; it is
      // not re-validated on the way out, where zod would check and copy every reading again.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        ...operation(
          'Readings',
          'ingestReadings',
          'Record one reading or a batch (typed, from a device or the bridge)',
        ),
        body: z.unknown(),
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }).passthrough(),
        response: { 201: DeviceReadingsResponse },
      },
    },
    async (request, reply) => {
      // 422 (not 400): the request is well-formed JSON but a reading is implausible. One reading or
      // a batch, each checked against its own schema, so a problem names its field.
      const body = request.body;
      if (body === null || typeof body !== 'object') {
        throw unprocessable(
          'Send one reading (a JSON object) or a batch of up to 500 (an array)',
          'INVALID_READING',
        );
      }
      const parsed = Array.isArray(body)
        ? DeviceReadingsBatch.safeParse(body)
        : DeviceReadingInput.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const location = where(issue.path);
        const message = isGenericMessage(issue.message)
          ? describeIssue(location, issue.message)
          : location
            ? `${location}: ${issue.message}`
            : issue.message;
        throw unprocessable(message, 'INVALID_READING');
      }
      const list = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
      const answer = await ingest.ingest(
        list,
        {
          userId: request.user?.id ?? null,
          sender: request.device ? 'device-token' : 'person',
          device: request.device,
          audit: request.user ? actorOf(request) : null,
        },
        request.headers['idempotency-key'],
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/api/patients/:id/readings',
    {
      config: { access: access.user('patients:read', { reads: 'Observation' }) },
      schema: {
        ...operation('Readings', 'listReadings', "A patient's readings, newest first, paged"),
        params: PatientIdParams,
        querystring: ReadingsQuery,
        response: { 200: ReadingsPage },
      },
    },
    async (request) => readings.page(request.params.id, request.query),
  );

  app.get(
    '/api/patients/:id/news2-series',
    {
      config: { access: access.user('patients:read', { reads: 'Observation' }) },
      schema: {
        ...operation('Readings', 'getNews2Series', "A patient's NEWS2 along their readings (the chart)"),
        params: PatientIdParams,
        querystring: News2SeriesQuery,
        response: { 200: z.array(News2Point) },
      },
    },
    async (request) => readings.news2Series(request.params.id, request.query.since),
  );

  app.get(
    '/api/patients/:id/trend',
    {
      config: { access: access.user('patients:read', { reads: 'Observation' }) },
      schema: {
        ...operation(
          'Readings',
          'getVitalsTrend',
          "A patient's vital signs and NEWS2 over a window (a minute to a week), at most 1,500 points per vital sign",
        ),
        params: PatientIdParams,
        querystring: TrendQuery,
        response: { 200: VitalsTrend },
      },
    },
    async (request) => readings.trend(request.params.id, request.query),
  );

  app.post(
    '/api/patients/:id/readings/:readingId/entered-in-error',
    {
      config: { access: access.user('observations:record') },
      schema: {
        ...operation(
          'Readings',
          'markReadingEnteredInError',
          'Mark an observation entered in error (it leaves NEWS2 and trends, stays in the history), with its correction',
        ),
        params: ReadingOfPatientParams,
        body: ReadingCorrectionInput,
        response: { 200: ReadingCorrection },
      },
    },
    async (request) =>
      corrections.markEnteredInError(
        request.params.id,
        request.params.readingId,
        request.body,
        actorOf(request),
      ),
  );

  app.get(
    '/api/patients/:id/readings/latest',
    {
      config: { access: access.user('patients:read', { reads: 'Observation' }) },
      schema: {
        ...operation('Readings', 'getLatestReading', "A patient's newest reading"),
        params: PatientIdParams,
        response: { 200: VitalReading.nullable() },
      },
    },
    async (request) => readings.latest(request.params.id),
  );
};
