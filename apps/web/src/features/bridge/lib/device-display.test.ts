import { describe, expect, it } from 'vitest';
import {
  deviceName,
  formatLastUpdate,
  patientsForDevice,
  shortDeviceId,
  syncSummary,
  valueOrDashes,
} from './device-display.ts';

describe('bridge device display', () => {
  it('names a device, or "Unknown Device"', () => {
    expect(deviceName({ name: 'Polar H10' })).toBe('Polar H10');
    expect(deviceName({ name: null })).toBe('Unknown Device');
    expect(deviceName({ name: '  ' })).toBe('Unknown Device');
  });

  it('shows the first 8 characters of the id', () => {
    expect(shortDeviceId('a1b2c3d4e5f6')).toBe('a1b2c3d4');
    expect(shortDeviceId('abc')).toBe('abc');
  });

  it('shows "--" for a missing BPM or battery, and 0 as 0', () => {
    expect(valueOrDashes(null)).toBe('--');
    expect(valueOrDashes(undefined)).toBe('--');
    expect(valueOrDashes(0)).toBe('0');
    expect(valueOrDashes(72)).toBe('72');
  });

  it('shows Last Update as "Never", "Invalid time" or the local time', () => {
    expect(formatLastUpdate(null)).toBe('Never');
    expect(formatLastUpdate('not a time')).toBe('Invalid time');
    const iso = '2026-11-23T10:15:30.000Z';
    const expected = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(new Date(iso));
    expect(formatLastUpdate(iso)).toBe(expected);
  });

  it('says where a synced device stands', () => {
    const sync = {
      patientId: 4,
      status: 'retrying' as const,
      pendingReadings: 3,
      uploadedReadings: 10,
      rejectedReadings: 0,
      lastUploadAt: null,
      lastError: '503: Service Unavailable',
    };
    expect(syncSummary(sync)).toBe(
      'Vigil unreachable, retrying (10 uploaded, 3 waiting): 503: Service Unavailable',
    );
    expect(syncSummary({ ...sync, status: 'idle' })).toBe('Up to date (10 uploaded, 3 waiting)');
    expect(syncSummary({ ...sync, status: 'paused' })).toMatch(/^Paused: the device token was refused/);
  });
});

describe('the bridge offers a real patient for a simulated device (issue 40 item 7)', () => {
  const ward = [
    { id: 1, name: 'Ada Real', isDemo: false },
    { id: 2, name: 'Demo Dora', isDemo: true },
  ];
  it('offers only demo patients for a simulated device, every patient for a real one', () => {
    expect(patientsForDevice({ simulated: true }, ward)?.map((p) => p.name)).toEqual(['Demo Dora']);
    expect(patientsForDevice({ simulated: false }, ward)?.map((p) => p.name)).toEqual([
      'Ada Real',
      'Demo Dora',
    ]);
  });
});
