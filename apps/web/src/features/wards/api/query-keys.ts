// The keys alone, for code that only refreshes these queries (the live events, the admission form)
// without loading the fetchers and their schemas. Under ['wards'] (the hospital's wards, decision
// 035), apart from ['ward', …] (the one ward's board and its settings).

import { ACCOUNT_WARDS_QUERY_KEY } from '@/lib/account-wards-key.ts';

export const wardsQueryKeys = {
  all: ['wards'] as const,
  /** GET /api/wards: every ward of the hospital (names and codes). */
  list: () => ['wards', 'list'] as const,
  /** GET /api/account/wards: the wards the signed-in person sees. */
  mine: () => ACCOUNT_WARDS_QUERY_KEY,
  /** GET /api/wards/members: who works on which ward (the administrator's screen). */
  members: () => ['wards', 'members'] as const,
  /** GET /api/outreach/patients: the hospital's patients at risk. */
  outreach: () => ['wards', 'outreach'] as const,
  /** A ward's free beds, for a transfer into it (only a ward the person sees answers). */
  freeBeds: (wardId: number) => ['wards', 'free-beds', wardId] as const,
};
