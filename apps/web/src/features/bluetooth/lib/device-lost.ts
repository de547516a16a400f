import type { LocalDevice } from './device-manager.ts';

/**
 * The devices of `current` that gave up reconnecting since `previous` (each once: a device that had
 * already given up is not news again). `previous` maps device ids to their last status.
 */
export function devicesThatGaveUp(
  previous: ReadonlyMap<string, LocalDevice['state']['status']>,
  current: readonly LocalDevice[],
): LocalDevice[] {
  return current.filter(
    (device) => device.state.status === 'gave-up' && previous.get(device.deviceId) !== 'gave-up',
  );
}

/** The notice's words: which device, for whom, what happened, what to do. */
export function deviceLostText(
  device: Pick<LocalDevice, 'deviceName'>,
  patientName: string,
  attempts: number,
) {
  return {
    title: 'Device lost',
    description: `${device.deviceName ?? 'Unknown Device'} (${patientName}) stopped sending: gave up after ${attempts} reconnect attempts. Check the device and connect it again.`,
  };
}
