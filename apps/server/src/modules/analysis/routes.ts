import { AnalysisResult, VitalsAnalysisInput } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PatientIdParams } from '../../lib/id-params.ts';
import { sendRepresentation, weakEtag } from '../../lib/representation.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import type { AnalysisService } from './service.ts';

export const analysisRoutes: FastifyPluginAsyncZod<{ analysis: AnalysisService }> = async (
  app,
  { analysis },
) => {
  app.get(
    '/api/patients/:id/analysis',
    {
      // Built by the domain's rules (and a validated narrative), typed as AnalysisResult: it is not
      // re-validated on the way out, where zod would check and copy the whole analysis again.
      config: { access: access.user('patients:read', { reads: 'Analysis' }) },
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        ...operation(
          'Analysis',
          'getPatientAnalysis',
          "A patient's NEWS2 analysis from the stored vitals and recent readings",
        ),
        params: PatientIdParams,
        response: { 200: AnalysisResult },
      },
    },
    async (request, reply) => {
      const result = await analysis.analyzePatient(request.params.id);
      const body = JSON.stringify(result);
      // Generated for this request; the same analysis a moment later is the same to the client.
      const etag = weakEtag(body.replace(`"generatedAt":"${result.generatedAt}"`, ''));
      return sendRepresentation(request, reply, { body, etag });
    },
  );

  app.post(
    '/api/vitals/analysis',
    {
      // Analyses the vital signs sent; reads nothing stored.
      config: { access: access.user('patients:read', { reads: false }) },
      schema: {
        ...operation(
          'Analysis',
          'analyseVitals',
          'NEWS2 analysis of vitals sent in the request (nothing is stored)',
        ),
        body: VitalsAnalysisInput,
        response: { 200: AnalysisResult },
      },
    },
    async (request) => analysis.analyzeVitals(request.body),
  );
};
