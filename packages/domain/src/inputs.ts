import { z } from 'zod';
import { DEVICE_FIELDS_READ_ONLY_MESSAGE } from './clinical/provenance.ts';
import { NEWS2_BANDS } from './clinical/words.ts';
import { CONDITIONS } from './entities.ts';
import { recordId } from './ids.ts';
import { isoDateTime } from './time.ts';
import type { WithVitalKeys } from './vitals/mappers.ts';
import {
  BP_ORDER_MESSAGE,
  BP_ORDER_PATH,
  coreVitalFields,
  isBpInOrder,
  news2OptionalFields,
  optionalCoreVitalFields,
} from './vitals/schemas.ts';

/** Request bodies of the patient record API. Messages say what to fix. */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-GB')} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-GB')} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullish();

export const ConditionInput = z.enum(CONDITIONS, {
  error: `Condition must be one of ${CONDITIONS.join(', ')}`,
});

/**
 * The spec's device fields follow the patient's device links (read-only): a request that sets them
 * is refused with a message saying where devices are connected, never silently ignored.
 */
const readOnlyDeviceField = () => z.never({ error: DEVICE_FIELDS_READ_ONLY_MESSAGE }).optional();
const vitalWatchFields = {
  hasVitalWatch: readOnlyDeviceField(),
  vitalWatchType: readOnlyDeviceField(),
  vitalWatchConnected: readOnlyDeviceField(),
};

/** Admit a patient: name, condition and the four vitals; NEWS2 fields optional. */
export const PatientCreateInput = z
  .object({
    name: text('Name', 200),
    condition: ConditionInput,
    ...coreVitalFields('patientField'),
    ...news2OptionalFields,
    ...vitalWatchFields,
    /** The ward admitted to (decision 035); by default the admitting person's ward when they have one. */
    wardId: recordId('wardId').optional(),
  })
  .refine(isBpInOrder, { path: BP_ORDER_PATH, error: BP_ORDER_MESSAGE });
export type PatientCreateInput = z.infer<typeof PatientCreateInput>;
/** An admission inside the server: the request, its vitals by the catalogue's keys (`heartRate`). */
export type PatientAdmission = WithVitalKeys<PatientCreateInput>;

/** Change a patient: any subset of the fields (the BP order is checked against the stored values too). */
export const PatientUpdateInput = z
  .object({
    name: text('Name', 200).optional(),
    condition: ConditionInput.optional(),
    ...optionalCoreVitalFields('patientField'),
    ...news2OptionalFields,
    ...vitalWatchFields,
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), {
    error: 'Send at least one field to change',
  });
export type PatientUpdateInput = z.infer<typeof PatientUpdateInput>;
/** A change of the record inside the server: the request, its vitals by the catalogue's keys. */
export type PatientChanges = WithVitalKeys<PatientUpdateInput>;
export { BP_ORDER_MESSAGE };

export const PatientListQuery = z.object({
  condition: ConditionInput.optional(),
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});
export type PatientListQuery = z.infer<typeof PatientListQuery>;

export const TreatmentCreateInput = z.object({
  description: text('Description', 500),
  scheduledFor: isoDateTime('scheduledFor'),
});
export type TreatmentCreateInput = z.infer<typeof TreatmentCreateInput>;

export const TreatmentUpdateInput = z.object({
  completed: z.boolean({ error: 'completed must be true or false' }),
});
export type TreatmentUpdateInput = z.infer<typeof TreatmentUpdateInput>;

export const NOTE_MAX_LENGTH = 5000;
export const NoteCreateInput = z.object({
  /** Optional; when present it must match the patient in the path. */
  patientId: recordId('patientId').optional(),
  content: text('Note', NOTE_MAX_LENGTH),
});
export type NoteCreateInput = z.infer<typeof NoteCreateInput>;

const medicationFields = {
  name: text('Medication name', 200),
  dosage: text('Dosage', 100),
  frequency: text('Frequency', 100),
  nextDose: isoDateTime('nextDose'),
  alertEnabled: z.boolean('alertEnabled must be true or false').optional(),
  instructions: optionalText('Instructions', 1000),
  sideEffects: optionalText('Side effects', 1000),
  startDate: isoDateTime('startDate').optional(),
  endDate: isoDateTime('endDate').nullish(),
};

export const MedicationCreateInput = z
  .object(medicationFields)
  .refine((m) => !m.endDate || !m.startDate || m.endDate >= m.startDate, {
    path: ['endDate'],
    error: 'End date must not be before the start date',
  });
export type MedicationCreateInput = z.infer<typeof MedicationCreateInput>;

export const MedicationUpdateInput = z
  .object({
    name: medicationFields.name.optional(),
    dosage: medicationFields.dosage.optional(),
    frequency: medicationFields.frequency.optional(),
    nextDose: medicationFields.nextDose.optional(),
    alertEnabled: medicationFields.alertEnabled,
    instructions: medicationFields.instructions,
    sideEffects: medicationFields.sideEffects,
    startDate: medicationFields.startDate,
    endDate: medicationFields.endDate,
    lastTaken: isoDateTime('lastTaken').nullish(),
    adherenceRate: z
      .number()
      .int()
      .min(0, 'Adherence must be 0–100 %')
      .max(100, 'Adherence must be 0–100 %')
      .nullish(),
  })
  .refine((m) => Object.values(m).some((v) => v !== undefined), {
    error: 'Send at least one field to change',
  });
export type MedicationUpdateInput = z.infer<typeof MedicationUpdateInput>;

export const EmergencyContactCreateInput = z.object({
  name: text('Name', 200),
  relationship: text('Relationship', 100),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'Phone must be a telephone number, e.g. +44 20 7946 0000'),
});
export type EmergencyContactCreateInput = z.infer<typeof EmergencyContactCreateInput>;

/**
 * What a patient's history timeline shows (GET /api/patients/{id}/timeline), every event of the
 * stay, each in one of the categories a nurse filters by.
 */
export const TIMELINE_CATEGORIES = [
  'observations',
  'alerts',
  'care',
  'devices',
  'handovers',
  'stay',
] as const;
export type TimelineCategory = (typeof TIMELINE_CATEGORIES)[number];

/** Each kind of entry and its category. */
export const TIMELINE_TYPE_CATEGORIES = {
  admitted: 'stay',
  'condition-changed': 'stay',
  'spo2-scale-changed': 'stay',
  'bed-assigned': 'stay',
  'bed-moved': 'stay',
  transferred: 'stay',
  discharged: 'stay',
  observations: 'observations',
  'observations-entered-in-error': 'observations',
  'vitals-updated': 'observations',
  'alert-raised': 'alerts',
  'alert-acknowledged': 'alerts',
  'alert-escalated': 'alerts',
  'alert-resolved': 'alerts',
  note: 'care',
  'treatment-completed': 'care',
  'medication-added': 'care',
  'medication-changed': 'care',
  'medication-removed': 'care',
  'device-linked': 'devices',
  'device-lost': 'devices',
  'device-unlinked': 'devices',
  'handover-given': 'handovers',
  'handover-accepted': 'handovers',
} as const satisfies Record<string, TimelineCategory>;
export type TimelineType = keyof typeof TIMELINE_TYPE_CATEGORIES;
export const TIMELINE_TYPES = Object.keys(TIMELINE_TYPE_CATEGORIES) as [TimelineType, ...TimelineType[]];

export const TimelineEntry = z.object({
  id: z.string(),
  type: z.enum(TIMELINE_TYPES),
  category: z.enum(TIMELINE_CATEGORIES),
  date: z.iso.datetime({ offset: true }),
  title: z.string(),
  description: z.string(),
  /** Who did it (their username), when a person did. */
  by: z.string().nullable(),
  /** An observation set's NEWS2, scored on the server (never for one entered in error). */
  news2: z.object({ total: z.number().int(), band: z.enum(NEWS2_BANDS), complete: z.boolean() }).nullable(),
  /** An observation set marked entered in error: who corrected it, when and why. */
  correction: z
    .object({
      byName: z.string().nullable(),
      at: z.iso.datetime({ offset: true }),
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;
