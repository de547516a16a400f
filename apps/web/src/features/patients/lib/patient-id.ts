/**
 * The database id in `/patient/{id}`, or null when the segment is not a positive whole number
 * (such a page is "Patient not found", without asking the server).
 */
export function parsePatientId(segment: string | undefined): number | null {
  if (!segment || !/^\d{1,15}$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
