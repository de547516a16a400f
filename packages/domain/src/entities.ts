import { z } from 'zod';
import { ObservationSchedule } from './alerts/schedule.ts';
import { PatientNews2 } from './clinical/patient-news2.ts';
import { ReadingProvenance, ReadingStatus } from './clinical/provenance.ts';
import { Spo2Scale } from './clinical/spo2-scale.ts';
import { PatientVitalSources } from './clinical/vital-sources.ts';
import { PatientDevice } from './devices/links.ts';
import { Consciousness } from './vitals/consciousness.ts';

export { SIGNED_IN_HINT_COOKIE, User } from './auth/user.ts';

/**
 * Entity shapes as they travel over the API (spec point 3). Timestamps are ISO-8601 strings on the
 * wire. These schemas are the single source of truth: the server serialises with them, the web
 * parses with them.
 */

export const CONDITIONS = ['Critical', 'Improving', 'Stable', 'Recovering'] as const;
export const Condition = z.enum(CONDITIONS);
export type Condition = z.infer<typeof Condition>;

const isoDate = z.string().datetime({ offset: true });

export const Patient = z.object({
  id: z.number().int(),
  name: z.string(),
  oxygenLevel: z.number().int(),
  pulse: z.number().int(),
  systolicBP: z.number().int(),
  diastolicBP: z.number().int(),
  /** Tenths of a degree Fahrenheit, e.g. 986 = 98.6 °F (spec point 3). */
  temperature: z.number().int(),
  condition: z.string(),
  lastUpdated: isoDate,
  /** Derived from the patient's device links (read-only): whether a device is linked. */
  hasVitalWatch: z.boolean(),
  /** Derived: the newest linked device's name ("WHOOP" for the wearable provider's API). */
  vitalWatchType: z.string().nullable(),
  /** Derived: whether a linked device is connected now. */
  vitalWatchConnected: z.boolean(),
  /** Breaths per minute; null when not recorded (NEWS2 then reports it as missing). */
  respiratoryRate: z.number().int().nullable(),
  consciousness: Consciousness.nullable(),
  /** null = not recorded; NEWS2 reports "air or oxygen" as missing. */
  onSupplementalOxygen: z.boolean().nullable(),
  /** SpO2 scale 2 only for a clinician-documented target of 88–92 % (RCP NEWS2). */
  spo2Scale: Spo2Scale,
  createdAt: isoDate,
  /** Created by the demo seed: everything about it is a demonstration, and every screen says so. */
  isDemo: z.boolean(),
  /** Where each current vital value came from (class, time, device). */
  sources: PatientVitalSources,
  /** NEWS2 of the values that count, computed once on the server; screens display it. */
  news2: PatientNews2,
  /** The devices linked to the patient now, newest first, with their state. */
  devices: z.array(PatientDevice),
  /** When the next full set of observations is due (from the NEWS2), and any exception in force. */
  observations: ObservationSchedule,
  /** The ward the patient is on (decision 035). */
  wardId: z.number().int(),
});
export type Patient = z.infer<typeof Patient>;

export const Treatment = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  description: z.string(),
  scheduledFor: isoDate,
  completed: z.boolean(),
  createdBy: z.number().int().nullable(),
});
export type Treatment = z.infer<typeof Treatment>;

export const Note = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  content: z.string(),
  createdAt: isoDate,
  createdBy: z.number().int().nullable(),
  /** Who wrote it (their username); null when the account is unknown. */
  createdByName: z.string().nullable(),
});
export type Note = z.infer<typeof Note>;

export const Medication = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  name: z.string(),
  dosage: z.string(),
  frequency: z.string(),
  nextDose: isoDate,
  alertEnabled: z.boolean(),
  instructions: z.string().nullable(),
  sideEffects: z.string().nullable(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  adherenceRate: z.number().int().nullable(),
  lastTaken: isoDate.nullable(),
  aiSuggestions: z.unknown().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  createdBy: z.number().int().nullable(),
});
export type Medication = z.infer<typeof Medication>;

export const EmergencyContact = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  name: z.string(),
  relationship: z.string(),
  phone: z.string(),
});
export type EmergencyContact = z.infer<typeof EmergencyContact>;

/** A stored vital reading (spec "Cloud reading", table vital_readings). */
export const VitalReading = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  deviceId: z.string().nullable(),
  deviceName: z.string().nullable(),
  connectionType: z.string().nullable(),
  readingTime: isoDate,
  heartRate: z.number().int().nullable(),
  oxygenLevel: z.number().int().nullable(),
  systolicBP: z.number().int().nullable(),
  diastolicBP: z.number().int().nullable(),
  /** Tenths of °F. */
  temperature: z.number().int().nullable(),
  /** Skin temperature, tenths of °F (a wearable's; never core temperature, not in NEWS2). */
  skinTemperature: z.number().int().nullable(),
  respiratoryRate: z.number().int().nullable(),
  consciousness: Consciousness.nullable(),
  onSupplementalOxygen: z.boolean().nullable(),
  batteryLevel: z.number().int().nullable(),
  steps: z.number().int().nullable(),
  sleepHours: z.number().nullable(),
  recordedBy: z.number().int().nullable(),
  createdAt: isoDate,
  /** Where the reading comes from (docs/decisions/014-provenance.md). */
  provenance: ReadingProvenance,
  /** The past window a wearable summary describes (e.g. last night's sleep); null for a point in time. */
  windowStart: isoDate.nullable(),
  windowEnd: isoDate.nullable(),
  /** `entered-in-error` once a person marked it wrong: then it is history only (decision 029). */
  status: ReadingStatus,
  /** The reading whose values this one corrects, when it is a correction. */
  corrects: z.number().int().nullable(),
  /** Who marked it entered in error, when and why; null while it is valid. */
  correction: z
    .object({
      by: z.number().int().nullable(),
      byName: z.string().nullable(),
      at: isoDate,
      reason: z.string(),
    })
    .nullable(),
});
export type VitalReading = z.infer<typeof VitalReading>;
