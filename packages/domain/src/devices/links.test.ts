import { describe, expect, it } from 'vitest';
import { DEVICE_LINK_LEASE_MS, isLinkSilent, type PatientDevice, patientDeviceFields } from './links.ts';

const at = Date.parse('2026-11-23T03:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const link = (over: Partial<Parameters<typeof isLinkSilent>[0]> = {}) => ({
  connectionType: 'Bluetooth' as const,
  state: 'connected' as const,
  lastSeenAt: iso(at),
  lastReadingAt: null,
  endedAt: null,
  ...over,
});

describe('isLinkSilent', () => {
  it('is silent once the holding browser has not been heard from for the lease', () => {
    expect(isLinkSilent(link(), at + DEVICE_LINK_LEASE_MS)).toBe(false);
    expect(isLinkSilent(link(), at + DEVICE_LINK_LEASE_MS + 1)).toBe(true);
    expect(isLinkSilent(link({ state: 'reconnecting' }), at + DEVICE_LINK_LEASE_MS + 1)).toBe(true);
  });

  it('counts a reading as being heard from', () => {
    const later = link({ lastReadingAt: iso(at + 50_000) });
    expect(isLinkSilent(later, at + DEVICE_LINK_LEASE_MS + 1)).toBe(false);
    expect(isLinkSilent(later, at + 50_000 + DEVICE_LINK_LEASE_MS + 1)).toBe(true);
  });

  it('applies to links held by a browser or the bridge, and not to ended or disconnected ones', () => {
    const long = at + 10 * DEVICE_LINK_LEASE_MS;
    expect(isLinkSilent(link({ connectionType: 'Simulation' }), long)).toBe(true);
    // The bridge is heard from through its uploads: silent uploads mean a lost device.
    expect(isLinkSilent(link({ connectionType: 'Bridge' }), long)).toBe(true);
    expect(isLinkSilent(link({ connectionType: 'WHOOP API' }), long)).toBe(false);
    expect(isLinkSilent(link({ state: 'disconnected' }), long)).toBe(false);
    expect(isLinkSilent(link({ endedAt: iso(at) }), long)).toBe(false);
  });
});

describe('patientDeviceFields', () => {
  const device = (over: Partial<PatientDevice> = {}): PatientDevice => ({
    linkId: 1,
    deviceId: 'dev-1',
    deviceName: 'Polar H10',
    connectionType: 'Bluetooth',
    simulated: false,
    status: 'connected',
    lostAt: null,
    lostReason: null,
    batteryLevel: null,
    ...over,
  });

  it.each([
    { devices: [], fields: { hasVitalWatch: false, vitalWatchType: null, vitalWatchConnected: false } },
    {
      devices: [device()],
      fields: { hasVitalWatch: true, vitalWatchType: 'Polar H10', vitalWatchConnected: true },
    },
    {
      devices: [device({ status: 'lost', lostAt: iso(at), lostReason: 'not-reporting' })],
      fields: { hasVitalWatch: true, vitalWatchType: 'Polar H10', vitalWatchConnected: false },
    },
    {
      devices: [device({ connectionType: 'WHOOP API', deviceName: 'WHOOP 4.0' }), device({ linkId: 2 })],
      fields: { hasVitalWatch: true, vitalWatchType: 'WHOOP', vitalWatchConnected: true },
    },
    {
      devices: [device({ deviceName: null, status: 'reconnecting' })],
      fields: { hasVitalWatch: true, vitalWatchType: 'Bluetooth', vitalWatchConnected: false },
    },
  ])('derives the spec fields from the links: $fields', ({ devices, fields }) => {
    expect(patientDeviceFields(devices)).toEqual(fields);
  });
});
