import { SmartClient, SmartClientCreateInput, SmartClientUpdateInput } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { SmartService } from './service.ts';

/** Administrators register the systems that may use the FHIR API (SMART Backend Services). */
export const smartClientRoutes: FastifyPluginAsyncZod<{ smart: SmartService }> = async (app, { smart }) => {
  app.get(
    '/api/smart-clients',
    {
      config: { access: access.user('users:manage') },
      schema: {
        ...operation('SMART', 'listSmartClients', 'The registered systems (SMART Backend Services clients)'),
        response: { 200: z.array(SmartClient) },
      },
    },
    async () => smart.list(),
  );

  app.post(
    '/api/smart-clients',
    {
      config: { access: access.user('users:manage') },
      schema: {
        ...operation(
          'SMART',
          'registerSmartClient',
          'Register a system with its JWKS or JWKS URL and its scopes',
        ),
        body: SmartClientCreateInput,
        response: { 201: SmartClient },
      },
    },
    async (request, reply) => reply.status(201).send(await smart.register(request.body, actorOf(request))),
  );

  app.patch(
    '/api/smart-clients/:id',
    {
      config: { access: access.user('users:manage') },
      schema: {
        ...operation('SMART', 'updateSmartClient', 'Disable or enable a system, or change its scopes'),
        params: idParams('SMART client'),
        body: SmartClientUpdateInput,
        response: { 200: SmartClient },
      },
    },
    async (request) => smart.update(request.params.id, request.body, actorOf(request)),
  );
};
