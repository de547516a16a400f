/**
 * The ward API (docs/ward-api.md): the board, the shift's assignments, the staff to assign and the
 * ward's settings. Keys are by meaning under ['ward'], so one live `ward-changed` refreshes them all.
 * A key names its ward when the screen chose one (`?ward=`, decision 035); without, the person's
 * first ward (the server's default), and that shorter key is also the prefix of every ward's.
 */
const of = <K extends readonly unknown[]>(key: K, ward: number | undefined) =>
  ward === undefined ? key : ([...key, ward] as const);

export const wardQueryKeys = {
  all: ['ward'] as const,
  board: (ward?: number) => of(['ward', 'board'] as const, ward),
  assignments: (shift: 'current' | 'next', ward?: number) =>
    of(['ward', 'assignments', shift] as const, ward),
  staff: () => ['ward', 'staff'] as const,
  nurseInCharge: (shift: 'current' | 'next', ward?: number) =>
    of(['ward', 'nurse-in-charge', shift] as const, ward),
  settings: (ward?: number) => of(['ward', 'settings'] as const, ward),
};

/** A ward API address with the screen's ward, when it chose one. */
export function withWard(url: string, ward: number | undefined): string {
  if (ward === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}ward=${ward}`;
}
