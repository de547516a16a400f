import {
  ACVPU_CHOICES,
  CONNECTION_TYPES,
  CONSCIOUSNESS,
  DIASTOLIC_BP,
  HEART_RATE,
  type NumericVitalSign,
  OXYGEN_LEVEL,
  RESPIRATORY_RATE,
  SYSTOLIC_BP,
  summarizeNews2,
  TEMPERATURE,
  VITAL_SIGNS,
  type VitalKey,
  type VitalState,
} from '@vigil/domain';
import { count } from 'drizzle-orm';
import { apply } from '../modules/patients/patient-writer.ts';
import type { IngestReading, IngestService } from '../modules/readings/ingest-service.ts';
import type { Db } from './client.ts';
import { runOn } from './prepared.ts';
import { emergencyContacts, medications, notes, patientEvents, patients, treatments } from './schema.ts';
import { DEMO_WARD_ID, seedWardLayout } from './seed-ward.ts';

/** A value of each vital sign, in the catalogue's order (VITAL_SIGNS), none missing. */
type DemoVitals = ValuesOf<typeof VITAL_SIGNS>;
type ValuesOf<Rows extends readonly { key: VitalKey }[]> = {
  [I in keyof Rows]: NonNullable<VitalState[Rows[I]['key']]>;
};

interface DemoPatient {
  name: string;
  condition: 'Critical' | 'Improving' | 'Stable' | 'Recovering';
  /** RR, SpO2 %, on oxygen, systolic, diastolic, HR, ACVPU, temperature in tenths of °F (catalogue order). */
  vitals: DemoVitals;
  spo2Scale?: 1 | 2;
  story: string;
}

// Fictional people. Vitals span the NEWS2 bands and the spec's "abnormal" thresholds on purpose.
const DEMO_PATIENTS: DemoPatient[] = [
  {
    name: 'Margaret Okafor',
    condition: 'Critical',
    vitals: [26, 89, true, 94, 58, 124, 'A', 1024],
    story: 'Admitted with community-acquired pneumonia; sepsis pathway started.',
  },
  {
    name: 'Harold Jennings',
    condition: 'Critical',
    vitals: [24, 91, true, 88, 52, 118, 'C', 1013],
    story: 'Post-operative day 1 after bowel resection; new confusion overnight.',
  },
  {
    name: 'Aisha Rahman',
    condition: 'Critical',
    vitals: [28, 86, true, 142, 88, 112, 'A', 992],
    spo2Scale: 2,
    story: 'COPD exacerbation, target saturation 88–92 % documented.',
  },
  {
    name: 'Thomas Brennan',
    condition: 'Critical',
    vitals: [10, 93, false, 98, 60, 42, 'V', 961],
    story: 'Found drowsy; suspected opioid toxicity, naloxone given in ED.',
  },
  {
    name: 'Elena Petrova',
    condition: 'Improving',
    vitals: [20, 95, true, 118, 76, 96, 'A', 1001],
    story: 'Pyelonephritis on IV antibiotics, fever settling.',
  },
  {
    name: 'Samuel Adeyemi',
    condition: 'Improving',
    vitals: [18, 96, false, 132, 84, 88, 'A', 990],
    story: 'Heart failure, diuresing well; weight down 2 kg.',
  },
  {
    name: 'Grace Whitfield',
    condition: 'Improving',
    vitals: [21, 94, false, 126, 80, 102, 'A', 995],
    story: 'Cellulitis of the left leg, redness receding.',
  },
  {
    name: 'Ravi Shankar',
    condition: 'Improving',
    vitals: [16, 97, false, 136, 86, 78, 'A', 984],
    story: 'DKA resolved; transitioned to subcutaneous insulin.',
  },
  {
    name: 'Lucia Moreno',
    condition: 'Improving',
    vitals: [19, 95, true, 110, 70, 92, 'A', 998],
    story: 'Post-partum haemorrhage, transfused 2 units.',
  },
  {
    name: 'William Hartley',
    condition: 'Stable',
    vitals: [16, 98, false, 124, 78, 72, 'A', 982],
    story: 'Elective hip replacement, mobilising with physio.',
  },
  {
    name: 'Chen Wei',
    condition: 'Stable',
    vitals: [14, 97, false, 118, 74, 66, 'A', 979],
    story: 'Awaiting MRI for lower back pain.',
  },
  {
    name: 'Fatima Al-Sayed',
    condition: 'Stable',
    vitals: [13, 99, false, 112, 70, 58, 'A', 977],
    story: 'Syncope work-up; telemetry unremarkable so far.',
  },
  {
    name: 'George Mitchell',
    condition: 'Stable',
    vitals: [17, 96, false, 148, 92, 80, 'A', 986],
    story: 'Hypertension, medication review in progress.',
  },
  {
    name: 'Priya Nair',
    condition: 'Stable',
    vitals: [15, 98, false, 120, 80, 74, 'A', 983],
    story: 'Laparoscopic cholecystectomy this morning.',
  },
  {
    name: 'Daniel Kowalski',
    condition: 'Stable',
    vitals: [18, 97, false, 128, 82, 84, 'A', 988],
    story: 'Alcohol withdrawal, CIWA scores low.',
  },
  {
    name: "Siobhan O'Neill",
    condition: 'Stable',
    vitals: [16, 95, false, 104, 66, 70, 'A', 980],
    story: 'Anaemia under investigation, iron infusion planned.',
  },
  {
    name: 'Kwame Mensah',
    condition: 'Recovering',
    vitals: [16, 97, false, 122, 78, 76, 'A', 985],
    story: 'Recovering from appendicectomy, eating and drinking.',
  },
  {
    name: 'Yuki Tanaka',
    condition: 'Recovering',
    vitals: [17, 96, false, 116, 72, 82, 'A', 987],
    story: 'Stroke rehabilitation, improving left-arm strength.',
  },
  {
    name: 'Robert Ellis',
    condition: 'Recovering',
    vitals: [19, 94, false, 134, 88, 90, 'A', 991],
    story: 'Knee replacement day 3, pain controlled.',
  },
  {
    name: 'Hannah Schmidt',
    condition: 'Recovering',
    vitals: [14, 98, false, 108, 68, 68, 'A', 981],
    story: 'Recovering from influenza A, off oxygen since yesterday.',
  },
  {
    name: 'Oluwaseun Bello',
    condition: 'Recovering',
    vitals: [20, 95, false, 126, 84, 98, 'A', 996],
    story: 'Sickle cell crisis settling on oral analgesia.',
  },
  {
    name: 'Isabelle Laurent',
    condition: 'Recovering',
    vitals: [12, 97, false, 102, 64, 62, 'A', 976],
    story: 'Post-thyroidectomy, calcium normal.',
  },
  {
    name: 'Mohammed Haddad',
    condition: 'Improving',
    vitals: [22, 93, true, 100, 62, 108, 'A', 1006],
    story: 'Aspiration pneumonia, swallow assessment booked.',
  },
  {
    name: 'Beatrice Nwosu',
    condition: 'Stable',
    vitals: [16, 97, false, 131, 79, 77, 'A', 984],
    story: 'Gout flare, walking with a frame.',
  },
];

const CONTACT_NAMES = [
  'Anne',
  'James',
  'Maria',
  'David',
  'Sarah',
  'Michael',
  'Joy',
  'Peter',
  'Amara',
  'Luis',
];
const RELATIONSHIPS = ['Daughter', 'Son', 'Spouse', 'Sister', 'Brother', 'Partner', 'Friend', 'Parent'];
const MEDICATIONS = [
  { name: 'Paracetamol', dosage: '1 g', frequency: 'Every 6 hours', instructions: 'Max 4 g in 24 hours' },
  { name: 'Enoxaparin', dosage: '40 mg', frequency: 'Once daily', instructions: 'Subcutaneous, abdomen' },
  { name: 'Amoxicillin', dosage: '500 mg', frequency: 'Three times daily', instructions: 'With food' },
  { name: 'Furosemide', dosage: '40 mg', frequency: 'Twice daily', instructions: 'Monitor fluid balance' },
  { name: 'Metformin', dosage: '500 mg', frequency: 'Twice daily', instructions: 'With meals' },
  { name: 'Omeprazole', dosage: '20 mg', frequency: 'Once daily', instructions: 'Before breakfast' },
  {
    name: 'Morphine sulfate',
    dosage: '5 mg',
    frequency: 'Every 4 hours as needed',
    instructions: 'Check respiratory rate first',
  },
];
const TREATMENTS = [
  'IV antibiotics',
  'Wound dressing change',
  'Blood glucose check',
  'Physiotherapy session',
  'Fluid balance review',
  'Bloods: FBC, U&E, CRP',
  'Chest X-ray',
  'Medication review with pharmacist',
];
const NOTES = [
  'Patient comfortable, pain score 2/10. Family visited this afternoon.',
  'Ate half of lunch; encouraged oral fluids.',
  'Reviewed by the medical team on the ward round; plan unchanged.',
  'Slept well overnight, no complaints.',
  'Mobilised to the chair with assistance of one.',
];

/** A demo patient's vital signs by the catalogue's keys. */
const vitalsOf = (p: DemoPatient) =>
  Object.fromEntries(VITAL_SIGNS.map((v, i) => [v.key, p.vitals[i]])) as {
    [K in VitalKey]: NonNullable<VitalState[K]>;
  };

/**
 * How the numeric values of a worsening (or improving) patient's earlier observations differ from
 * the latest: so much per unit of drift, jittered by ±spread, kept within min–max.
 */
const DRIFT = new Map<NumericVitalSign, { perDrift: number; spread: number; min?: number; max?: number }>([
  [HEART_RATE, { perDrift: -3, spread: 3 }],
  [OXYGEN_LEVEL, { perDrift: 1, spread: 1, max: 100 }],
  [SYSTOLIC_BP, { perDrift: 4, spread: 4 }],
  [DIASTOLIC_BP, { perDrift: 2, spread: 3 }],
  [TEMPERATURE, { perDrift: -3, spread: 2 }],
  [RESPIRATORY_RATE, { perDrift: -1, spread: 1, min: 8 }],
]);

/**
 * An earlier observation of a patient whose values drifted: each numeric value off the latest by
 * DRIFT, drawing the random numbers in DRIFT's order; alert then; the oxygen as it is now.
 */
function earlierValues(
  latest: ReturnType<typeof vitalsOf>,
  drift: number,
  jitter: (value: number, spread: number) => number,
): Partial<VitalState> {
  const drifted = [...DRIFT].map(([vital, { perDrift, spread, min, max }]) => {
    const value = jitter(latest[vital.key] + drift * perDrift, spread);
    return [
      vital.key,
      Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min ?? Number.NEGATIVE_INFINITY, value)),
    ];
  });
  return { ...Object.fromEntries(drifted), [CONSCIOUSNESS.key]: ACVPU_CHOICES[0]!.value };
}

/** Small deterministic PRNG (mulberry32) so the demo ward looks the same on every machine. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * How long ago each demo patient's latest observations were taken. A critical patient (NEWS2 ≥ 7)
 * is on continuous monitoring, whose readings count as stale after 15 minutes; their last
 * observations are from the last few minutes, so a new user meets a ward that is being watched.
 */
function observedMinutesAgo(p: DemoPatient, i: number): number {
  return p.condition === 'Critical' ? 2 + i : (i % 5) * 20;
}

/**
 * Seeds the demo ward when the database holds no patients. Returns whether it seeded. Its patients
 * are demo patients, and their observations go through the one ingest path as demo data
 * (decision 014): their current values, sources and NEWS2 come from those readings, as a real
 * patient's do. No fictional device is linked.
 */
export async function seedDemoData(
  db: Db,
  ingest: Pick<IngestService, 'ingest'>,
  now: Date = new Date(),
): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(patients);
  if ((existing?.n ?? 0) > 0) return false;
  const random = prng(20_261_122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const jitter = (value: number, spread: number) => Math.round(value + (random() * 2 - 1) * spread);

  const readingRows: IngestReading[] = [];
  await db.transaction(async (tx) => {
    const admissions = DEMO_PATIENTS.map((p, i) => {
      const createdAt = new Date(now.getTime() - (2 + (i % 6)) * 24 * HOUR);
      // The admission's values stand until the readings below, which are all newer, replace them.
      const values = { ...vitalsOf(p), spo2Scale: p.spo2Scale ?? 1 };
      const news2 = summarizeNews2({ ...values, isDemo: true }, {}, now.getTime());
      return {
        name: p.name,
        condition: p.condition,
        ...values,
        isDemo: true,
        wardId: DEMO_WARD_ID,
        sources: {},
        news2,
        news2Total: news2.total,
        lastUpdated: createdAt,
        createdAt,
      };
    });
    // One admission at a time, in order, through the patients' one writer (the ids follow the list).
    const rows = [];
    for (const values of admissions) {
      const row = await apply(runOn(tx), { kind: 'admission', values });
      rows.push(row!);
    }

    const treatmentRows = [];
    const noteRows = [];
    const medicationRows = [];
    const contactRows = [];
    const eventRows = [];
    for (const [i, { id, createdAt, condition }] of rows.entries()) {
      eventRows.push({ patientId: id, type: 'admitted', data: { condition }, createdAt });
      const p = DEMO_PATIENTS[i]!;
      // Three treatments each: one done, one possibly past due, one upcoming.
      treatmentRows.push(
        {
          patientId: id,
          description: pick(TREATMENTS),
          scheduledFor: new Date(now.getTime() - 5 * HOUR),
          completed: true,
        },
        {
          patientId: id,
          description: pick(TREATMENTS),
          scheduledFor: new Date(now.getTime() - HOUR),
          completed: i % 3 !== 0,
        },
        {
          patientId: id,
          description: pick(TREATMENTS),
          scheduledFor: new Date(now.getTime() + (2 + (i % 4)) * HOUR),
          completed: false,
        },
      );
      noteRows.push(
        { patientId: id, content: p.story, createdAt: new Date(now.getTime() - 20 * HOUR) },
        { patientId: id, content: pick(NOTES), createdAt: new Date(now.getTime() - (1 + (i % 3)) * HOUR) },
      );
      for (let m = 0; m < 2; m++) {
        const med = MEDICATIONS[(i + m * 3) % MEDICATIONS.length]!;
        medicationRows.push({
          patientId: id,
          ...med,
          nextDose: new Date(now.getTime() + (1 + ((i + m) % 6)) * HOUR),
          alertEnabled: m === 0 || i % 2 === 0,
          startDate: new Date(now.getTime() - 2 * 24 * HOUR),
        });
      }
      const surname = p.name.split(' ').slice(-1)[0];
      contactRows.push(
        {
          patientId: id,
          name: `${pick(CONTACT_NAMES)} ${surname}`,
          relationship: pick(RELATIONSHIPS),
          phone: `+44 7700 900${String(100 + i * 7).slice(-3)}`,
        },
        {
          patientId: id,
          name: `${pick(CONTACT_NAMES)} ${surname}`,
          relationship: pick(RELATIONSHIPS),
          phone: `+44 20 7946 0${String(100 + i * 11).slice(-3)}`,
        },
      );
      // Six hours of observations, hourly, ending at the current vitals; critical patients drift worse.
      const latestValues = vitalsOf(p);
      for (let h = 6; h >= 0; h--) {
        const drift = p.condition === 'Critical' ? h * 0.6 : p.condition === 'Improving' ? -h * 0.5 : 0;
        readingRows.push({
          patientId: id,
          connectionType: CONNECTION_TYPES.manual,
          readingTime: new Date(now.getTime() - h * HOUR - observedMinutesAgo(p, i) * MINUTE).toISOString(),
          ...latestValues,
          ...(h === 0 ? {} : earlierValues(latestValues, drift, jitter)),
        });
      }
    }
    await tx.insert(treatments).values(treatmentRows);
    await tx.insert(notes).values(noteRows);
    await tx.insert(medications).values(medicationRows);
    await tx.insert(emergencyContacts).values(contactRows);
    await tx.insert(patientEvents).values(eventRows);
    await seedWardLayout(
      tx as unknown as Db,
      rows.map((r) => r.id),
    );
  });
  await ingest.ingest(readingRows, { userId: null, sender: 'demo-seed', device: null });
  return true;
}
