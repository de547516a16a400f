import {
  AcknowledgeInput,
  Alert,
  AlertSettings,
  AlertSettingsInput,
  AlertStats,
  AlertStatsQuery,
  AlertsQuery,
  WardQuery,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { WardsService } from '../wards/service.ts';
import type { AlertService } from './service.ts';

export const alertRoutes: FastifyPluginAsyncZod<{
  alerts: AlertService;
  wards: Pick<WardsService, 'pick'>;
}> = async (app, { alerts, wards }) => {
  /** The ward `?ward=` names, if the person sees it (404 otherwise), else their first. */
  const wardOf = (request: { wards: import('@vigil/domain').WardScope | null; query: { ward?: number } }) =>
    wards.pick(request.wards!, request.query.ward);
  app.get(
    '/api/alerts',
    {
      // Alerts name patients by id with their values: a read of the ward's alerts, audited.
      config: { access: access.user('patients:read', { reads: 'AlertList' }) },
      schema: {
        ...operation(
          'Alerts',
          'listAlerts',
          'Alerts, open by default, with filters (newest first); of one ward with ?ward=',
        ),
        querystring: AlertsQuery.extend(WardQuery.shape),
        response: { 200: z.array(Alert) },
      },
    },
    // The wards the person sees only (decision 035); with ?ward=, that one (404 if not theirs).
    async (request) => {
      const { ward, ...query } = request.query;
      if (ward === undefined) return alerts.list(query, request.wards);
      return alerts.list(query, { all: false, wardIds: [await wardOf(request)] });
    },
  );

  app.post(
    '/api/alerts/:id/acknowledge',
    {
      config: { access: access.user('alerts:acknowledge', { ward: 'alert' }) },
      schema: {
        ...operation(
          'Alerts',
          'acknowledgeAlert',
          'Acknowledge an alert (every screen hears of it; audited)',
        ),
        params: idParams('Alert'),
        body: AcknowledgeInput.nullish(),
        response: { 200: Alert },
      },
    },
    async (request) => alerts.acknowledge(request.params.id, actorOf(request), request.body?.note),
  );

  app.get(
    '/api/alerts/stats',
    {
      // Counts only: no patient's data.
      config: { access: access.user('patients:read', { reads: false }) },
      schema: {
        ...operation(
          'Alerts',
          'getAlertStats',
          'Alarm fatigue over a window: alerts per patient-day, acknowledgement, escalation',
        ),
        querystring: AlertStatsQuery,
        response: { 200: AlertStats },
      },
    },
    async (request) => alerts.stats(request.query.since),
  );

  app.get(
    '/api/alert-settings',
    {
      // A ward's deadlines: no patient's data.
      config: { access: access.user('patients:read', { reads: false }) },
      schema: {
        ...operation('Alerts', 'getAlertSettings', "A ward's alert deadlines (?ward=, by default my first)"),
        querystring: WardQuery,
        response: { 200: AlertSettings },
      },
    },
    async (request) => alerts.settings(await wardOf(request)),
  );

  app.put(
    '/api/alert-settings',
    {
      // A ward manager sets her wards' (another ward is 404, as an unknown one); an administrator any.
      config: { access: access.user('alerts:configure') },
      schema: {
        ...operation('Alerts', 'saveAlertSettings', "Set a ward's alert deadlines (ward manager)"),
        querystring: WardQuery,
        body: AlertSettingsInput,
        response: { 200: AlertSettings },
      },
    },
    async (request) => alerts.saveSettings(await wardOf(request), request.body, actorOf(request)),
  );
};
