import type {
  BridgeAction,
  BridgeDevice,
  DeviceLinkCreateInput,
  DeviceTokenCreateInput,
} from '@vigil/domain';
import { describeError } from '@/lib/error-message.ts';
import { deviceName } from './device-display.ts';

/** How long a token handed to the bridge lasts; the bridge renews it before then (decision 009). */
export const BRIDGE_TOKEN_DAYS = 30;

/** What "Sync Data to Cloud" asks of Vigil and of the bridge. */
export interface SyncSteps {
  createLink(input: DeviceLinkCreateInput): Promise<{ id: number }>;
  endLink(id: number): Promise<unknown>;
  createToken(
    input: DeviceTokenCreateInput,
  ): Promise<{ id: number; token: string; expiresAt: string | null }>;
  revokeToken(id: number): Promise<unknown>;
  /** Hands the action to the bridge; throws when the bridge cannot take it. */
  send(action: BridgeAction): void;
}

export type SyncOutcome = { ok: true; linkId: number } | { ok: false; message: string };

/**
 * "Sync Data to Cloud", in the order that never leaves a credential behind a refusal: first the
 * device link, which Vigil refuses for a simulated device on a real patient (409) or when it takes
 * no simulation (403), so a refused link issues no device token; then the token, handed to the
 * bridge with the one endpoint it may upload to. A step that fails undoes the ones before it (the
 * link ended, the token revoked), and says why.
 */
export async function syncDeviceToPatient(
  steps: SyncSteps,
  device: BridgeDevice,
  patient: { id: number; name: string },
  endpoint: string,
): Promise<SyncOutcome> {
  const name = deviceName(device);
  let link: { id: number };
  try {
    link = await steps.createLink({
      patientId: patient.id,
      deviceId: device.id,
      deviceName: device.name,
      // A simulated device is labelled Simulation everywhere, never passed off as a bridge device.
      connectionType: device.simulated ? 'Simulation' : 'Bridge',
      batteryLevel: device.batteryLevel,
    });
  } catch (error) {
    return { ok: false, message: `${name} cannot feed ${patient.name}: ${describeError(error)}` };
  }
  const undoLink = () => steps.endLink(link.id).catch(() => undefined);
  let token: Awaited<ReturnType<SyncSteps['createToken']>>;
  try {
    token = await steps.createToken({
      patientId: patient.id,
      label: `Bridge: ${name}`.slice(0, 100),
      expiresInDays: BRIDGE_TOKEN_DAYS,
    });
  } catch (error) {
    await undoLink();
    return {
      ok: false,
      message: `Could not get a device token for ${patient.name}: ${describeError(error)}`,
    };
  }
  try {
    steps.send({
      type: 'sendToCloud',
      deviceId: device.id,
      endpoint,
      patientId: patient.id,
      deviceToken: token.token,
      ...(token.expiresAt ? { deviceTokenExpiresAt: token.expiresAt } : {}),
    });
  } catch (error) {
    await Promise.all([undoLink(), steps.revokeToken(token.id).catch(() => undefined)]);
    return { ok: false, message: describeError(error) };
  }
  return { ok: true, linkId: link.id };
}
