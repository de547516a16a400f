import { DEFAULT_HANDOVER_WINDOW_MINUTES, DEFAULT_SHIFTS, type WardSettings } from '@vigil/domain';
import type { AssignmentRepository } from './assignment-repository.ts';

/** The ward's settings as stored, or the defaults on the server's ward clock. */
export function wardSettingsOf(repo: Pick<AssignmentRepository, 'settings'>, defaultTimeZone: string) {
  const defaults: WardSettings = {
    shifts: DEFAULT_SHIFTS,
    handoverWindowMinutes: DEFAULT_HANDOVER_WINDOW_MINUTES,
    timeZone: defaultTimeZone,
  };
  return async (): Promise<WardSettings> => (await repo.settings()) ?? defaults;
}
