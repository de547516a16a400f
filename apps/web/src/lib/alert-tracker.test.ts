import { describe, expect, it } from 'vitest';
import { createAlertTracker } from './alert-tracker.ts';

describe('alert tracker', () => {
  it('announces a rise to URGENT or CRITICAL once, and again after a fall', () => {
    const t = createAlertTracker();
    expect(t.shouldAnnounce(1, 'NORMAL')).toBe(false);
    expect(t.shouldAnnounce(1, 'ATTENTION')).toBe(false);
    expect(t.shouldAnnounce(1, 'URGENT')).toBe(true);
    expect(t.shouldAnnounce(1, 'URGENT')).toBe(false);
    expect(t.shouldAnnounce(1, 'CRITICAL')).toBe(true);
    expect(t.shouldAnnounce(1, 'CRITICAL')).toBe(false);
    expect(t.shouldAnnounce(1, 'URGENT')).toBe(false);
    expect(t.shouldAnnounce(1, 'NORMAL')).toBe(false);
    expect(t.shouldAnnounce(1, 'CRITICAL')).toBe(true);
  });

  it('announces a first sighting at a high level, per patient', () => {
    const t = createAlertTracker();
    expect(t.shouldAnnounce(1, 'CRITICAL')).toBe(true);
    expect(t.shouldAnnounce(2, 'CRITICAL')).toBe(true);
    expect(t.shouldAnnounce(1, 'CRITICAL')).toBe(false);
  });
});
