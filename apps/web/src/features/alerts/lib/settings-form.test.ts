import { DEFAULT_ALERT_SETTINGS } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { minutesText, SettingsForm, settingsFromForm, settingsToForm } from './settings-form.ts';

describe('the alert settings form', () => {
  it('shows the defaults in minutes and seconds, and saves what it shows', () => {
    const form = settingsToForm(DEFAULT_ALERT_SETTINGS);
    expect(form).toEqual({ high: 5, medium: 15, low: 60, confirmSeconds: 60 });
    expect(settingsFromForm(SettingsForm.parse(form))).toEqual(DEFAULT_ALERT_SETTINGS);
  });

  it('refuses a deadline the server would refuse, naming it', () => {
    const result = SettingsForm.safeParse({ high: 0, medium: '15', low: 60.5, confirmSeconds: 601 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'High priority must be 1–60 min',
      'Low priority must be a whole number of min',
      'Confirmation must be 0–600 s',
    ]);
  });

  it('writes durations for people', () => {
    expect(minutesText(5 * 60_000)).toBe('5 min');
    expect(minutesText(90 * 60_000)).toBe('1 h 30 min');
  });
});
