// The keys alone (and the filter they name), for code that only writes to or refreshes the alert
// queries without loading the fetchers and their schemas.

/** The filters of GET /api/alerts the screens use (the server's defaults for the rest). */
export interface AlertsFilter {
  state?: 'open' | 'active' | 'acknowledged' | 'resolved' | 'all';
  priority?: 'high' | 'medium' | 'low';
  kind?: 'clinical' | 'technical';
  patientId?: number;
  limit?: number;
}

export const alertsQueryKeys = {
  all: ['alerts'] as const,
  lists: () => ['alerts', 'list'] as const,
  list: (filter: AlertsFilter) => ['alerts', 'list', filter] as const,
  /** Every open alert of the ward: the alert bar, kept current by the live events themselves. */
  open: () => ['alerts', 'list', { state: 'open' }] as const,
  stats: () => ['alerts', 'stats'] as const,
  settings: () => ['alerts', 'settings'] as const,
};
