import {
  AnalysisResult,
  celsiusToTenthsF,
  DeviceLink,
  type DeviceLinkCreateInput,
  type DeviceReadingInput,
  DeviceReadingsResponse,
  EmergencyContact,
  type EmergencyContactCreateInput,
  Medication,
  type MedicationCreateInput,
  Note,
  Patient,
  type PatientCreateInput,
  ReadingsPage,
  Treatment,
  User,
} from '@vigil/domain';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { appUrlOf, PASSWORD, uniqueUsername } from './harness.ts';

/**
 * Test data for the browser journeys, made through the real API with the journey's own session
 * (the cookies of the page's browser context), so that each journey creates the patients it
 * asserts on instead of reading the demo ward. Every response is parsed with the domain's schema.
 */

/** The page's session on the API: state-changing requests come from the app's own origin (CSRF). */
async function call<S extends z.ZodType>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.infer<S>> {
  // A connection of its own per call: the server closes an idle kept-alive connection after five
  // seconds, and a call that reuses one at that very moment is reset (ECONNRESET, seen when a batch
  // of admissions took over five seconds on a busy machine). A browser retries such a request; the
  // API client does not.
  const res = await page.request.fetch(path, {
    method,
    headers: {
      Connection: 'close',
      ...(method === 'GET' ? {} : { Origin: appUrlOf(page), 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { data: body }),
  });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return schema.parse(await res.json());
}

/** Any call of the API with the page's session, failing the journey unless it answers 2xx. */
export const api = (page: Page, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown) =>
  call(page, method, path, z.unknown(), body);

// What the journeys read back through the API, to compare with the screen.
export const listPatients = (page: Page) => call(page, 'GET', '/api/patients', z.array(Patient));
export const getPatient = (page: Page, id: number) => call(page, 'GET', `/api/patients/${id}`, Patient);
export const analysisOf = (page: Page, id: number) =>
  call(page, 'GET', `/api/patients/${id}/analysis`, AnalysisResult);
export const treatmentsOf = (page: Page, id: number) =>
  call(page, 'GET', `/api/patients/${id}/treatments`, z.array(Treatment));
export const medicationsOf = (page: Page, id: number) =>
  call(page, 'GET', `/api/patients/${id}/medications`, z.array(Medication));
export const deviceLinksOf = (page: Page, id: number) =>
  call(page, 'GET', `/api/device-links?patientId=${id}`, z.array(DeviceLink));
export const readingsOf = async (page: Page, id: number) =>
  (await call(page, 'GET', `/api/patients/${id}/readings?limit=1000`, ReadingsPage)).readings;
/** The patients the demo seed created ("Demo patient" on every screen). */
export const demoPatients = async (page: Page) => (await listPatients(page)).filter((p) => p.isDemo);

/**
 * Links a device to the patient as a browser holding it would (POST /api/device-links): the server
 * derives the patient's device fields from it. A Bluetooth device by default.
 */
export function linkDevice(
  page: Page,
  patient: Pick<Patient, 'id'>,
  spec: Partial<Omit<DeviceLinkCreateInput, 'patientId'>> = {},
): Promise<DeviceLink> {
  return call(page, 'POST', '/api/device-links', DeviceLink, {
    deviceId: `e2e-${uniquePatientName('device').replace(/\W/g, '')}`,
    deviceName: 'Polar H10',
    connectionType: 'Bluetooth',
    ...spec,
    patientId: patient.id,
  });
}

/** Ends a device link (DELETE /api/device-links/{id}), as "Disconnect" does. */
export const endDeviceLink = (page: Page, link: Pick<DeviceLink, 'id'>) =>
  call(page, 'DELETE', `/api/device-links/${link.id}`, DeviceLink);

/**
 * Sends a request with the page's session and answers status and JSON body, whatever the status:
 * for journeys that assert a refusal.
 */
export async function attempt(page: Page, method: 'POST' | 'PATCH', path: string, body: unknown) {
  const res = await page.request.fetch(path, {
    method,
    headers: { Origin: appUrlOf(page), 'Content-Type': 'application/json' },
    data: body,
  });
  return {
    status: res.status(),
    body: (await res.json().catch(() => null)) as Record<string, unknown> | null,
  };
}

/**
 * Registers a new nurse through the API in the page's browser context: every page of that context
 * is then signed in (for journeys about something other than the registration screen).
 */
export async function signUp(page: Page, username = uniqueUsername()): Promise<string> {
  await call(page, 'POST', '/api/register', User, { username, password: PASSWORD });
  return username;
}

/** Signs an existing nurse in through the API in the page's browser context. */
export async function signIn(page: Page, username: string): Promise<void> {
  await call(page, 'POST', '/api/login', User, { username, password: PASSWORD });
}

/** Vital signs as the API takes them (temperature in tenths of °F), NEWS2 fields included. */
export type Vitals = Pick<
  PatientCreateInput,
  | 'oxygenLevel'
  | 'pulse'
  | 'systolicBP'
  | 'diastolicBP'
  | 'temperature'
  | 'respiratoryRate'
  | 'consciousness'
  | 'onSupplementalOxygen'
  | 'spo2Scale'
>;

/** NEWS2 0 on scale 1 (RCP 2017): every parameter in its 0-point range. */
export const CALM_VITALS = {
  oxygenLevel: 98,
  pulse: 72,
  systolicBP: 120,
  diastolicBP: 80,
  temperature: celsiusToTenthsF(36.8),
  respiratoryRate: 16,
  consciousness: 'A',
  onSupplementalOxygen: false,
  spo2Scale: 1,
} as const satisfies Vitals;

/** The ward's observations of a septic patient (SEPTIC, NEWS2 14), now: an emergency alert. */
export const recordSepticObservations = (page: Page, patient: Pick<Patient, 'id'>) =>
  recordReadings(page, patient, [
    {
      readingTime: new Date(),
      heartRate: SEPTIC.pulse,
      oxygenLevel: SEPTIC.oxygenLevel,
      onSupplementalOxygen: SEPTIC.onSupplementalOxygen,
      systolicBP: SEPTIC.systolicBP,
      diastolicBP: SEPTIC.diastolicBP,
      temperature: SEPTIC.temperature,
      respiratoryRate: SEPTIC.respiratoryRate,
      consciousness: SEPTIC.consciousness,
    },
  ]);

let patientCounter = 0;
/** A name no other patient of this run has, for journeys that never show the name. */
export const uniquePatientName = (prefix = 'Patient') =>
  `${prefix} ${Date.now().toString(36)}${(patientCounter++).toString(36)}`;

/**
 * Admits a patient (POST /api/patients): by default a Stable one with calm vitals (NEWS2 0) and a
 * name of its own; pass what the journey asserts on. The patient's vitals are dated now.
 */
export function admitPatient(page: Page, spec: Partial<PatientCreateInput> = {}): Promise<Patient> {
  const body: PatientCreateInput = {
    name: uniquePatientName(),
    condition: 'Stable',
    ...CALM_VITALS,
    ...spec,
  };
  return call(page, 'POST', '/api/patients', Patient, body);
}

/** Admits the patients one after another, so their ids follow the order given. */
export async function admitPatients(
  page: Page,
  specs: readonly Partial<PatientCreateInput>[],
): Promise<Patient[]> {
  const admitted: Patient[] = [];
  for (const spec of specs) admitted.push(await admitPatient(page, spec));
  return admitted;
}

export const HOUR_MS = 3_600_000;
/** The time `hours` before now. */
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS);

/** A reading as a device or the ward's observations send it: its time, the values, the source. */
export type ReadingSpec = Omit<DeviceReadingInput, 'patientId' | 'readingTime'> & { readingTime: Date };

/**
 * Records readings for the patient through the ingest (POST /api/device-readings), as one batch;
 * by default from the ward's manual observations. A reading newer than the patient's vitals becomes
 * them; older ones (a history before the admission) join the trend only.
 */
export function recordReadings(
  page: Page,
  patient: Pick<Patient, 'id'>,
  readings: readonly ReadingSpec[],
): Promise<DeviceReadingsResponse> {
  const body: DeviceReadingInput[] = readings.map(({ readingTime, ...values }) => ({
    deviceName: 'Ward observations',
    connectionType: 'manual',
    ...values,
    patientId: patient.id,
    readingTime: readingTime.toISOString(),
  }));
  return call(page, 'POST', '/api/device-readings', DeviceReadingsResponse, body);
}

/** Schedules a treatment; `completed` marks it done afterwards, as a nurse ticking it off. */
export async function scheduleTreatment(
  page: Page,
  patient: Pick<Patient, 'id'>,
  treatment: { description: string; scheduledFor: Date; completed?: boolean },
): Promise<Treatment> {
  const created = await call(page, 'POST', `/api/patients/${patient.id}/treatments`, Treatment, {
    description: treatment.description,
    scheduledFor: treatment.scheduledFor.toISOString(),
  });
  if (!treatment.completed) return created;
  return call(page, 'PATCH', `/api/treatments/${created.id}`, Treatment, { completed: true });
}

export function addNote(page: Page, patient: Pick<Patient, 'id'>, content: string): Promise<Note> {
  return call(page, 'POST', `/api/patients/${patient.id}/notes`, Note, { content });
}

export function addMedication(
  page: Page,
  patient: Pick<Patient, 'id'>,
  medication: Omit<MedicationCreateInput, 'nextDose' | 'startDate' | 'endDate'> & { nextDose: Date },
): Promise<Medication> {
  return call(page, 'POST', `/api/patients/${patient.id}/medications`, Medication, {
    ...medication,
    nextDose: medication.nextDose.toISOString(),
  });
}

export function addEmergencyContact(
  page: Page,
  patient: Pick<Patient, 'id'>,
  contact: EmergencyContactCreateInput,
): Promise<EmergencyContact> {
  return call(page, 'POST', `/api/patients/${patient.id}/emergency-contacts`, EmergencyContact, contact);
}

/**
 * Septic, NEWS2 14 (RCP 2017): RR 26 (3, red), SpO2 89 on scale 1 (3, red) on oxygen (2), SBP 94
 * (2), pulse 124 (2), alert (0), 39.1 °C (2). On the patient page pulse, SpO2 and temperature are
 * abnormal; BP 94/58 is not high.
 */
export const SEPTIC = {
  respiratoryRate: 26,
  oxygenLevel: 89,
  onSupplementalOxygen: true,
  spo2Scale: 1,
  systolicBP: 94,
  diastolicBP: 58,
  pulse: 124,
  consciousness: 'A',
  temperature: celsiusToTenthsF(39.1),
} as const satisfies Vitals;
