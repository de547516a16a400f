import {
  DIASTOLIC_BP,
  HEART_RATE,
  OXYGEN_LEVEL,
  RESPIRATORY_RATE,
  SKIN_TEMPERATURE,
  SYSTOLIC_BP,
  TEMPERATURE,
  tenthsFToRoundedCelsius,
} from '@vigil/domain';
import type { CodeableConcept } from 'fhir/r4';

/**
 * The terminology of Vigil's FHIR resources: code systems, the Observation kinds with their LOINC
 * codes, UCUM units and vital-signs profiles (from the vital-signs catalogue,
 * packages/domain/src/vitals/catalogue.ts), and the NEWS2 total's SNOMED CT code.
 */

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const SNOMED = 'http://snomed.info/sct';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
/** The patient id as the ward shows it (345345000 + record id). */
export const PATIENT_ID_SYSTEM = 'urn:vigil:patient-id';
/** A device's own id (its Bluetooth or bridge identity), as readings and links carry it. */
export const DEVICE_ID_SYSTEM = 'urn:vigil:device-id';

/**
 * The NEWS2 SpO2 scale an SpO2 value was measured under (1, or 2 for a prescribed 88–92 % target in
 * hypercapnic respiratory failure: RCP NEWS2 2017), as an extension with an integer value: no code
 * system we know of codes the scale (docs/decisions/016-fhir-api.md).
 */
export const NEWS2_SPO2_SCALE_EXTENSION = 'urn:vigil:news2-spo2-scale';

/**
 * NEWS2 total score. NHS England's UK Core early-warning-score profile codes the total with SNOMED CT
 * 1104051000000101 "Royal College of Physicians National Early Warning Score 2 - total score
 * (observable entity)" and notes there is no LOINC code for it; LOINC 88330-6 names the earlier NEWS
 * without its version, so it is not used for a NEWS2 total (docs/decisions/016-fhir-api.md).
 */
export const NEWS2_TOTAL_CODE = {
  system: SNOMED,
  code: '1104051000000101',
  display: 'Royal College of Physicians National Early Warning Score 2 - total score',
} as const;

const category = (code: string, display: string): CodeableConcept => ({
  coding: [{ system: OBSERVATION_CATEGORY, code, display }],
  text: display,
});
export const VITAL_SIGNS_CATEGORY = category('vital-signs', 'Vital Signs');
export const SURVEY_CATEGORY = category('survey', 'Survey');

/** What an Observation's code says, and which profile it claims. */
export interface VitalObservationKind {
  /** The id suffix: `<reading id>-<suffix>`. */
  suffix: string;
  loinc: string;
  display: string;
  profile: string;
}

export const PROFILE = (name: string) => `http://hl7.org/fhir/StructureDefinition/${name}`;

/** Single-valued vital signs: a LOINC code and UCUM unit from the catalogue, and a profile each. */
interface SingleVital {
  /** Its catalogue row: the reading field it is made of, its LOINC code, UCUM unit and label. */
  catalogue:
    | typeof HEART_RATE
    | typeof RESPIRATORY_RATE
    | typeof OXYGEN_LEVEL
    | typeof TEMPERATURE
    | typeof SKIN_TEMPERATURE;
  /** Codes it carries beside the catalogue's LOINC code (SpO2: pulse oximetry, the profile's own). */
  alsoCoded: readonly { system: string; code: string; display: string }[];
  /** Whether it carries the NEWS2 SpO2 scale in force when it was measured (a current vital sign's SpO2). */
  withSpo2Scale: boolean;
  suffix: string;
  profile: string;
  /** The unit as written for people (Quantity.unit). */
  unit: string;
  value: (stored: number) => number;
}

/** Pulse oximetry, the more specific code the FHIR oxygen-saturation profile also carries. */
export const PULSE_OXIMETRY_LOINC = {
  system: LOINC,
  code: '59408-5',
  display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
};

const asIs = (stored: number) => stored;
const celsius = (tenthsF: number) => tenthsFToRoundedCelsius(tenthsF);

export const SINGLE_VITAL_OBSERVATIONS: readonly SingleVital[] = [
  {
    catalogue: HEART_RATE,
    suffix: 'heart-rate',
    profile: PROFILE('heartrate'),
    unit: 'beats/minute',
    value: asIs,
    alsoCoded: [],
    withSpo2Scale: false,
  },
  {
    catalogue: RESPIRATORY_RATE,
    suffix: 'respiratory-rate',
    profile: PROFILE('resprate'),
    unit: 'breaths/minute',
    value: asIs,
    alsoCoded: [],
    withSpo2Scale: false,
  },
  {
    catalogue: OXYGEN_LEVEL,
    suffix: 'oxygen-saturation',
    profile: PROFILE('oxygensat'),
    unit: '%',
    value: asIs,
    alsoCoded: [PULSE_OXIMETRY_LOINC],
    withSpo2Scale: true,
  },
  {
    catalogue: TEMPERATURE,
    suffix: 'body-temperature',
    profile: PROFILE('bodytemp'),
    unit: 'C',
    value: celsius,
    alsoCoded: [],
    withSpo2Scale: false,
  },
  // Skin temperature is not core temperature (decision 011): the base vital-signs profile only.
  {
    catalogue: SKIN_TEMPERATURE,
    suffix: 'skin-temperature',
    profile: PROFILE('vitalsigns'),
    unit: 'C',
    value: celsius,
    alsoCoded: [],
    withSpo2Scale: false,
  },
];

export const BP_PANEL = {
  system: LOINC,
  code: '85354-9',
  display: 'Blood pressure panel with all children optional',
};

/** The FHIR id of an Observation derived from a reading: `<reading id>-<kind>`. */
export const observationId = (readingId: number, suffix: string) => `${readingId}-${suffix}`;

/** The kinds of Observation a reading can give, by id suffix (for reads by id). */
export const OBSERVATION_SUFFIXES = [
  ...SINGLE_VITAL_OBSERVATIONS.map((v) => v.suffix),
  'blood-pressure',
  'news2',
] as const;

/** The LOINC or SNOMED codes each kind answers to, for `code=` searches. */
export const CODES_OF_SUFFIX: Record<string, string[]> = {
  ...Object.fromEntries(
    SINGLE_VITAL_OBSERVATIONS.map((v) => [v.suffix, [v.catalogue.loinc!, ...v.alsoCoded.map((c) => c.code)]]),
  ),
  'blood-pressure': [BP_PANEL.code],
  news2: [NEWS2_TOTAL_CODE.code],
};

/**
 * LOINC's own display names of the codes Vigil sends (LOINC's long common names, as the FHIR
 * vital-signs profiles show them); `text` beside them keeps the ward's label.
 */
export const LOINC_DISPLAY: Record<string, string> = {
  '8867-4': 'Heart rate',
  '9279-1': 'Respiratory rate',
  '2708-6': 'Oxygen saturation in Arterial blood',
  '59408-5': 'Oxygen saturation in Arterial blood by Pulse oximetry',
  '8310-5': 'Body temperature',
  '39106-0': 'Temperature of Skin',
  '85354-9': 'Blood pressure panel with all children optional',
  '8480-6': 'Systolic blood pressure',
  '8462-4': 'Diastolic blood pressure',
};

/**
 * Device types: the IEEE 11073-10101 device specializations (as the HL7 Personal Health Device IG
 * codes Device.type) of what a device measures; a device measuring anything else is a generic one.
 */
export const MDC = 'urn:iso:std:iso:11073:10101';
export const DEVICE_TYPES = {
  'oxygen-saturation': {
    system: MDC,
    code: '528388',
    display: 'MDC_DEV_SPEC_PROFILE_PULS_OXIM: Pulse Oximeter',
  },
  'blood-pressure': {
    system: MDC,
    code: '528391',
    display: 'MDC_DEV_SPEC_PROFILE_BPM: Blood Pressure meter',
  },
  temperature: { system: MDC, code: '528392', display: 'MDC_DEV_SPEC_PROFILE_TEMP: Thermometer' },
  other: { system: MDC, code: '528457', display: 'MDC_DEV_SPEC_PROFILE_GENERIC: Generic 20601 device' },
} as const;

/** The vital signs of the blood-pressure panel's components, in its order (catalogue rows). */
export const BP_COMPONENTS = [SYSTOLIC_BP, DIASTOLIC_BP] as const;
/** The LOINC codes of the blood-pressure panel's components (for `component-code`). */
export const BP_COMPONENT_CODES = BP_COMPONENTS.map((v) => v.loinc);
