// The keys alone (and the filter they name), for code that only writes to or refreshes the alert
// queries without loading the fetchers and their schemas.

/** The filters of GET /api/alerts the screens use (the server's defaults for the rest). */
export interface AlertsFilter {
  state?: 'open' | 'active' | 'acknowledged' | 'resolved' | 'all';
  priority?: 'high' | 'medium' | 'low';
  kind?: 'clinical' | 'technical';
  patientId?: number;
  limit?: number;
  /** One of the person's wards (decision 035); without, all of hers. */
  ward?: number;
}

export const alertsQueryKeys = {
  all: ['alerts'] as const,
  lists: () => ['alerts', 'list'] as const,
  list: (filter: AlertsFilter) => ['alerts', 'list', filter] as const,
  /** Every open alert of the ward: the alert bar, kept current by the live events themselves. */
  open: () => ['alerts', 'list', { state: 'open' }] as const,
  stats: () => ['alerts', 'stats'] as const,
  /** A ward's deadlines; without one, the person's first ward's (and every ward's prefix). */
  settings: (ward?: number) =>
    ward === undefined ? (['alerts', 'settings'] as const) : (['alerts', 'settings', ward] as const),
};
