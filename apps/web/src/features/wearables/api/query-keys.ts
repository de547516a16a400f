// The wearable queries: the server's WHOOP status, and a patient's connection and stored WHOOP data
// keyed under the patient so that invalidating a patient reaches them.

export const WHOOP_STATUS_QUERY_KEY = ['wearables', 'whoop-status'] as const;

export const wearableQueryKey = (patientId: number) => ['patients', patientId, 'wearable'] as const;

export const vitalWatchDataQueryKey = (patientId: number) =>
  ['patients', patientId, 'vital-watch-data'] as const;
