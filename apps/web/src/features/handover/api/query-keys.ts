/**
 * The handover API's query keys, apart from its fetchers so the live events (in every signed-in
 * screen's chunk) can name them without loading the handover screens' code.
 */
export const handoverQueryKeys = {
  all: ['handover'] as const,
  /** A ward's handover now (`?ward=`); without one, the person's first ward's (and every ward's prefix). */
  overview: (ward?: number) =>
    ward === undefined ? (['handover', 'overview'] as const) : (['handover', 'overview', ward] as const),
};

/** A patient's handover history, under the patient so that invalidating the patient reaches it. */
export const patientHandoversQueryKey = (patientId: number) => ['patients', patientId, 'handovers'] as const;
