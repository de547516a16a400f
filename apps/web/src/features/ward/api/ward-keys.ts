/**
 * The ward API (docs/ward-api.md): the board, the shift's assignments, the staff to assign and the
 * ward's settings. Keys are by meaning under ['ward'], so one live `ward-changed` refreshes them all.
 */
export const wardQueryKeys = {
  all: ['ward'] as const,
  board: () => ['ward', 'board'] as const,
  assignments: (shift: 'current' | 'next') => ['ward', 'assignments', shift] as const,
  staff: () => ['ward', 'staff'] as const,
  nurseInCharge: (shift: 'current' | 'next') => ['ward', 'nurse-in-charge', shift] as const,
  settings: () => ['ward', 'settings'] as const,
};
