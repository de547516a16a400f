import {
  OutreachPatient,
  TransferInput,
  TransferResult,
  Ward,
  WardInput,
  WardMembers,
  WardMembership,
  WardMembershipInput,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { OutreachService } from './outreach.ts';
import type { WardsService } from './service.ts';

/** The hospital's wards, who works on which, transfers, and the outreach team's list (decision 035). */
export const wardsRoutes: FastifyPluginAsyncZod<{ wards: WardsService; outreach: OutreachService }> = async (
  app,
  { wards, outreach },
) => {
  app.get(
    '/api/wards',
    {
      // Names and codes: no patient's data (the transfer dialog names every ward).
      config: { access: access.user('patients:read', { reads: false }) },
      schema: {
        ...operation('Wards', 'listWards', "The hospital's wards"),
        response: { 200: z.array(Ward) },
      },
    },
    async () => wards.list(),
  );

  app.post(
    '/api/wards',
    {
      config: { access: access.user('wards:manage') },
      schema: {
        ...operation('Wards', 'createWard', 'Open a ward'),
        body: WardInput,
        response: { 201: Ward },
      },
    },
    async (request, reply) => reply.status(201).send(await wards.create(request.body, actorOf(request))),
  );

  app.get(
    '/api/account/wards',
    {
      config: { access: access.user('account:self') },
      schema: {
        ...operation('Wards', 'getMyWards', 'The wards the signed-in person sees'),
        response: { 200: WardMembership },
      },
    },
    async (request) => ({
      userId: request.user!.id,
      hospitalWide: request.wards!.all,
      wards: await wards.visible(request.wards!),
    }),
  );

  app.get(
    '/api/wards/members',
    {
      // Staff and their roles: no patient's data.
      config: { access: access.user('wards:manage') },
      schema: {
        ...operation('Wards', 'listWardMembers', 'Who works on which ward, with their role'),
        response: { 200: WardMembers },
      },
    },
    async () => wards.members(),
  );

  app.get(
    '/api/accounts/:id/wards',
    {
      config: { access: access.user('wards:manage') },
      schema: {
        ...operation('Wards', 'getAccountWards', 'The wards a person works on'),
        params: idParams('Account'),
        response: { 200: WardMembership },
      },
    },
    async (request) => wards.membership(request.params.id),
  );

  app.put(
    '/api/accounts/:id/wards',
    {
      config: { access: access.user('wards:manage') },
      schema: {
        ...operation(
          'Wards',
          'setAccountWards',
          'Set the wards a person works on (their open streams end; audited)',
        ),
        params: idParams('Account'),
        body: WardMembershipInput,
        response: { 200: WardMembership },
      },
    },
    async (request) => wards.setMembership(request.params.id, request.body.wardIds, actorOf(request)),
  );

  app.post(
    '/api/patients/:id/transfer',
    {
      config: { access: access.user('patients:edit') },
      schema: {
        ...operation(
          'Wards',
          'transferPatient',
          'Transfer a patient (and her bed) to another ward; her open alerts follow her',
        ),
        params: PatientIdParams,
        body: TransferInput,
        response: { 200: TransferResult },
      },
    },
    async (request) =>
      wards.transfer(
        request.params.id,
        { wardId: request.body.wardId, bedId: request.body.bedId ?? null },
        actorOf(request),
      ),
  );

  app.get(
    '/api/outreach/patients',
    {
      // Every ward's patients at risk: a read of the hospital's list, audited.
      config: { access: access.user('outreach:read', { reads: 'OutreachList' }) },
      schema: {
        ...operation(
          'Wards',
          'listOutreachPatients',
          "The hospital's patients at risk (NEWS2 ≥ 5, a red score, or rising by 2 over 6 h), overdue first",
        ),
        response: { 200: z.array(OutreachPatient) },
      },
    },
    async () => outreach.atRisk(),
  );
};
