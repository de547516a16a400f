import {
  type BandTable,
  type News2ParameterScore,
  PULSE_TABLE,
  RESPIRATORY_RATE_TABLE,
  SYSTOLIC_BP_TABLE,
  scoreAirOrOxygen,
  scoreConsciousness,
  spo2Table,
  TEMPERATURE_C_TABLE,
} from '../clinical/news2-chart.ts';
import type { Spo2Scale } from '../clinical/spo2-scale.ts';
import type { Consciousness } from './consciousness.ts';
import { formatCelsius, tenthsFToCelsius, tenthsFToRoundedCelsius } from './units.ts';

/**
 * The vital signs, one row each: the one definition every field list, range check, mapper, form
 * field and chart series derives from. Wire names are the API's (docs/reference/product-spec.md
 * point 3): a reading says `heartRate`, a patient says `pulse`; temperature is stored in tenths of
 * °F and shown in °C. LOINC and UCUM per docs/reference/clinical.md (FHIR R4 vital signs); the
 * Bluetooth characteristics per the GATT specification supplement (packages/domain/src/devices).
 */
export type VitalKey =
  | 'respiratoryRate'
  | 'oxygenLevel'
  | 'onSupplementalOxygen'
  | 'systolicBP'
  | 'diastolicBP'
  | 'heartRate'
  | 'consciousness'
  | 'temperature';

/**
 * What a reading may measure: the vital signs, and skin temperature, which a reading carries but the
 * patient record, the forms and NEWS2 never take (docs/decisions/011).
 */
export type MeasurementKey = VitalKey | 'skinTemperature';

/** The NEWS2 parameter a vital sign feeds (RCP NEWS2 Chart 1), by the NEWS2 engine's names. */
export type VitalNews2Parameter =
  | 'respiratoryRate'
  | 'spo2'
  | 'airOrOxygen'
  | 'systolicBP'
  | 'pulse'
  | 'consciousness'
  | 'temperature';

/**
 * What a vital's icon shows, by name: the web draws each name as a lucide icon (the patient page's
 * cards in apps/web/src/lib/vital-icons.ts, the dashboard's tiles in vital-tile-icons.ts), so a new
 * vital sign names its icon here and no screen lists vitals by hand.
 */
export type VitalIcon = 'heart' | 'oxygen' | 'bloodPressure' | 'temperature' | 'breathing' | 'consciousness';

interface BaseVital<
  Key extends MeasurementKey,
  PatientField extends string | null,
  News2 extends VitalNews2Parameter | null,
> {
  key: Key;
  /** Name on a stored or sent reading (POST /api/device-readings, GET …/readings). */
  readingField: Key;
  /** Name on the patient record (GET /api/patients/{id}); null for a reading-only measurement. */
  patientField: PatientField;
  /** Full name, e.g. "Heart rate". */
  label: string;
  /** The name on a tile or chart, e.g. "Pulse", "SpO2". */
  shortLabel: string;
  /** The name in an alarm-style phrase, before the value and its limit ("HR 134 ≥ 131", "SBP 88 ≤ 90"). */
  abbreviation: string;
  /** The form field's label, unit included: the admit, edit and observations dialogs use it. */
  formLabel: string;
  /** The name inside a sentence ("Record pulse to complete the NEWS2 score", "Not recorded: SpO2"). */
  plainLabel: string;
  /** The words a person uses at the bedside ("breathing rate", "alertness"): a plain summary says these. */
  bedsideLabel: string;
  /** The name in a record's running text, before the value ("Recorded SpO2 97%, pulse 80 bpm."). */
  timelineLabel: string;
  /** The icon beside its name on a card or tile. */
  icon: VitalIcon;
  /**
   * The title of its section on the printed NEWS2 chart (RCP 2017 Chart 1), which for SpO2 names
   * the patient's scale; null for a vital NEWS2 does not score.
   */
  chartTitle: News2 extends null ? null : (spo2Scale: Spo2Scale) => string;
  /** Whether a patient record always has it (the spec's four vitals) or may lack it (NEWS2 additions). */
  requiredOnPatient: boolean;
  /** The NEWS2 parameter it feeds, by the name the NEWS2 report (an API answer) gives it. */
  news2: News2;
  /**
   * What to do when its NEWS2 parameter scores (RCP NEWS2 2017: check the value before acting on
   * it); null where the parameter's own advice is elsewhere (air or oxygen) or it is not scored.
   */
  recheck: string | null;
  /** LOINC code of the FHIR Observation (docs/reference/clinical.md). */
  loinc: string | null;
  /**
   * Bluetooth GATT service of its own and every characteristic that carries it, its own service's
   * first (short UUIDs): a device's characteristic says which vitals it carries by these.
   */
  gatt: { service: number; characteristics: readonly number[] } | null;
}

/** A whole-number measurement. */
export interface NumericVital<
  Key extends MeasurementKey,
  PatientField extends string | null = Key,
  News2 extends VitalNews2Parameter | null = VitalNews2Parameter | null,
> extends BaseVital<Key, PatientField, News2> {
  kind: 'number';
  /** Unit of the stored value, e.g. "mmHg", "tenths of °F". */
  unit: string;
  /** UCUM unit of the FHIR value (temperature: Cel, after conversion). */
  ucum: string;
  /**
   * Physiologically possible values, in the stored unit. Outside them a value is a measurement or
   * entry error, not a patient state, so validators reject it instead of scoring it.
   */
  plausible: { min: number; max: number };
  /** How a person enters it in a form: a whole number, or (temperature) °C with one decimal. */
  entry: 'whole' | 'celsius';
  /** The value as displayed, without unit: "72", "37.0". */
  display(value: number): string;
  /** The unit as displayed after the value: "bpm", "°C". */
  displayUnit: string;
  /**
   * The spec's on-screen highlighting (point 5) of the dashboard card and of the patient page, in
   * the displayed unit (°C for temperature, compared as displayed); null where the spec sets none.
   */
  screenLimits: { dashboard: ScreenLimits; patientPage: ScreenLimits } | null;
  /** How NEWS2 reads the value (RCP NEWS2 2017 Chart 1); null for a vital NEWS2 does not score. */
  news2Chart: News2 extends null ? null : News2Chart;
}

/** What decides which table of the chart a value is read against: the SpO2 scale and air or oxygen. */
export interface News2ChartContext {
  spo2Scale: Spo2Scale;
  onSupplementalOxygen: boolean | null | undefined;
}

/** A numeric vital as the NEWS2 chart reads it: the value in the scored unit, and its table. */
export interface News2Chart {
  /** The stored value as NEWS2 scores it: temperature from tenths of °F to °C, one decimal (as displayed). */
  scored(stored: number): number;
  /**
   * The chart's table the scored value is read against; null when it cannot be known (SpO2 on
   * Scale 2 above 92 % without air or oxygen recorded).
   */
  table(scored: number, context: News2ChartContext): BandTable | null;
  /**
   * The one table its section of the printed chart shows; null where the section depends on the
   * patient (SpO2: its scale, and on Scale 2 air or oxygen), which lays out its own rows.
   */
  printed: BandTable | null;
}

const asStored = (value: number) => value;
const fixedTable = (table: BandTable): News2Chart => ({
  scored: asStored,
  table: () => table,
  printed: table,
});

/**
 * A limit of the spec's on-screen highlighting (point 5): a value beyond it, or at it when
 * `inclusive`, is flagged "low" or "high" (or the row's own word, "elevated").
 */
export interface ScreenLimit {
  value: number;
  inclusive?: boolean;
  word?: 'elevated';
}
export interface ScreenLimits {
  low?: ScreenLimit;
  high?: ScreenLimit;
}

/** A choice among levels (ACVPU). */
export interface ChoiceVital<
  Key extends VitalKey,
  Value extends string,
  News2 extends VitalNews2Parameter | null,
> extends BaseVital<Key, Key, News2> {
  kind: 'choice';
  /** Each level: its label in a form ("C – New confusion") and its row of the NEWS2 chart ("New confusion"). */
  choices: readonly { value: Value; label: string; chartLabel: string }[];
  /** Its NEWS2 score (RCP 2017 Chart 1); null when not recorded. */
  news2Score: (value: Value | null | undefined) => News2ParameterScore | null;
}

/** Yes or no (room air or supplemental oxygen). */
export interface BooleanVital<Key extends VitalKey, News2 extends VitalNews2Parameter | null>
  extends BaseVital<Key, Key, News2> {
  kind: 'boolean';
  /** Labels of false and true, e.g. "Room air", "Supplemental oxygen". */
  labels: { false: string; true: string };
  /** The rows of the NEWS2 chart (RCP 2017 Chart 1: "Air", "Oxygen"). */
  chartLabels: { false: string; true: string };
  /** Its NEWS2 score (RCP 2017 Chart 1); null when not recorded. */
  news2Score: (value: boolean | null | undefined) => News2ParameterScore | null;
}

const whole = (value: number) => String(value);

// GATT short UUIDs (Bluetooth Assigned Numbers); devices/gatt/uuids.ts names them for the decoders.
const HEART_RATE_SERVICE = 0x180d;
const HEART_RATE_MEASUREMENT = 0x2a37;
const PULSE_OXIMETER_SERVICE = 0x1822;
const PLX_SPOT_CHECK = 0x2a5e;
const PLX_CONTINUOUS = 0x2a5f;
const BLOOD_PRESSURE_SERVICE = 0x1810;
const BLOOD_PRESSURE_MEASUREMENT = 0x2a35;
const HEALTH_THERMOMETER_SERVICE = 0x1809;
const TEMPERATURE_MEASUREMENT = 0x2a1c;

export const RESPIRATORY_RATE: NumericVital<'respiratoryRate', 'respiratoryRate', 'respiratoryRate'> = {
  key: 'respiratoryRate',
  readingField: 'respiratoryRate',
  patientField: 'respiratoryRate',
  kind: 'number',
  label: 'Respiratory rate',
  shortLabel: 'RR',
  abbreviation: 'RR',
  formLabel: 'Respiratory rate (/min)',
  plainLabel: 'respiratory rate',
  bedsideLabel: 'breathing rate',
  timelineLabel: 'respiratory rate',
  icon: 'breathing',
  chartTitle: () => 'Respirations (breaths/min)',
  unit: 'breaths/min',
  ucum: '/min',
  displayUnit: '/min',
  plausible: { min: 0, max: 80 },
  entry: 'whole',
  display: whole,
  news2Chart: fixedTable(RESPIRATORY_RATE_TABLE),
  screenLimits: null,
  requiredOnPatient: false,
  news2: 'respiratoryRate',
  recheck: 'Recount the respiratory rate over a full minute.',
  loinc: '9279-1',
  gatt: null,
};

export const OXYGEN_LEVEL: NumericVital<'oxygenLevel', 'oxygenLevel', 'spo2'> = {
  key: 'oxygenLevel',
  readingField: 'oxygenLevel',
  patientField: 'oxygenLevel',
  kind: 'number',
  label: 'Oxygen level (SpO2)',
  shortLabel: 'SpO2',
  abbreviation: 'SpO2',
  formLabel: 'SpO2 (%)',
  plainLabel: 'SpO2',
  bedsideLabel: 'oxygen level',
  timelineLabel: 'SpO2',
  icon: 'oxygen',
  chartTitle: (spo2Scale) => `SpO₂ Scale ${spo2Scale} (%)`,
  unit: '%',
  ucum: '%',
  displayUnit: '%',
  plausible: { min: 50, max: 100 },
  entry: 'whole',
  display: whole,
  news2Chart: {
    scored: asStored,
    table: (value, { spo2Scale, onSupplementalOxygen }) => spo2Table(value, spo2Scale, onSupplementalOxygen),
    printed: null,
  },
  screenLimits: {
    dashboard: { low: { value: 92, inclusive: true } },
    patientPage: { low: { value: 95 } },
  },
  requiredOnPatient: true,
  news2: 'spo2',
  // Oxygen saturation by pulse oximetry (59408-5 is its more specific code; docs/reference/clinical.md).
  recheck: 'Recheck SpO2 (probe position, perfusion) and review oxygen therapy against the target range.',
  loinc: '2708-6',
  gatt: { service: PULSE_OXIMETER_SERVICE, characteristics: [PLX_CONTINUOUS, PLX_SPOT_CHECK] },
};

export const SUPPLEMENTAL_OXYGEN: BooleanVital<'onSupplementalOxygen', 'airOrOxygen'> = {
  key: 'onSupplementalOxygen',
  readingField: 'onSupplementalOxygen',
  patientField: 'onSupplementalOxygen',
  kind: 'boolean',
  label: 'Air or oxygen',
  shortLabel: 'Air/O2',
  abbreviation: 'O2',
  formLabel: 'Air or oxygen',
  plainLabel: 'air or oxygen',
  bedsideLabel: 'oxygen',
  timelineLabel: 'air or oxygen',
  icon: 'oxygen',
  chartTitle: () => 'Air or oxygen?',
  labels: { false: 'Room air', true: 'Supplemental oxygen' },
  chartLabels: { false: 'Air', true: 'Oxygen' },
  news2Score: scoreAirOrOxygen,
  requiredOnPatient: false,
  news2: 'airOrOxygen',
  recheck: null,
  loinc: null,
  gatt: null,
};

export const SYSTOLIC_BP: NumericVital<'systolicBP', 'systolicBP', 'systolicBP'> = {
  key: 'systolicBP',
  readingField: 'systolicBP',
  patientField: 'systolicBP',
  kind: 'number',
  label: 'Systolic blood pressure',
  shortLabel: 'Systolic',
  abbreviation: 'SBP',
  formLabel: 'Systolic BP (mmHg)',
  plainLabel: 'systolic blood pressure',
  bedsideLabel: 'blood pressure',
  timelineLabel: 'systolic',
  icon: 'bloodPressure',
  chartTitle: () => 'Blood pressure (mmHg), scored on systolic',
  unit: 'mmHg',
  ucum: 'mm[Hg]',
  displayUnit: 'mmHg',
  plausible: { min: 40, max: 300 },
  entry: 'whole',
  display: whole,
  news2Chart: fixedTable(SYSTOLIC_BP_TABLE),
  screenLimits: { dashboard: { high: { value: 130 } }, patientPage: { high: { value: 140 } } },
  requiredOnPatient: true,
  news2: 'systolicBP',
  recheck: 'Repeat the blood pressure measurement.',
  loinc: '8480-6',
  gatt: { service: BLOOD_PRESSURE_SERVICE, characteristics: [BLOOD_PRESSURE_MEASUREMENT] },
};

export const DIASTOLIC_BP: NumericVital<'diastolicBP', 'diastolicBP', null> = {
  key: 'diastolicBP',
  readingField: 'diastolicBP',
  patientField: 'diastolicBP',
  kind: 'number',
  label: 'Diastolic blood pressure',
  shortLabel: 'Diastolic',
  abbreviation: 'DBP',
  formLabel: 'Diastolic BP (mmHg)',
  plainLabel: 'diastolic blood pressure',
  bedsideLabel: 'blood pressure',
  timelineLabel: 'diastolic',
  icon: 'bloodPressure',
  chartTitle: null,
  unit: 'mmHg',
  ucum: 'mm[Hg]',
  displayUnit: 'mmHg',
  plausible: { min: 20, max: 200 },
  entry: 'whole',
  display: whole,
  news2Chart: null,
  screenLimits: { dashboard: { high: { value: 85 } }, patientPage: { high: { value: 90 } } },
  requiredOnPatient: true,
  news2: null,
  recheck: null,
  loinc: '8462-4',
  gatt: { service: BLOOD_PRESSURE_SERVICE, characteristics: [BLOOD_PRESSURE_MEASUREMENT] },
};

export const HEART_RATE: NumericVital<'heartRate', 'pulse', 'pulse'> = {
  key: 'heartRate',
  readingField: 'heartRate',
  patientField: 'pulse',
  kind: 'number',
  label: 'Heart rate',
  shortLabel: 'Pulse',
  abbreviation: 'HR',
  formLabel: 'Pulse (bpm)',
  plainLabel: 'pulse',
  bedsideLabel: 'pulse',
  timelineLabel: 'pulse',
  icon: 'heart',
  chartTitle: () => 'Pulse (beats/min)',
  unit: 'beats/min',
  ucum: '/min',
  displayUnit: 'bpm',
  plausible: { min: 20, max: 300 },
  entry: 'whole',
  display: whole,
  news2Chart: fixedTable(PULSE_TABLE),
  screenLimits: {
    dashboard: { low: { value: 60 }, high: { value: 100 } },
    patientPage: { low: { value: 60 }, high: { value: 100 } },
  },
  requiredOnPatient: true,
  news2: 'pulse',
  recheck: 'Recheck the heart rate manually, including rhythm.',
  loinc: '8867-4',
  // Also the pulse rate of an oximeter or a cuff, in their own characteristics.
  gatt: {
    service: HEART_RATE_SERVICE,
    characteristics: [HEART_RATE_MEASUREMENT, PLX_CONTINUOUS, PLX_SPOT_CHECK, BLOOD_PRESSURE_MEASUREMENT],
  },
};

/** ACVPU with what each letter means at the bedside (RCP NEWS2). */
export const ACVPU_CHOICES: readonly { value: Consciousness; label: string; chartLabel: string }[] = [
  { value: 'A', label: 'A – Alert', chartLabel: 'Alert' },
  { value: 'C', label: 'C – New confusion', chartLabel: 'New confusion' },
  { value: 'V', label: 'V – Responds to voice', chartLabel: 'Voice' },
  { value: 'P', label: 'P – Responds to pain', chartLabel: 'Pain' },
  { value: 'U', label: 'U – Unresponsive', chartLabel: 'Unresponsive' },
];

export const CONSCIOUSNESS: ChoiceVital<'consciousness', Consciousness, 'consciousness'> = {
  key: 'consciousness',
  readingField: 'consciousness',
  patientField: 'consciousness',
  kind: 'choice',
  label: 'Level of consciousness (ACVPU)',
  shortLabel: 'ACVPU',
  abbreviation: 'ACVPU',
  formLabel: 'Consciousness (ACVPU)',
  plainLabel: 'level of consciousness (ACVPU)',
  bedsideLabel: 'alertness',
  timelineLabel: 'consciousness',
  icon: 'consciousness',
  chartTitle: () => 'Consciousness (ACVPU)',
  choices: ACVPU_CHOICES,
  news2Score: scoreConsciousness,
  requiredOnPatient: false,
  news2: 'consciousness',
  recheck: 'Assess the new change in consciousness urgently.',
  loinc: null,
  gatt: null,
};

export const TEMPERATURE: NumericVital<'temperature', 'temperature', 'temperature'> = {
  key: 'temperature',
  readingField: 'temperature',
  patientField: 'temperature',
  kind: 'number',
  label: 'Temperature',
  shortLabel: 'Temp',
  abbreviation: 'Temp',
  formLabel: 'Temperature (°C)',
  plainLabel: 'temperature',
  bedsideLabel: 'temperature',
  timelineLabel: 'temperature',
  icon: 'temperature',
  chartTitle: () => 'Temperature (°C)',
  unit: 'tenths of °F',
  ucum: 'Cel',
  displayUnit: '°C',
  // 860–1130 tenths of °F = 86.0–113.0 °F = 30.0–45.0 °C: the range of clinical thermometers.
  plausible: { min: 860, max: 1130 },
  entry: 'celsius',
  display: (tenthsF) => formatCelsius(tenthsFToCelsius(tenthsF)),
  news2Chart: {
    scored: tenthsFToRoundedCelsius,
    table: () => TEMPERATURE_C_TABLE,
    printed: TEMPERATURE_C_TABLE,
  },
  screenLimits: {
    dashboard: { high: { value: 37, inclusive: true, word: 'elevated' } },
    patientPage: { low: { value: 36 }, high: { value: 37.5 } },
  },
  requiredOnPatient: true,
  news2: 'temperature',
  recheck: 'Recheck the temperature.',
  loinc: '8310-5',
  gatt: { service: HEALTH_THERMOMETER_SERVICE, characteristics: [TEMPERATURE_MEASUREMENT] },
};

/**
 * Skin temperature (LOINC 39106-0), as a wrist wearable (WHOOP's recovery) measures it: a reading of
 * its own, never core `temperature` (33.7 °C read as core would score NEWS2 3 for hypothermia). It
 * has no patient-record field and no NEWS2 parameter, so it is not among VITAL_SIGNS (the patient's
 * vitals, the forms, NEWS2); it is among READING_MEASUREMENTS. Stored like temperature, in tenths of
 * °F, shown in °C (docs/decisions/011).
 */
export const SKIN_TEMPERATURE: NumericVital<'skinTemperature', null, null> & {
  requiredOnPatient: false;
  gatt: null;
} = {
  key: 'skinTemperature',
  readingField: 'skinTemperature',
  patientField: null,
  kind: 'number',
  label: 'Skin temperature',
  shortLabel: 'Skin temp',
  abbreviation: 'Skin temp',
  formLabel: 'Skin temperature (°C)',
  plainLabel: 'skin temperature',
  bedsideLabel: 'skin temperature',
  timelineLabel: 'skin temperature',
  icon: 'temperature',
  chartTitle: null,
  unit: 'tenths of °F',
  ucum: 'Cel',
  displayUnit: '°C',
  // 680–1076 tenths of °F = 68.0–107.6 °F = 20.0–42.0 °C: skin, cold room to fever.
  plausible: { min: 680, max: 1076 },
  entry: 'celsius',
  display: (tenthsF) => formatCelsius(tenthsFToCelsius(tenthsF)),
  news2Chart: null,
  screenLimits: null,
  requiredOnPatient: false,
  news2: null,
  recheck: null,
  loinc: '39106-0',
  gatt: null,
};

/** Every vital sign, in NEWS2 chart order (RCP NEWS2 Chart 1) with the diastolic beside the systolic. */
export const VITAL_SIGNS = [
  RESPIRATORY_RATE,
  OXYGEN_LEVEL,
  SUPPLEMENTAL_OXYGEN,
  SYSTOLIC_BP,
  DIASTOLIC_BP,
  HEART_RATE,
  CONSCIOUSNESS,
  TEMPERATURE,
] as const;

export type VitalSign = (typeof VITAL_SIGNS)[number];
export type NumericVitalSign = Extract<VitalSign, { kind: 'number' }>;

/** The vital signs NEWS2 scores (RCP NEWS2 Chart 1 order), each feeding the parameter its row names. */
export type News2VitalSign = Extract<VitalSign, { news2: VitalNews2Parameter }>;
export type News2VitalKey = News2VitalSign['key'];
export const NEWS2_VITAL_SIGNS = VITAL_SIGNS.filter((v): v is News2VitalSign => v.news2 !== null);
/** The vital sign each NEWS2 parameter is read from (its catalogue row). */
export const VITAL_SIGN_OF_NEWS2 = Object.fromEntries(NEWS2_VITAL_SIGNS.map((v) => [v.news2, v])) as Record<
  VitalNews2Parameter,
  News2VitalSign
>;

export const VITAL_SIGN_BY_KEY = Object.fromEntries(VITAL_SIGNS.map((v) => [v.key, v])) as {
  [K in VitalKey]: Extract<VitalSign, { key: K }>;
};

/** The numeric vital signs (those with a range, a unit and a chart). */
export const NUMERIC_VITAL_SIGNS = VITAL_SIGNS.filter((v): v is NumericVitalSign => v.kind === 'number');

/**
 * What a reading may measure: the vital signs, then skin temperature (reading only: no patient
 * field, no NEWS2 parameter).
 */
export const READING_MEASUREMENTS = [...VITAL_SIGNS, SKIN_TEMPERATURE] as const;
export type ReadingMeasurement = (typeof READING_MEASUREMENTS)[number];

/** Reading field names of the measurements: what a reading may measure about the patient. */
export const VITAL_READING_FIELDS = READING_MEASUREMENTS.map((v) => v.readingField);

/** The vital signs' keys: the names a patient's values have everywhere but on the wire. */
export const VITAL_KEYS = VITAL_SIGNS.map((v) => v.key);

/** Patient field names of the vital signs on the wire (the API's patient record: `pulse`). */
export type VitalPatientField = VitalSign['patientField'];

/** A vital sign a Bluetooth device measures: one with GATT characteristics. */
export type DeviceVitalSign =
  | typeof OXYGEN_LEVEL
  | typeof SYSTOLIC_BP
  | typeof DIASTOLIC_BP
  | typeof HEART_RATE
  | typeof TEMPERATURE;
/** The vital signs a Bluetooth device measures (those with GATT characteristics): what the bridge carries. */
export const DEVICE_VITAL_SIGNS = VITAL_SIGNS.filter((v): v is DeviceVitalSign => v.gatt !== null);
export type DeviceVitalKey = DeviceVitalSign['key'];

/** The four vitals the spec shows on every card and tile (point 2). */
export const CORE_VITAL_SIGNS = VITAL_SIGNS.filter((v) => v.requiredOnPatient);

/**
 * The spec's four vitals as a card or tile shows them (point 2), in the patient page's order: one
 * row each, but blood pressure, which is the systolic and diastolic rows as a pair. `label` names
 * the patient page's card, `tileLabel` the dashboard's tile, `analysisLabel` the analysed tile;
 * `reasonLabel` names it in a Critical patient's reasons ("Low oxygen (90%)") and `limitsNote` in
 * the note on the dashboard's limits ("O2 ≤ 92 %", "pulse < 60 or > 100"), whose numbers are the
 * rows' `screenLimits.dashboard` and which gives the unit only where `unit` says so.
 */
export const CORE_VITALS = [
  {
    id: 'heartRate',
    rows: [HEART_RATE],
    label: 'Pulse',
    tileLabel: 'Pulse',
    analysisLabel: 'Heart rate',
    reasonLabel: 'pulse',
    limitsNote: { label: 'pulse', unit: false },
  },
  {
    id: 'oxygenLevel',
    rows: [OXYGEN_LEVEL],
    label: 'Oxygen Level',
    tileLabel: 'O2',
    analysisLabel: 'Oxygen level',
    reasonLabel: 'oxygen',
    limitsNote: { label: 'O2', unit: true },
  },
  {
    id: 'bloodPressure',
    rows: [SYSTOLIC_BP, DIASTOLIC_BP],
    label: 'Blood Pressure',
    tileLabel: 'BP',
    analysisLabel: 'Blood pressure',
    reasonLabel: 'blood pressure',
    limitsNote: { label: 'BP', unit: false },
  },
  {
    id: 'temperature',
    rows: [TEMPERATURE],
    label: 'Temperature',
    tileLabel: 'Temp',
    analysisLabel: 'Temperature',
    reasonLabel: 'temperature',
    limitsNote: { label: 'temperature', unit: true },
  },
] as const satisfies readonly {
  id: string;
  rows: readonly NumericVitalSign[];
  label: string;
  tileLabel: string;
  analysisLabel: string;
  reasonLabel: string;
  limitsNote: { label: string; unit: boolean };
}[];
export type CoreVital = (typeof CORE_VITALS)[number];
/** A core vital: its row's key, or `bloodPressure` for the pair. */
export type CoreVitalId = CoreVital['id'];
export const CORE_VITAL_BY_ID = Object.fromEntries(CORE_VITALS.map((v) => [v.id, v])) as {
  [Id in CoreVitalId]: Extract<CoreVital, { id: Id }>;
};

/**
 * The core vitals in the dashboard's order: oxygen first (spec point 2: the list shows each
 * patient's oxygen level), then the others in the patient page's order. A dashboard card's tiles,
 * a Critical patient's reasons and the note on the dashboard's limits follow it.
 */
export const DASHBOARD_CORE_VITALS: readonly CoreVital[] = [
  CORE_VITAL_BY_ID.oxygenLevel,
  ...CORE_VITALS.filter((v) => v !== CORE_VITAL_BY_ID.oxygenLevel),
];

/**
 * A number as running text says it with its unit: "97%", "18/min" (a percentage or a rate sticks to
 * its number), "80 bpm", "37.0 °C".
 */
export function formatVitalInText(
  vital: Pick<NumericVitalSign, 'display' | 'displayUnit'>,
  value: number,
): string {
  const unit = vital.displayUnit;
  return `${vital.display(value)}${unit === '%' || unit.startsWith('/') ? '' : ' '}${unit}`;
}

/** The value as displayed with its unit: "72 bpm", "37.0 °C", "A – Alert", "Room air". */
export function formatVital(vital: VitalSign, value: number | string | boolean): string {
  switch (vital.kind) {
    case 'number':
      return `${vital.display(value as number)} ${vital.displayUnit}`;
    case 'choice':
      return vital.choices.find((c) => c.value === value)?.label ?? String(value);
    case 'boolean':
      return value ? vital.labels.true : vital.labels.false;
  }
}
