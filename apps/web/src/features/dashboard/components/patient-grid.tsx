/**
 * Slot for the patient list (filters, cards, loading/error/empty states: spec point 2, "Patient
 * Dashboard"). Filled in by its own issue; intentionally renders nothing until then.
 */
export function PatientGrid() {
  return null;
}
