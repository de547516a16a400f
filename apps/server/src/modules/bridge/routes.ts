import { BridgePairing, BridgePairingVerified } from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import type { BridgeService } from './service.ts';

export const bridgeRoutes: FastifyPluginAsyncZod<{ bridge: BridgeService }> = async (app, { bridge }) => {
  app.post(
    '/api/bridge/pairings',
    {
      config: { access: access.user('devices:manage'), openapi: { body: 'none' } },
      schema: {
        ...operation('Bridge', 'createBridgePairing', 'A one-use pairing token for the Health Device Bridge'),
        response: { 201: BridgePairing },
      },
    },
    async (request, reply) => reply.status(201).send(await bridge.createPairing(request.user!.id)),
  );

  // The bridge presents the page's token; the access hook has used it (once) and says whose it was.
  app.post(
    '/api/bridge/pairings/verify',
    {
      config: { access: access.token('pairing'), openapi: { body: 'none' } },
      schema: {
        ...operation('Bridge', 'verifyBridgePairing', 'The bridge checks (and uses up) a pairing token'),
        response: { 200: BridgePairingVerified },
      },
    },
    async (request) => ({
      user: request.pairing!.user,
      expiresAt: request.pairing!.expiresAt.toISOString(),
    }),
  );
};
