import type { OutreachPatient } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { alertStateText, formatSpan, observationsText } from './outreach-text.ts';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const alert = (
  over: Partial<NonNullable<OutreachPatient['alert']>>,
): NonNullable<OutreachPatient['alert']> => ({
  id: 1,
  condition: 'news2-emergency',
  priority: 'high',
  state: 'active',
  escalatedTo: null,
  raisedAt: '2026-03-02T09:48:00Z',
  escalatedAt: null,
  ...over,
});

describe('the outreach list in words', () => {
  it.each([
    [0, '0 min'],
    [59 * 60_000, '59 min'],
    [60 * 60_000, '1 h'],
    [125 * 60_000, '2 h 5 min'],
  ])('a span of %i ms reads %s', (ms, text) => expect(formatSpan(ms)).toBe(text));

  it('says who an alert waits on and since when it was raised or last escalated', () => {
    expect(alertStateText(alert({}), NOW)).toBe('Not acknowledged · raised 12 min ago');
    expect(alertStateText(alert({ escalatedTo: 'doctor', escalatedAt: '2026-03-02T09:54:00Z' }), NOW)).toBe(
      'Escalated to doctor · escalated 6 min ago',
    );
    expect(alertStateText(alert({ state: 'acknowledged' }), NOW)).toBe('Acknowledged · raised 12 min ago');
    expect(alertStateText(alert({ raisedAt: '2026-03-02T09:59:30Z' }), NOW)).toBe(
      'Not acknowledged · raised just now',
    );
  });

  it('reads the observation schedule as overdue or due', () => {
    expect(observationsText('2026-03-02T09:45:00Z', NOW)).toEqual({
      text: 'Overdue 15 min',
      isOverdue: true,
    });
    expect(observationsText('2026-03-02T10:30:00Z', NOW)).toEqual({
      text: 'Due in 30 min',
      isOverdue: false,
    });
  });
});
