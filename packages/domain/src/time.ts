import { z } from 'zod';

/** Years a date sent to the API may fall in: anything outside is a typing or clock error. */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2999;

/**
 * A date and time sent to the API: ISO 8601 with an offset or Z, within years
 * {@link EARLIEST_YEAR}–{@link LATEST_YEAR} (the database cannot store every year JavaScript can).
 */
export function isoDateTime(label: string) {
  return z.iso
    .datetime({ offset: true, error: `${label} must be a date and time, e.g. 2026-03-02T14:30:00Z` })
    .refine(
      (value) => {
        const year = new Date(value).getUTCFullYear();
        return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
      },
      { error: `${label} must be between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}` },
    );
}
