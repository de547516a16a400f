import type { EmergencyContact, Medication, Note, Treatment } from '@vigil/domain';
import type { emergencyContacts, medications, notes, treatments } from './schema.ts';

// Rows → wire shapes: dates become ISO strings, and nothing outside the schema leaves the server.
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export const toTreatment = (r: typeof treatments.$inferSelect): Treatment => ({
  id: r.id,
  patientId: r.patientId,
  description: r.description,
  scheduledFor: iso(r.scheduledFor),
  completed: r.completed,
  createdBy: r.createdBy,
});

/** A note with the username of who wrote it. */
export const toNote = (r: typeof notes.$inferSelect, byName: string | null): Note => ({
  id: r.id,
  patientId: r.patientId,
  content: r.content,
  createdAt: iso(r.createdAt),
  createdBy: r.createdBy,
  createdByName: byName,
});

export const toMedication = (r: typeof medications.$inferSelect): Medication => ({
  id: r.id,
  patientId: r.patientId,
  name: r.name,
  dosage: r.dosage,
  frequency: r.frequency,
  nextDose: iso(r.nextDose),
  alertEnabled: r.alertEnabled,
  instructions: r.instructions,
  sideEffects: r.sideEffects,
  startDate: iso(r.startDate ?? r.createdAt ?? new Date(0)),
  endDate: isoOrNull(r.endDate),
  adherenceRate: r.adherenceRate,
  lastTaken: isoOrNull(r.lastTaken),
  aiSuggestions: r.aiSuggestions ?? null,
  createdAt: iso(r.createdAt ?? new Date(0)),
  updatedAt: iso(r.updatedAt ?? new Date(0)),
  createdBy: r.createdBy,
});

export const toEmergencyContact = (r: typeof emergencyContacts.$inferSelect): EmergencyContact => ({
  id: r.id,
  patientId: r.patientId,
  name: r.name,
  relationship: r.relationship,
  phone: r.phone,
});
