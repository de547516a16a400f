import {
  DeviceLink,
  DeviceLinkCreateInput,
  DeviceLinksQuery,
  DeviceLinkUpdateInput,
  DeviceToken,
  DeviceTokenCreated,
  DeviceTokenCreateInput,
  DeviceTokenIssued,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { DeviceLinkService } from './link-service.ts';
import type { DeviceTokenService } from './service.ts';

export const deviceRoutes: FastifyPluginAsyncZod<{
  tokens: DeviceTokenService;
  links: DeviceLinkService;
}> = async (app, { tokens, links }) => {
  // Device links: which device feeds which patient (Bluetooth in a browser, the bridge, a wearable).
  app.get(
    '/api/device-links',
    {
      // Which device feeds which patient id: device state, not the patient's record.
      config: { access: access.user('patients:read', { reads: false }) },
      schema: {
        ...operation('Devices', 'listDeviceLinks', 'Which device feeds which patient'),
        querystring: DeviceLinksQuery,
        response: { 200: z.array(DeviceLink) },
      },
    },
    async (request) => links.list(request.query.patientId),
  );

  app.post(
    '/api/device-links',
    {
      config: { access: access.user('devices:manage', { ward: 'body-patient' }) },
      schema: {
        ...operation('Devices', 'createDeviceLink', 'Link a device to a patient'),
        body: DeviceLinkCreateInput,
        response: { 201: DeviceLink },
      },
    },
    async (request, reply) => reply.status(201).send(await links.link(request.body, actorOf(request))),
  );

  app.patch(
    '/api/device-links/:id',
    {
      config: { access: access.user('devices:manage', { ward: 'device-link' }) },
      schema: {
        ...operation('Devices', 'updateDeviceLink', "A link's connection state or battery"),
        params: idParams('Device link'),
        body: DeviceLinkUpdateInput,
        response: { 200: DeviceLink },
      },
    },
    async (request) => links.update(request.params.id, request.body),
  );

  // The browser holding the device, every DEVICE_LINK_HEARTBEAT_MS: "I still hold it" (404: ended elsewhere).
  app.post(
    '/api/device-links/:id/heartbeat',
    {
      config: { access: access.user('devices:manage', { ward: 'device-link' }), openapi: { body: 'none' } },
      schema: {
        ...operation('Devices', 'deviceLinkHeartbeat', 'The holding browser still holds the device'),
        params: idParams('Device link'),
        response: { 200: DeviceLink },
      },
    },
    async (request) => links.heartbeat(request.params.id),
  );

  app.delete(
    '/api/device-links/:id',
    {
      config: { access: access.user('devices:manage', { ward: 'device-link' }) },
      schema: {
        ...operation('Devices', 'endDeviceLink', 'End a device link'),
        params: idParams('Device link'),
        response: { 200: DeviceLink },
      },
    },
    async (request) => links.end(request.params.id, actorOf(request)),
  );

  app.post(
    '/api/device-tokens',
    {
      config: { access: access.user('devices:manage', { ward: 'body-patient' }) },
      schema: {
        ...operation(
          'Devices',
          'createDeviceToken',
          'Issue a device token for one patient (shown once), linking the device it is for',
        ),
        body: DeviceTokenCreateInput,
        response: { 201: DeviceTokenIssued },
      },
    },
    async (request, reply) => reply.status(201).send(await tokens.issue(request.body, actorOf(request))),
  );

  app.get(
    '/api/patients/:id/device-tokens',
    {
      config: { access: access.user('devices:manage') },
      schema: {
        ...operation('Devices', 'listDeviceTokens', "A patient's device tokens"),
        params: PatientIdParams,
        response: { 200: z.array(DeviceToken) },
      },
    },
    async (request) => tokens.list(request.params.id),
  );

  // The device renews its own token before it expires (the bridge does, for each synced device).
  app.post(
    '/api/device-tokens/rotate',
    {
      config: { access: access.token('device'), openapi: { body: 'none' } },
      schema: {
        ...operation('Devices', 'rotateDeviceToken', 'A device exchanges its token for a new one'),
        response: { 201: DeviceTokenCreated },
      },
    },
    async (request, reply) => reply.status(201).send(await tokens.rotate(request.device!, actorOf(request))),
  );

  app.delete(
    '/api/device-tokens/:id',
    {
      config: { access: access.user('devices:manage', { ward: 'device-token' }) },
      schema: {
        ...operation('Devices', 'revokeDeviceToken', 'Revoke a device token'),
        params: idParams('Device token'),
        response: { 200: DeviceToken },
      },
    },
    async (request) => tokens.revoke(request.params.id, actorOf(request)),
  );
};
