/**
 * The query key of the signed-in person's wards (GET /api/account/wards), alone: the wards feature's
 * keys name it `mine`, and code that only refreshes it (the live events) loads no fetcher or schema.
 */
export const ACCOUNT_WARDS_QUERY_KEY = ['wards', 'mine'] as const;
