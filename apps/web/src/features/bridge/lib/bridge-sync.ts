import {
  type BridgeAction,
  type BridgeDevice,
  type DeviceLink,
  type DeviceTokenCreateInput,
  TOKEN_LINK_CONNECTION_TYPES,
} from '@vigil/domain';
import { HttpError } from '@/lib/api-client.ts';
import { describeError } from '@/lib/error-message.ts';
import { deviceName } from './device-display.ts';

/** How long a token handed to the bridge lasts; the bridge renews it before then (decision 009). */
export const BRIDGE_TOKEN_DAYS = 30;

/** What "Sync Data to Cloud" asks of Vigil and of the bridge. */
export interface SyncSteps {
  /** POST /api/device-tokens naming the device: the server links it as it issues the token. */
  issueToken(
    input: DeviceTokenCreateInput,
  ): Promise<{ id: number; token: string; expiresAt: string | null; link: { id: number } | null }>;
  endLink(id: number): Promise<unknown>;
  revokeToken(id: number): Promise<unknown>;
  /** Hands the action to the bridge; throws when the bridge cannot take it. */
  send(action: BridgeAction): void;
}

export type SyncOutcome = { ok: true } | { ok: false; message: string };

/** Vigil refused the link itself (a simulated device on a real patient, 409; no simulation, 403). */
const isLinkRefusal = (error: unknown) =>
  error instanceof HttpError &&
  (error.code === 'SIMULATION_REAL_PATIENT' || error.code === 'SIMULATION_DISABLED');

/**
 * "Sync Data to Cloud": one request has Vigil link the device to the patient and issue its token
 * (a refused link issues none), then the token goes to the bridge with the one endpoint it may upload
 * to. The link is the server's from then on: this page keeps nothing of it. When the bridge cannot
 * take the token, the link is ended and the token revoked, and the outcome says why.
 */
export async function syncDeviceToPatient(
  steps: SyncSteps,
  device: BridgeDevice,
  patient: { id: number; name: string },
  endpoint: string,
): Promise<SyncOutcome> {
  const name = deviceName(device);
  let issued: Awaited<ReturnType<SyncSteps['issueToken']>>;
  try {
    issued = await steps.issueToken({
      patientId: patient.id,
      label: `Bridge: ${name}`.slice(0, 100),
      expiresInDays: BRIDGE_TOKEN_DAYS,
      device: {
        deviceId: device.id,
        deviceName: device.name,
        // A simulated device is labelled Simulation everywhere, never passed off as a bridge device.
        connectionType: device.simulated ? 'Simulation' : 'Bridge',
        batteryLevel: device.batteryLevel,
      },
    });
  } catch (error) {
    return {
      ok: false,
      message: isLinkRefusal(error)
        ? `${name} cannot feed ${patient.name}: ${describeError(error)}`
        : `Could not get a device token for ${patient.name}: ${describeError(error)}`,
    };
  }
  try {
    steps.send({
      type: 'sendToCloud',
      deviceId: device.id,
      endpoint,
      patientId: patient.id,
      deviceToken: issued.token,
      ...(issued.expiresAt ? { deviceTokenExpiresAt: issued.expiresAt } : {}),
    });
  } catch (error) {
    const link = issued.link;
    await Promise.all([
      link ? steps.endLink(link.id).catch(() => undefined) : undefined,
      steps.revokeToken(issued.id).catch(() => undefined),
    ]);
    return { ok: false, message: describeError(error) };
  }
  return { ok: true };
}

/** The server's active link of a device the bridge holds, from the device links every screen reads. */
export function bridgeLinkOf(links: readonly DeviceLink[], deviceId: string): DeviceLink | undefined {
  return links.find(
    (link) =>
      link.deviceId === deviceId &&
      link.endedAt === null &&
      (TOKEN_LINK_CONNECTION_TYPES as readonly string[]).includes(link.connectionType),
  );
}
