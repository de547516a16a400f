import { describe, expect, it } from 'vitest';
import { makeAlert } from '@/test/alert-factory.ts';
import {
  alertAgeText,
  alertStateText,
  announcementTitle,
  barAlerts,
  barRows,
  deadlineText,
  durationText,
  highestPriority,
  mineFirst,
  shareText,
  timeToAcknowledgeMs,
} from './alert-display.ts';

const t0 = Date.parse('2026-11-25T03:00:00.000Z');
const MIN = 60_000;

describe('how an alert reads', () => {
  it('says its age', () => {
    const alert = makeAlert();
    expect(alertAgeText(alert, t0 + 30_000)).toBe('Raised just now');
    expect(alertAgeText(alert, t0 + 4 * MIN)).toBe('Raised 4 min ago');
    expect(alertAgeText(alert, t0 + 72 * MIN)).toBe('Raised 1 h 12 min ago');
    expect(durationText(3 * 24 * 60 * MIN)).toBe('3 days');
  });

  it('counts its age from a device value’s confirmation', () => {
    const alert = makeAlert({ confirmedAt: new Date(t0 + 60_000).toISOString() });
    expect(alertAgeText(alert, t0 + 3 * MIN)).toBe('Raised 2 min ago');
  });

  it('names its state, an escalation first', () => {
    expect(alertStateText(makeAlert())).toBe('Active');
    expect(alertStateText(makeAlert({ escalationLevel: 1, escalatedTo: 'ward_manager' }))).toBe(
      'Escalated to ward manager',
    );
    expect(alertStateText(makeAlert({ escalationLevel: 2, escalatedTo: 'doctor' }))).toBe(
      'Escalated to doctor',
    );
    expect(alertStateText(makeAlert({ conditionEndedAt: new Date(t0).toISOString() }))).toBe(
      'Active (latched)',
    );
    expect(alertStateText(makeAlert({ state: 'pending' }))).toBe('Awaiting confirmation');
  });

  it('measures the time to acknowledge and the deadline', () => {
    expect(timeToAcknowledgeMs(makeAlert())).toBeNull();
    expect(timeToAcknowledgeMs(makeAlert({ acknowledgedAt: new Date(t0 + 3 * MIN).toISOString() }))).toBe(
      3 * MIN,
    );
    expect(deadlineText(makeAlert(), t0 + 2 * MIN)).toBe('Acknowledge within 3 min');
    expect(deadlineText(makeAlert(), t0 + 7 * MIN)).toBe('Past deadline by 2 min');
    expect(deadlineText(makeAlert({ state: 'acknowledged' }), t0)).toBeNull();
  });

  it('shows shares as percentages', () => {
    expect(shareText(null)).toBe('—');
    expect(shareText(0.826)).toBe('83 %');
  });

  it('keeps the spec’s "<level> Alert" for the announcement of high and medium alerts', () => {
    expect(announcementTitle('high')).toBe('CRITICAL Alert');
    expect(announcementTitle('medium')).toBe('URGENT Alert');
    expect(announcementTitle('low')).toBeNull();
  });
});

describe('the alert bar', () => {
  it('lists active high and medium alerts, highest first, then the longest waiting', () => {
    const alerts = [
      makeAlert({ id: 1, priority: 'medium', raisedAt: new Date(t0).toISOString(), confirmedAt: null }),
      makeAlert({ id: 2, priority: 'high', raisedAt: new Date(t0 + MIN).toISOString(), confirmedAt: null }),
      makeAlert({ id: 3, priority: 'low' }),
      makeAlert({ id: 4, priority: 'high', state: 'acknowledged' }),
      makeAlert({ id: 5, priority: 'high', state: 'pending' }),
      makeAlert({ id: 6, priority: 'high', raisedAt: new Date(t0).toISOString(), confirmedAt: null }),
    ];
    expect(barAlerts(alerts).map((a) => a.id)).toEqual([6, 2, 1]);
  });

  it("puts the alerts of the person's own patients first, each group in its order", () => {
    const alerts = [
      makeAlert({ id: 1, patientId: 10, priority: 'high' }),
      makeAlert({ id: 2, patientId: 20, priority: 'medium' }),
      makeAlert({ id: 3, patientId: 30, priority: 'high', raisedAt: new Date(t0 + MIN).toISOString() }),
      makeAlert({ id: 4, patientId: 20, priority: 'high', raisedAt: new Date(t0 + 2 * MIN).toISOString() }),
    ];
    expect(barAlerts(alerts, new Set([20])).map((a) => a.id)).toEqual([4, 2, 1, 3]);
    expect(barAlerts(alerts).map((a) => a.id)).toEqual([1, 3, 4, 2]);
    expect(mineFirst(alerts, new Set([30, 20])).map((a) => a.id)).toEqual([2, 3, 4, 1]);
    expect(highestPriority(barAlerts(alerts, new Set([20])))).toBe('high');
    expect(highestPriority([makeAlert({ priority: 'medium' }), makeAlert({ priority: 'low' })])).toBe(
      'medium',
    );
    expect(highestPriority([])).toBeNull();
  });
});

describe('the alert bar with 9 alerts hides rows after the fifth with no "+4 more" (issue 40 item 9)', () => {
  it('shows five rows and says how many more', () => {
    const nine = Array.from({ length: 9 }, (_, i) => i);
    expect(barRows(nine)).toEqual({ rows: [0, 1, 2, 3, 4], more: 4 });
    expect(barRows(nine.slice(0, 5))).toEqual({ rows: [0, 1, 2, 3, 4], more: 0 });
  });
});
