import { AnalysisResult, VitalsAnalysisInput } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
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
      config: { access: access.user('patients:read') },
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: { params: PatientIdParams, response: { 200: AnalysisResult } },
    },
    async (request) => analysis.analyzePatient(request.params.id),
  );

  app.post(
    '/api/vitals/analysis',
    {
      config: { access: access.user('patients:read') },
      schema: { body: VitalsAnalysisInput, response: { 200: AnalysisResult } },
    },
    async (request) => analysis.analyzeVitals(request.body),
  );
};
