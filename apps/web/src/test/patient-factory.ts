import {
  nextObservationDue,
  type Patient,
  type PatientDevice,
  type PatientNews2,
  type PatientVitalSources,
  patientDeviceFields,
  type ReadingProvenance,
  sourcesOfPatient,
  summarizeNews2,
  VITAL_SIGNS,
  vitalsOfPatient,
} from '@vigil/domain';

/** When the factory's patients were last observed, unless a test says otherwise. */
export const OBSERVED_AT = '2026-03-02T08:00:00.000Z';

/** NEWS2 0 on scale 1 (RCP 2017): every parameter in its 0-point range. */
const CALM = {
  oxygenLevel: 98,
  pulse: 72,
  systolicBP: 120,
  diastolicBP: 80,
  temperature: 986,
  respiratoryRate: 16,
  consciousness: 'A',
  onSupplementalOxygen: false,
  spo2Scale: 1,
} as const satisfies Partial<Patient>;

export type PatientSpec = Partial<Omit<Patient, 'news2'>> & {
  /** Replaces parts of the summary the server would have computed (a score the vitals do not give). */
  news2?: Partial<PatientNews2>;
  /** The class every recorded value gets when `sources` is not given (demo data on a demo patient). */
  provenance?: ReadingProvenance;
  /** The time staleness is judged at; the values' own time by default (nothing stale). */
  nowMs?: number;
};

/**
 * A patient as the server answers it, for the web's unit tests: the one place a test makes one.
 * Its `news2` is what the server sends, summarised by the domain from the same values and sources
 * (the web itself never scores NEWS2; here the factory stands in for the server), and its device
 * fields follow its `devices`, as the server derives them.
 */
export function makePatient(spec: PatientSpec = {}): Patient {
  const { news2, provenance, nowMs, devices = [], ...fields } = spec;
  const base = {
    id: 1,
    name: 'Test Patient',
    condition: 'Stable',
    ...CALM,
    lastUpdated: OBSERVED_AT,
    createdAt: '2026-03-01T08:00:00.000Z',
    isDemo: false,
    ...fields,
  };
  const sources: PatientVitalSources =
    fields.sources ??
    Object.fromEntries(
      VITAL_SIGNS.flatMap((v) =>
        base[v.patientField] === null || base[v.patientField] === undefined
          ? []
          : [
              [
                v.patientField,
                {
                  provenance: provenance ?? (base.isDemo ? 'demo' : 'observation'),
                  at: base.lastUpdated,
                  source: null,
                },
              ],
            ],
      ),
    );
  const summary = summarizeNews2(
    { ...vitalsOfPatient(base), spo2Scale: base.spo2Scale, isDemo: base.isDemo },
    sourcesOfPatient(sources),
    nowMs ?? Date.parse(base.lastUpdated),
  );
  const scored = { ...summary, ...news2 };
  const schedule = nextObservationDue(
    scored,
    new Date(base.createdAt),
    null,
    nowMs ?? Date.parse(base.lastUpdated),
  );
  return {
    wardId: 1,
    ...base,
    ...patientDeviceFields(devices),
    sources,
    devices,
    news2: scored,
    observations: { dueAt: schedule.dueAt.toISOString(), intervalMs: schedule.intervalMs, exception: null },
  };
}

/** A device on a patient as the server lists it: a connected Bluetooth heart-rate strap by default. */
export function makeDevice(spec: Partial<PatientDevice> = {}): PatientDevice {
  return {
    linkId: 1,
    deviceId: 'AA:BB:CC:DD:EE:01',
    deviceName: 'Polar H10',
    connectionType: 'Bluetooth',
    simulated: false,
    status: 'connected',
    lostAt: null,
    lostReason: null,
    batteryLevel: 87,
    ...spec,
  };
}
