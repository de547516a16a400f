import type { DeviceLink } from '@vigil/domain';
import { formatClockTime } from '@/lib/date-time.ts';
import { RECONNECT_WAITS_MS } from './bluetooth-constants.ts';
import type { LocalDevice } from './device-manager.ts';

export type StatusTone = 'green' | 'amber' | 'red' | 'blue' | 'grey';

/** One device feeding one patient: the server's link, this browser's session, or both. */
export interface DeviceRow {
  key: string;
  patientId: number;
  deviceId: string;
  deviceName: string | null;
  isSimulated: boolean;
  connectionType: string;
  link: DeviceLink | null;
  local: LocalDevice | null;
  batteryLevel: number | null;
  /** ms since the epoch. */
  lastReadingAt: number | null;
}

/**
 * The rows of "Connected Devices": every active link the server knows (whichever browser or bridge
 * holds it), with this browser's own devices merged in (their state is the freshest), and a device of
 * this browser not registered yet.
 */
export function deviceRows(links: readonly DeviceLink[], local: readonly LocalDevice[]): DeviceRow[] {
  const rows: DeviceRow[] = links.map((link) => {
    const mine = local.find((d) => d.deviceId === link.deviceId && d.patientId === link.patientId) ?? null;
    const serverLast = link.lastReadingAt ? Date.parse(link.lastReadingAt) : null;
    const localLast = mine?.state.lastReadingAt ?? null;
    return {
      key: `link-${link.id}`,
      patientId: link.patientId,
      deviceId: link.deviceId,
      deviceName: mine?.deviceName ?? link.deviceName,
      isSimulated: link.simulated,
      connectionType: link.connectionType,
      link,
      local: mine,
      batteryLevel: mine?.state.batteryLevel ?? link.batteryLevel,
      lastReadingAt: Math.max(serverLast ?? 0, localLast ?? 0) || null,
    };
  });
  for (const device of local) {
    if (rows.some((r) => r.local === device)) continue;
    rows.push({
      key: `local-${device.deviceId}`,
      patientId: device.patientId,
      deviceId: device.deviceId,
      deviceName: device.deviceName,
      isSimulated: device.isSimulated,
      connectionType: device.isSimulated ? 'Simulation' : 'Bluetooth',
      link: null,
      local: device,
      batteryLevel: device.state.batteryLevel,
      lastReadingAt: device.state.lastReadingAt,
    });
  }
  return rows;
}

export interface RowStatus {
  label: string;
  tone: StatusTone;
  /** A second line: the reconnect under way, or who holds the device. */
  detail: string | null;
}

/** "Device lost at 14:05" from the server's `lostAt` (24-hour clock, the ward's time). */
function lostAtText(link: DeviceLink): string {
  const lostAt = link.lostAt ? Date.parse(link.lostAt) : Number.NaN;
  return Number.isNaN(lostAt) ? 'Device lost' : `Device lost at ${formatClockTime(lostAt)}`;
}

/**
 * The status display modes of spec point 2 that a real product keeps (decision 010): "Simulation
 * Mode" (amber), "Connected (Real Device)" (green) for a device this browser holds, plain "Connected"
 * for one held elsewhere (another nurse's browser, the bridge), "Disconnected" (red), with the
 * reconnect attempt when one is under way. A link held elsewhere is read as the server states it: lost
 * because it stopped reporting reads "Not reporting" (its window was closed: nothing will arrive),
 * lost because its browser gave up reconnecting reads "Disconnected", each with "Device lost at HH:MM".
 */
export function rowStatus(row: DeviceRow): RowStatus {
  const total = RECONNECT_WAITS_MS.length;
  if (row.local) {
    const { status, reconnectAttempt } = row.local.state;
    switch (status) {
      case 'connecting':
        return { label: 'Connecting...', tone: 'blue', detail: null };
      case 'connected':
        return row.isSimulated
          ? { label: 'Simulation Mode', tone: 'amber', detail: null }
          : { label: 'Connected (Real Device)', tone: 'green', detail: null };
      case 'disconnected':
        return {
          label: 'Disconnected',
          tone: 'red',
          detail: reconnectAttempt ? `Reconnecting (attempt ${reconnectAttempt} of ${total})` : null,
        };
      case 'gave-up':
        return { label: 'Disconnected', tone: 'red', detail: `Gave up after ${total} reconnect attempts` };
      case 'ended':
        return { label: 'Disconnected', tone: 'red', detail: null };
    }
  }
  const { link } = row;
  if (!link) return { label: 'Disconnected', tone: 'red', detail: null };
  if (link.status === 'lost') {
    switch (link.lostReason) {
      case 'not-reporting':
        return {
          label: 'Not reporting',
          tone: 'red',
          detail: `${lostAtText(link)}: the window or computer holding it may be closed`,
        };
      case 'reconnect-needed':
        return {
          label: 'Reconnect needed',
          tone: 'red',
          detail: `${lostAtText(link)}: its provider asks for it to be connected again`,
        };
      default:
        return { label: 'Disconnected', tone: 'red', detail: `${lostAtText(link)}: reconnecting gave up` };
    }
  }
  if (link.status === 'reconnecting') return { label: 'Disconnected', tone: 'red', detail: 'Reconnecting' };
  if (link.status === 'ended') return { label: 'Disconnected', tone: 'red', detail: null };
  return row.isSimulated
    ? { label: 'Simulation Mode', tone: 'amber', detail: 'Sending from another window or computer' }
    : { label: 'Connected', tone: 'green', detail: heldBy(row) };
}

function heldBy(row: DeviceRow): string {
  if (row.connectionType === 'Bridge') return 'Sending through the bridge';
  if (row.connectionType === 'WHOOP API') return 'Through the WHOOP API';
  return 'Sending from another window or computer';
}

/**
 * "GATT Connected" and "Health Monitor" only where this browser holds the device's GATT connection
 * now: a link another window, the bridge or an API client made is "Connected" (its status says
 * where), never a GATT connection this browser does not have.
 */
export function hasRealConnection(row: DeviceRow): boolean {
  if (row.isSimulated || !row.local) return false;
  return row.local.state.status === 'connected';
}
