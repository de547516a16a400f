import type { EmergencyContact, Medication, Note, Patient, Treatment, VitalReading } from '@vigil/domain';
import type {
  emergencyContacts,
  medications,
  notes,
  patients,
  treatments,
  vitalReadings,
} from '../../db/schema.ts';

// Rows → wire shapes: dates become ISO strings, and nothing outside the schema leaves the server.
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export const toPatient = (r: typeof patients.$inferSelect): Patient => ({
  id: r.id,
  name: r.name,
  oxygenLevel: r.oxygenLevel,
  pulse: r.pulse,
  systolicBP: r.systolicBP,
  diastolicBP: r.diastolicBP,
  temperature: r.temperature,
  condition: r.condition,
  lastUpdated: iso(r.lastUpdated),
  hasVitalWatch: r.hasVitalWatch,
  vitalWatchType: r.vitalWatchType,
  vitalWatchConnected: r.vitalWatchConnected,
  respiratoryRate: r.respiratoryRate,
  consciousness: r.consciousness,
  onSupplementalOxygen: r.onSupplementalOxygen,
  spo2Scale: r.spo2Scale === 2 ? 2 : 1,
  createdAt: iso(r.createdAt),
});

export const toTreatment = (r: typeof treatments.$inferSelect): Treatment => ({
  id: r.id,
  patientId: r.patientId,
  description: r.description,
  scheduledFor: iso(r.scheduledFor),
  completed: r.completed,
  createdBy: r.createdBy,
});

export const toNote = (r: typeof notes.$inferSelect): Note => ({
  id: r.id,
  patientId: r.patientId,
  content: r.content,
  createdAt: iso(r.createdAt),
  createdBy: r.createdBy,
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

export const toVitalReading = (r: typeof vitalReadings.$inferSelect): VitalReading => ({
  id: r.id,
  patientId: r.patientId,
  deviceId: r.deviceId,
  deviceName: r.deviceName,
  connectionType: r.connectionType,
  readingTime: iso(r.readingTime),
  heartRate: r.heartRate,
  oxygenLevel: r.oxygenLevel,
  systolicBP: r.systolicBP,
  diastolicBP: r.diastolicBP,
  temperature: r.temperature,
  respiratoryRate: r.respiratoryRate,
  consciousness: r.consciousness,
  onSupplementalOxygen: r.onSupplementalOxygen,
  batteryLevel: r.batteryLevel,
  steps: r.steps,
  sleepHours: r.sleepHours,
  recordedBy: r.recordedBy,
  createdAt: iso(r.createdAt),
});
