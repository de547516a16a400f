import { describe, expect, it } from 'vitest';
import { perPatientDayText } from './alert-stats-card.tsx';

describe('the alarm-fatigue "per patient-day" figure rounds 3 alerts to 0.0 (issue 40 item 9)', () => {
  it.each([
    [3 / 412, '0.0073'],
    [0.04, '0.04'],
    [1.234, '1.2'],
    [12.34, '12.3'],
    [0, '0'],
    [null, '—'],
  ])('%s → %s', (value, text) => {
    expect(perPatientDayText(value)).toBe(text);
  });
});
