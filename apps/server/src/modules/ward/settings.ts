import { DEFAULT_HANDOVER_WINDOW_MINUTES, DEFAULT_SHIFTS, type WardSettings } from '@vigil/domain';
import type { AssignmentRepository } from './assignment-repository.ts';

/**
 * A ward's settings as stored (the `ward_settings` row whose id is the ward's, decision 035), or
 * the defaults on the server's ward clock when its manager has set none.
 */
export function wardSettingsOf(repo: Pick<AssignmentRepository, 'settings'>, defaultTimeZone: string) {
  const defaults: WardSettings = {
    shifts: DEFAULT_SHIFTS,
    handoverWindowMinutes: DEFAULT_HANDOVER_WINDOW_MINUTES,
    timeZone: defaultTimeZone,
  };
  return async (wardId: number): Promise<WardSettings> => (await repo.settings(wardId)) ?? defaults;
}
