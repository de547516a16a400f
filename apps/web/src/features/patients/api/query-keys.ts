// The keys alone, for code that only writes to or refreshes these queries (the live events, on every
// signed-in page, and other features after a write): importing them from the fetchers would load the
// fetchers' schemas too. Everything about one patient is keyed under ['patients', id], so
// invalidating a patient reaches its readings, analysis, notes and the rest.

/** The ward's patient list (invalidate it with `exact: true`: the patients' own keys start with it). */
export const PATIENTS_QUERY_KEY = ['patients'] as const;

export const patientQueryKey = (id: number) => ['patients', id] as const;

export const timelineQueryKey = (patientId: number) => ['patients', patientId, 'timeline'] as const;

/** Matches every patient's timeline (after a change the event does not place: a bed move, a device). */
export const isTimelineQueryKey = (key: readonly unknown[]) =>
  key[0] === 'patients' && typeof key[1] === 'number' && key[2] === 'timeline';
