// The keys alone, for code that only refreshes device links (the live events, on every signed-in
// page): importing them from the fetchers would load the fetchers' schemas too.

/** Device links by meaning: a `device-link-changed` event refreshes everything under `all`. */
export const deviceLinksQueryKeys = {
  all: ['device-links'] as const,
  /** The active links of every patient, or of one. */
  list: (patientId?: number) =>
    patientId === undefined ? (['device-links'] as const) : (['device-links', { patientId }] as const),
};
