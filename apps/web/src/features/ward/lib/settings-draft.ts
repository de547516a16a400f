import type { ShiftDefinition, WardSettings } from '@vigil/domain';

/** The ward settings as the form holds them: the handover window as typed. */
export interface SettingsDraft {
  shifts: (ShiftDefinition & { key: string })[];
  handoverWindowMinutes: string;
  timeZone: string;
  nextKey: number;
}

export function settingsDraftOf(settings: WardSettings): SettingsDraft {
  return {
    shifts: settings.shifts.map((shift, i) => ({ ...shift, key: `shift-${i}` })),
    handoverWindowMinutes: String(settings.handoverWindowMinutes),
    timeZone: settings.timeZone,
    nextKey: settings.shifts.length,
  };
}

/**
 * PUT /api/ward/settings's body. Minutes that are not a number go as typed (or null when empty),
 * so the server's message ("handoverWindowMinutes must be a number") says what is wrong.
 */
export function settingsBody(draft: SettingsDraft): unknown {
  const typed = draft.handoverWindowMinutes.trim();
  const minutes = Number(typed);
  return {
    shifts: draft.shifts.map(({ name, start, end }) => ({ name: name.trim(), start, end })),
    handoverWindowMinutes: typed === '' ? null : Number.isFinite(minutes) ? minutes : typed,
    timeZone: draft.timeZone.trim(),
  };
}

/** A new shift starts where the last one ends, so the day stays covered once its end is set. */
export function addShift(draft: SettingsDraft): SettingsDraft {
  const last = draft.shifts.at(-1);
  const start = last?.end ?? '00:00';
  return {
    ...draft,
    shifts: [
      ...draft.shifts,
      { key: `shift-${draft.nextKey}`, name: `Shift ${draft.shifts.length + 1}`, start, end: start },
    ],
    nextKey: draft.nextKey + 1,
  };
}
