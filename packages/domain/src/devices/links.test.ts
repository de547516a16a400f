import { describe, expect, it } from 'vitest';
import { DEVICE_LINK_LEASE_MS, isLinkSilent } from './links.ts';

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

  it('applies to browser-held links only, and not to ended or disconnected ones', () => {
    const long = at + 10 * DEVICE_LINK_LEASE_MS;
    expect(isLinkSilent(link({ connectionType: 'Simulation' }), long)).toBe(true);
    expect(isLinkSilent(link({ connectionType: 'WHOOP API' }), long)).toBe(false);
    expect(isLinkSilent(link({ connectionType: 'Bridge' }), long)).toBe(false);
    expect(isLinkSilent(link({ state: 'disconnected' }), long)).toBe(false);
    expect(isLinkSilent(link({ endedAt: iso(at) }), long)).toBe(false);
  });
});
