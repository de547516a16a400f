import {
  CONNECTION_TYPES,
  type DeviceLink,
  type DeviceLinkCreateInput,
  type DeviceLinkUpdateInput,
  isLinkSilent,
  SIMULATION_REFUSED_MESSAGE,
} from '@vigil/domain';
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { LiveEventRow, LiveEventsService } from '../events/service.ts';
import type { PatientService } from '../patients/service.ts';
import type { DeviceLinkRepository, DeviceLinkView } from './link-repository.ts';

export const toDeviceLink = (r: DeviceLinkView): DeviceLink => ({
  id: r.id,
  patientId: r.patientId,
  deviceId: r.deviceId,
  deviceName: r.deviceName,
  connectionType: r.connectionType as DeviceLink['connectionType'],
  simulated: r.simulated,
  state: r.state as DeviceLink['state'],
  // The battery the device last reported in a reading, unless the link was told since.
  batteryLevel: r.batteryLevel ?? r.lastBatteryLevel,
  linkedAt: r.linkedAt.toISOString(),
  linkedBy: r.linkedBy,
  stateChangedAt: r.stateChangedAt.toISOString(),
  lastReadingAt: r.lastReadingAt?.toISOString() ?? null,
  lastSeenAt: (r.heartbeatAt && r.heartbeatAt > r.stateChangedAt
    ? r.heartbeatAt
    : r.stateChangedAt
  ).toISOString(),
  endedAt: r.endedAt?.toISOString() ?? null,
});

/**
 * Device links: which device feeds which patient. The browser (Web Bluetooth) or the bridge that
 * holds a connection reports it here, so every screen shows it; each change is a live event.
 */
export function createDeviceLinkService(deps: {
  repo: DeviceLinkRepository;
  clock: Clock;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  patients: Pick<PatientService, 'assertExists'>;
  acceptSimulated: boolean;
  /** Links and unlinks by a person go in the audit trail, in the change's transaction. */
  audit: Pick<AuditService, 'recordIn'>;
}) {
  const { repo, clock, liveEvents, patients } = deps;

  const recordChanges = (run: Run, changed: DeviceLinkView[]) =>
    liveEvents.record(
      run,
      changed.map((link) => ({
        type: 'device-link-changed',
        patientId: link.patientId,
        data: toDeviceLink(link),
      })),
    );
  const committed = (extra: LiveEventRow[]) => liveEvents.committed(extra);
  /** Live events and, for a person's link or unlink, one audit row per link, in one transaction. */
  const recordAudited =
    (actor: AuditActor) =>
    async (run: Run, changed: DeviceLinkView[]): Promise<LiveEventRow[]> => {
      for (const link of changed) {
        await deps.audit.recordIn(run, {
          actor,
          action: link.endedAt ? 'delete' : 'create',
          entityType: 'DeviceLink',
          entityId: link.id,
          patientId: link.patientId,
          detail: link.endedAt ? 'device unlinked' : `device linked (${link.connectionType})`,
        });
      }
      return recordChanges(run, changed);
    };

  return {
    list: async (patientId?: number) => (await repo.listActive(patientId)).map(toDeviceLink),

    async link(input: DeviceLinkCreateInput, actor: AuditActor): Promise<DeviceLink> {
      const userId = actor.userId!;
      const simulated = input.connectionType === CONNECTION_TYPES.simulation;
      if (simulated && !deps.acceptSimulated)
        throw forbidden(SIMULATION_REFUSED_MESSAGE, 'SIMULATION_DISABLED');
      await patients.assertExists(input.patientId);
      const now = clock.now();
      const { link, extra } = await repo.link(
        {
          patientId: input.patientId,
          deviceId: input.deviceId,
          deviceName: input.deviceName ?? null,
          connectionType: input.connectionType,
          simulated,
          state: 'connected',
          batteryLevel: input.batteryLevel ?? null,
          linkedAt: now,
          linkedBy: userId,
          stateChangedAt: now,
        },
        recordAudited(actor),
      );
      committed(extra);
      return toDeviceLink(link);
    },

    async update(id: number, input: DeviceLinkUpdateInput): Promise<DeviceLink> {
      const current = await repo.get(id);
      if (!current || current.endedAt) throw notFound('Device link not found', 'DEVICE_LINK_NOT_FOUND');
      const stateChanges = input.state !== undefined && input.state !== current.state;
      const result = await repo.update(
        id,
        {
          ...(input.state !== undefined ? { state: input.state } : {}),
          ...(input.batteryLevel !== undefined ? { batteryLevel: input.batteryLevel } : {}),
          ...(stateChanges ? { stateChangedAt: clock.now() } : {}),
        },
        recordChanges,
      );
      if (!result) throw notFound('Device link not found', 'DEVICE_LINK_NOT_FOUND');
      committed(result.extra);
      return toDeviceLink(result.link);
    },

    /**
     * The holding browser says it still holds the device (every DEVICE_LINK_HEARTBEAT_MS). Other
     * screens hear of it only when the link had gone silent: a heartbeat is not a change otherwise.
     * 404 when the link has ended (another screen disconnected it): the browser lets the device go.
     */
    async heartbeat(id: number): Promise<DeviceLink> {
      const current = await repo.get(id);
      if (!current || current.endedAt) throw notFound('Device link not found', 'DEVICE_LINK_NOT_FOUND');
      const now = clock.now();
      const wasSilent = isLinkSilent(toDeviceLink(current), now.getTime());
      const result = await repo.update(id, { heartbeatAt: now }, async (run, changed) =>
        wasSilent ? recordChanges(run, changed) : [],
      );
      if (!result) throw notFound('Device link not found', 'DEVICE_LINK_NOT_FOUND');
      committed(result.extra);
      return toDeviceLink(result.link);
    },

    /** Ends a link (the nurse disconnected the device from the patient). */
    async end(id: number, actor: AuditActor): Promise<DeviceLink> {
      const now = clock.now();
      const result = await repo.update(
        id,
        { endedAt: now, state: 'disconnected', stateChangedAt: now },
        recordAudited(actor),
      );
      if (!result) throw notFound('Device link not found', 'DEVICE_LINK_NOT_FOUND');
      committed(result.extra);
      return toDeviceLink(result.link);
    },
  };
}

export type DeviceLinkService = ReturnType<typeof createDeviceLinkService>;
