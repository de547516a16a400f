import { DeviceToken, DeviceTokenCreated, DeviceTokenCreateInput } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import type { DeviceTokenService } from './service.ts';

export const deviceTokenRoutes: FastifyPluginAsyncZod<{ tokens: DeviceTokenService }> = async (
  app,
  { tokens },
) => {
  app.post(
    '/api/device-tokens',
    {
      config: { access: access.user('devices:manage') },
      schema: { body: DeviceTokenCreateInput, response: { 201: DeviceTokenCreated } },
    },
    async (request, reply) => reply.status(201).send(await tokens.issue(request.body, request.user!.id)),
  );

  app.get(
    '/api/patients/:id/device-tokens',
    {
      config: { access: access.user('devices:manage') },
      schema: { params: PatientIdParams, response: { 200: z.array(DeviceToken) } },
    },
    async (request) => tokens.list(request.params.id),
  );

  // The device renews its own token before it expires (the bridge does, for each synced device).
  app.post(
    '/api/device-tokens/rotate',
    { config: { access: access.token('device') }, schema: { response: { 201: DeviceTokenCreated } } },
    async (request, reply) => reply.status(201).send(await tokens.rotate(request.device!)),
  );

  app.delete(
    '/api/device-tokens/:id',
    {
      config: { access: access.user('devices:manage') },
      schema: { params: idParams('Device token'), response: { 200: DeviceToken } },
    },
    async (request) => tokens.revoke(request.params.id),
  );
};
