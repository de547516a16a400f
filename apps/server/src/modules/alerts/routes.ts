import {
  AcknowledgeInput,
  Alert,
  AlertSettings,
  AlertSettingsInput,
  AlertStats,
  AlertStatsQuery,
  AlertsQuery,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { AlertService } from './service.ts';

export const alertRoutes: FastifyPluginAsyncZod<{ alerts: AlertService }> = async (app, { alerts }) => {
  app.get(
    '/api/alerts',
    {
      // Alerts name patients by id with their values: a read of the ward's alerts, audited.
      config: { access: access.user('patients:read', { reads: 'AlertList' }) },
      schema: {
        ...operation('Alerts', 'listAlerts', 'Alerts, open by default, with filters (newest first)'),
        querystring: AlertsQuery,
        response: { 200: z.array(Alert) },
      },
    },
    // The wards the person sees only (decision 035).
    async (request) => alerts.list(request.query, request.wards),
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
      // The ward's deadlines: no patient's data.
      config: { access: access.user('patients:read', { reads: false }) },
      schema: {
        ...operation('Alerts', 'getAlertSettings', "The ward's alert deadlines"),
        response: { 200: AlertSettings },
      },
    },
    async () => alerts.settings(),
  );

  app.put(
    '/api/alert-settings',
    {
      config: { access: access.user('alerts:configure') },
      schema: {
        ...operation('Alerts', 'saveAlertSettings', "Set the ward's alert deadlines (ward manager)"),
        body: AlertSettingsInput,
        response: { 200: AlertSettings },
      },
    },
    async (request) => alerts.saveSettings(request.body, actorOf(request)),
  );
};
