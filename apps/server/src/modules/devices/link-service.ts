import {
  CONNECTION_TYPES,
  type DeviceLink,
  type DeviceLinkCreateInput,
  type DeviceLinkUpdateInput,
  type DeviceLostReason,
  LEASED_CONNECTION_TYPES,
  SIMULATION_REAL_PATIENT_MESSAGE,
  SIMULATION_REFUSED_MESSAGE,
  toPatientDevice,
} from '@vigil/domain';
import type { Run } from '../../db/prepared.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AlertService } from '../alerts/service.ts';
import type { AuditActor } from '../audit/context.ts';
import type { AuditService } from '../audit/service.ts';
import type { LiveEventRow, LiveEventsService, NewLiveEvent } from '../events/service.ts';
import type { PatientService } from '../patients/service.ts';
import type { DeviceLinkRepository, DeviceLinkRow, DeviceLinkView } from './link-repository.ts';
import { toDeviceLink } from './mappers.ts';

export const DEVICE_LINK_NOT_FOUND = 'Device link not found';

/**
 * Device links: which device feeds which patient, the one truth of a patient's devices. The service
 * owns every link's life (Bluetooth and demo devices held by a browser, the bridge's devices, WHOOP
 * held by the server): linking, state, the lease that notices a device that stopped reporting, and
 * ending. Each change sets the patient's devices and goes to every screen, in its own transaction.
 */
export function createDeviceLinkService(deps: {
  repo: DeviceLinkRepository;
  clock: Clock;
  liveEvents: Pick<LiveEventsService, 'record' | 'committed'>;
  patients: Pick<PatientService, 'get' | 'setDevices'>;
  alerts: Pick<AlertService, 'onDevicesChanged'>;
  acceptSimulated: boolean;
  /** A browser- or bridge-held link not heard from for this long is lost ("not reporting"). */
  leaseMs: number;
  /** Links and unlinks by a person go in the audit trail, in the change's transaction. */
  audit: Pick<AuditService, 'recordIn'>;
}) {
  const { repo, clock, liveEvents, patients, alerts } = deps;

  /** The links' events, and each affected patient as it now is (its devices). */
  const recordChanges = async (
    run: Run,
    changed: DeviceLinkView[],
    activeByPatient: Map<number, DeviceLinkView[]>,
  ): Promise<LiveEventRow[]> => {
    const events: NewLiveEvent[] = changed.map((link) => ({
      type: 'device-link-changed',
      patientId: link.patientId,
      data: toDeviceLink(link),
    }));
    for (const [patientId, active] of activeByPatient) {
      const devices = active.map((l) => toPatientDevice(toDeviceLink(l)));
      events.push(...(await patients.setDevices(run, patientId, devices)));
      // A lost device raises its technical alert; one reporting again, linked again (a WHOOP
      // reconnected: its old link ends as the new one starts) or disconnected resolves it.
      const ended = changed
        .filter((l) => l.patientId === patientId && l.endedAt)
        .map((l) => ({ linkId: l.id, relinked: active.some((a) => a.deviceId === l.deviceId) }));
      events.push(...(await alerts.onDevicesChanged(run, patientId, devices, ended)));
    }
    return liveEvents.record(run, events);
  };
  const committed = (extra: LiveEventRow[]) => liveEvents.committed(extra);
  /** Live events and, for a person's link or unlink, one audit row per link, in one transaction. */
  const recordAudited =
    (actor: AuditActor) =>
    async (run: Run, changed: DeviceLinkView[], activeByPatient: Map<number, DeviceLinkView[]>) => {
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
      return recordChanges(run, changed, activeByPatient);
    };

  async function change(
    id: number,
    patch: Parameters<DeviceLinkRepository['update']>[1],
    also = recordChanges,
  ): Promise<DeviceLink> {
    const result = await repo.update(id, patch, also);
    if (!result) throw notFound(DEVICE_LINK_NOT_FOUND, 'DEVICE_LINK_NOT_FOUND');
    committed(result.extra);
    return toDeviceLink(result.link);
  }

  async function requireActive(id: number): Promise<DeviceLinkView> {
    const current = await repo.get(id);
    if (!current || current.endedAt) throw notFound(DEVICE_LINK_NOT_FOUND, 'DEVICE_LINK_NOT_FOUND');
    return current;
  }

  return {
    list: async (patientId?: number) => (await repo.listActive(patientId)).map(toDeviceLink),

    /**
     * Links a device to a patient in one call (the browser, the bridge panel, the WHOOP callback).
     * A simulated device is refused on a server that accepts none, and on a patient who is not a
     * demo patient (decision 014), whatever its name says.
     */
    async link(input: DeviceLinkCreateInput, actor: AuditActor): Promise<DeviceLink> {
      const simulated = input.connectionType === CONNECTION_TYPES.simulation;
      if (simulated && !deps.acceptSimulated)
        throw forbidden(SIMULATION_REFUSED_MESSAGE, 'SIMULATION_DISABLED');
      const patient = await patients.get(input.patientId); // the patients' own 404
      if (simulated && !patient.isDemo)
        throw conflict(SIMULATION_REAL_PATIENT_MESSAGE, 'SIMULATION_REAL_PATIENT');
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
          linkedBy: actor.userId,
          stateChangedAt: now,
        },
        recordAudited(actor),
      );
      committed(extra);
      return toDeviceLink(link);
    },

    /**
     * The holding browser's report of the connection: reconnecting, connected again, or given up
     * ("disconnected": the device is lost, dropped, from now). Not audited: a device's own ups and
     * downs are not a person's change to the record.
     */
    async update(id: number, input: DeviceLinkUpdateInput): Promise<DeviceLink> {
      const current = await requireActive(id);
      const now = clock.now();
      const patch: Parameters<DeviceLinkRepository['update']>[1] = {};
      if (input.batteryLevel !== undefined) patch.batteryLevel = input.batteryLevel;
      if (input.state !== undefined && input.state !== current.state) {
        patch.state = input.state;
        patch.stateChangedAt = now;
        Object.assign(patch, input.state === 'disconnected' ? lost(now, 'dropped') : found(current));
      }
      return change(id, patch);
    },

    /**
     * The holding browser says it still holds the device (every DEVICE_LINK_HEARTBEAT_MS). Other
     * screens hear of it only when the link had been lost for not reporting: a heartbeat is not a
     * change otherwise. 404 when the link has ended (another screen disconnected it).
     */
    async heartbeat(id: number): Promise<DeviceLink> {
      const current = await requireActive(id);
      const wasSilent = current.lostReason === 'not-reporting';
      return change(id, { heartbeatAt: clock.now(), ...(wasSilent ? found(current) : {}) }, (run, c, a) =>
        wasSilent ? recordChanges(run, c, a) : Promise.resolve([]),
      );
    },

    /** Ends a link (a person disconnected the device from the patient). */
    async end(id: number, actor: AuditActor): Promise<DeviceLink> {
      const now = clock.now();
      return change(id, { endedAt: now, state: 'disconnected', stateChangedAt: now }, recordAudited(actor));
    },

    /** The active link of a device (the WHOOP connection's own), if any. */
    activeForDevice: async (deviceId: string): Promise<DeviceLink | undefined> => {
      const link = await repo.activeForDevice(deviceId);
      return link && toDeviceLink(link);
    },

    /** A server-held link's provider refused us (WHOOP wants the patient to reconnect): lost. */
    async providerLost(id: number): Promise<DeviceLink> {
      const now = clock.now();
      return change(id, { state: 'disconnected', stateChangedAt: now, ...lost(now, 'reconnect-needed') });
    },

    /**
     * Notices links that stopped reporting (and those reporting again) at the current time. Safe to
     * run on every instance at once: each change is made by one.
     */
    async sweep(): Promise<void> {
      const cutoff = new Date(clock.now().getTime() - deps.leaseMs);
      const result = await repo.sweep(cutoff, LEASED_CONNECTION_TYPES, recordChanges);
      if (result) committed(result.extra);
    },
  };
}

/** A link lost now, for `reason`. */
const lost = (now: Date, reason: DeviceLostReason) => ({
  lostAt: now,
  lostReason: reason,
});
/** A link reporting again: no longer lost, unless its provider still wants a reconnect. */
const found = (current: Pick<DeviceLinkRow, 'lostReason'>) =>
  current.lostReason === 'reconnect-needed' ? {} : { lostAt: null, lostReason: null };

export type DeviceLinkService = ReturnType<typeof createDeviceLinkService>;
