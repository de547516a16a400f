import type { WardSettings } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { addShift, settingsBody, settingsDraftOf } from './settings-draft.ts';

const settings: WardSettings = {
  shifts: [
    { name: 'Day', start: '07:30', end: '19:30' },
    { name: 'Night', start: '19:30', end: '07:30' },
  ],
  handoverWindowMinutes: 60,
  timeZone: 'Europe/London',
};

describe('the shift times form', () => {
  it('sends the stored settings back unchanged', () => {
    expect(settingsBody(settingsDraftOf(settings))).toEqual(settings);
  });

  it('sends the minutes as a number, or as typed for the server to name what is wrong', () => {
    const draft = settingsDraftOf(settings);
    expect(settingsBody({ ...draft, handoverWindowMinutes: ' 45 ' })).toMatchObject({
      handoverWindowMinutes: 45,
    });
    expect(settingsBody({ ...draft, handoverWindowMinutes: '' })).toMatchObject({
      handoverWindowMinutes: null,
    });
    expect(settingsBody({ ...draft, handoverWindowMinutes: 'soon' })).toMatchObject({
      handoverWindowMinutes: 'soon',
    });
  });

  it('starts a new shift where the last one ends, and trims names', () => {
    const draft = addShift(settingsDraftOf(settings));
    expect(draft.shifts.at(-1)).toMatchObject({ name: 'Shift 3', start: '07:30', end: '07:30' });
    expect(new Set(draft.shifts.map((s) => s.key)).size).toBe(3);
    const renamed = { ...draft, shifts: draft.shifts.map((s) => ({ ...s, name: ` ${s.name} ` })) };
    expect((settingsBody(renamed) as WardSettings).shifts.map((s) => s.name)).toEqual([
      'Day',
      'Night',
      'Shift 3',
    ]);
  });
});
