import { CONNECTION_TYPES, summarizeNews2 } from '@vigil/domain';
import { count } from 'drizzle-orm';
import { admitDemo } from '../modules/patients/patient-writer.ts';
import type { IngestReading, IngestService } from '../modules/readings/ingest-service.ts';
import type { Db } from './client.ts';
import { emergencyContacts, medications, notes, patientEvents, patients, treatments } from './schema.ts';
import { DEMO_WARD_ID, seedWardLayout } from './seed-ward.ts';

type Acvpu = 'A' | 'C' | 'V' | 'P' | 'U';

interface DemoPatient {
  name: string;
  condition: 'Critical' | 'Improving' | 'Stable' | 'Recovering';
  oxygenLevel: number;
  heartRate: number;
  systolicBP: number;
  diastolicBP: number;
  /** tenths of °F */
  temperature: number;
  respiratoryRate: number;
  consciousness: Acvpu;
  onSupplementalOxygen: boolean;
  spo2Scale?: 1 | 2;
  story: string;
}

// Fictional people. Vitals span the NEWS2 bands and the spec's "abnormal" thresholds on purpose.
const DEMO_PATIENTS: DemoPatient[] = [
  {
    name: 'Margaret Okafor',
    condition: 'Critical',
    oxygenLevel: 89,
    heartRate: 124,
    systolicBP: 94,
    diastolicBP: 58,
    temperature: 1024,
    respiratoryRate: 26,
    consciousness: 'A',
    onSupplementalOxygen: true,
    story: 'Admitted with community-acquired pneumonia; sepsis pathway started.',
  },
  {
    name: 'Harold Jennings',
    condition: 'Critical',
    oxygenLevel: 91,
    heartRate: 118,
    systolicBP: 88,
    diastolicBP: 52,
    temperature: 1013,
    respiratoryRate: 24,
    consciousness: 'C',
    onSupplementalOxygen: true,
    story: 'Post-operative day 1 after bowel resection; new confusion overnight.',
  },
  {
    name: 'Aisha Rahman',
    condition: 'Critical',
    oxygenLevel: 86,
    heartRate: 112,
    systolicBP: 142,
    diastolicBP: 88,
    temperature: 992,
    respiratoryRate: 28,
    consciousness: 'A',
    onSupplementalOxygen: true,
    spo2Scale: 2,
    story: 'COPD exacerbation, target saturation 88–92 % documented.',
  },
  {
    name: 'Thomas Brennan',
    condition: 'Critical',
    oxygenLevel: 93,
    heartRate: 42,
    systolicBP: 98,
    diastolicBP: 60,
    temperature: 961,
    respiratoryRate: 10,
    consciousness: 'V',
    onSupplementalOxygen: false,
    story: 'Found drowsy; suspected opioid toxicity, naloxone given in ED.',
  },
  {
    name: 'Elena Petrova',
    condition: 'Improving',
    oxygenLevel: 95,
    heartRate: 96,
    systolicBP: 118,
    diastolicBP: 76,
    temperature: 1001,
    respiratoryRate: 20,
    consciousness: 'A',
    onSupplementalOxygen: true,
    story: 'Pyelonephritis on IV antibiotics, fever settling.',
  },
  {
    name: 'Samuel Adeyemi',
    condition: 'Improving',
    oxygenLevel: 96,
    heartRate: 88,
    systolicBP: 132,
    diastolicBP: 84,
    temperature: 990,
    respiratoryRate: 18,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Heart failure, diuresing well; weight down 2 kg.',
  },
  {
    name: 'Grace Whitfield',
    condition: 'Improving',
    oxygenLevel: 94,
    heartRate: 102,
    systolicBP: 126,
    diastolicBP: 80,
    temperature: 995,
    respiratoryRate: 21,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Cellulitis of the left leg, redness receding.',
  },
  {
    name: 'Ravi Shankar',
    condition: 'Improving',
    oxygenLevel: 97,
    heartRate: 78,
    systolicBP: 136,
    diastolicBP: 86,
    temperature: 984,
    respiratoryRate: 16,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'DKA resolved; transitioned to subcutaneous insulin.',
  },
  {
    name: 'Lucia Moreno',
    condition: 'Improving',
    oxygenLevel: 95,
    heartRate: 92,
    systolicBP: 110,
    diastolicBP: 70,
    temperature: 998,
    respiratoryRate: 19,
    consciousness: 'A',
    onSupplementalOxygen: true,
    story: 'Post-partum haemorrhage, transfused 2 units.',
  },
  {
    name: 'William Hartley',
    condition: 'Stable',
    oxygenLevel: 98,
    heartRate: 72,
    systolicBP: 124,
    diastolicBP: 78,
    temperature: 982,
    respiratoryRate: 16,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Elective hip replacement, mobilising with physio.',
  },
  {
    name: 'Chen Wei',
    condition: 'Stable',
    oxygenLevel: 97,
    heartRate: 66,
    systolicBP: 118,
    diastolicBP: 74,
    temperature: 979,
    respiratoryRate: 14,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Awaiting MRI for lower back pain.',
  },
  {
    name: 'Fatima Al-Sayed',
    condition: 'Stable',
    oxygenLevel: 99,
    heartRate: 58,
    systolicBP: 112,
    diastolicBP: 70,
    temperature: 977,
    respiratoryRate: 13,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Syncope work-up; telemetry unremarkable so far.',
  },
  {
    name: 'George Mitchell',
    condition: 'Stable',
    oxygenLevel: 96,
    heartRate: 80,
    systolicBP: 148,
    diastolicBP: 92,
    temperature: 986,
    respiratoryRate: 17,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Hypertension, medication review in progress.',
  },
  {
    name: 'Priya Nair',
    condition: 'Stable',
    oxygenLevel: 98,
    heartRate: 74,
    systolicBP: 120,
    diastolicBP: 80,
    temperature: 983,
    respiratoryRate: 15,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Laparoscopic cholecystectomy this morning.',
  },
  {
    name: 'Daniel Kowalski',
    condition: 'Stable',
    oxygenLevel: 97,
    heartRate: 84,
    systolicBP: 128,
    diastolicBP: 82,
    temperature: 988,
    respiratoryRate: 18,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Alcohol withdrawal, CIWA scores low.',
  },
  {
    name: "Siobhan O'Neill",
    condition: 'Stable',
    oxygenLevel: 95,
    heartRate: 70,
    systolicBP: 104,
    diastolicBP: 66,
    temperature: 980,
    respiratoryRate: 16,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Anaemia under investigation, iron infusion planned.',
  },
  {
    name: 'Kwame Mensah',
    condition: 'Recovering',
    oxygenLevel: 97,
    heartRate: 76,
    systolicBP: 122,
    diastolicBP: 78,
    temperature: 985,
    respiratoryRate: 16,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Recovering from appendicectomy, eating and drinking.',
  },
  {
    name: 'Yuki Tanaka',
    condition: 'Recovering',
    oxygenLevel: 96,
    heartRate: 82,
    systolicBP: 116,
    diastolicBP: 72,
    temperature: 987,
    respiratoryRate: 17,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Stroke rehabilitation, improving left-arm strength.',
  },
  {
    name: 'Robert Ellis',
    condition: 'Recovering',
    oxygenLevel: 94,
    heartRate: 90,
    systolicBP: 134,
    diastolicBP: 88,
    temperature: 991,
    respiratoryRate: 19,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Knee replacement day 3, pain controlled.',
  },
  {
    name: 'Hannah Schmidt',
    condition: 'Recovering',
    oxygenLevel: 98,
    heartRate: 68,
    systolicBP: 108,
    diastolicBP: 68,
    temperature: 981,
    respiratoryRate: 14,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Recovering from influenza A, off oxygen since yesterday.',
  },
  {
    name: 'Oluwaseun Bello',
    condition: 'Recovering',
    oxygenLevel: 95,
    heartRate: 98,
    systolicBP: 126,
    diastolicBP: 84,
    temperature: 996,
    respiratoryRate: 20,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Sickle cell crisis settling on oral analgesia.',
  },
  {
    name: 'Isabelle Laurent',
    condition: 'Recovering',
    oxygenLevel: 97,
    heartRate: 62,
    systolicBP: 102,
    diastolicBP: 64,
    temperature: 976,
    respiratoryRate: 12,
    consciousness: 'A',
    onSupplementalOxygen: false,
    story: 'Post-thyroidectomy, calcium normal.',
  },
  {
    name: 'Mohammed Haddad',
    condition: 'Improving',
    oxygenLevel: 93,
    heartRate: 108,
    systolicBP: 100,
    diastolicBP: 62,
    temperature: 1006,
    respiratoryRate: 22,
    consciousness: 'A',
    onSupplementalOxygen: true,
    story: 'Aspiration pneumonia, swallow assessment booked.',
  },
  {
    name: 'Beatrice Nwosu',
    condition: 'Stable',
    oxygenLevel: 97,
    heartRate: 77,
    systolicBP: 131,
    diastolicBP: 79,
    temperature: 984,
    respiratoryRate: 16,
    consciousness: 'A',
    onSupplementalOxygen: false,
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
    const rows = await admitDemo(
      tx,
      DEMO_PATIENTS.map((p, i) => {
        const createdAt = new Date(now.getTime() - (2 + (i % 6)) * 24 * HOUR);
        // The admission's values stand until the readings below, which are all newer, replace them.
        const values = {
          oxygenLevel: p.oxygenLevel,
          heartRate: p.heartRate,
          systolicBP: p.systolicBP,
          diastolicBP: p.diastolicBP,
          temperature: p.temperature,
          respiratoryRate: p.respiratoryRate,
          consciousness: p.consciousness,
          onSupplementalOxygen: p.onSupplementalOxygen,
          spo2Scale: p.spo2Scale ?? 1,
        };
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
      }),
    );

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
      for (let h = 6; h >= 0; h--) {
        const drift = p.condition === 'Critical' ? h * 0.6 : p.condition === 'Improving' ? -h * 0.5 : 0;
        const latest = h === 0;
        readingRows.push({
          patientId: id,
          connectionType: CONNECTION_TYPES.manual,
          readingTime: new Date(now.getTime() - h * HOUR - observedMinutesAgo(p, i) * MINUTE).toISOString(),
          heartRate: latest ? p.heartRate : jitter(p.heartRate - drift * 3, 3),
          oxygenLevel: latest ? p.oxygenLevel : Math.min(100, jitter(p.oxygenLevel + drift, 1)),
          systolicBP: latest ? p.systolicBP : jitter(p.systolicBP + drift * 4, 4),
          diastolicBP: latest ? p.diastolicBP : jitter(p.diastolicBP + drift * 2, 3),
          temperature: latest ? p.temperature : jitter(p.temperature - drift * 3, 2),
          respiratoryRate: latest ? p.respiratoryRate : Math.max(8, jitter(p.respiratoryRate - drift, 1)),
          consciousness: latest ? p.consciousness : 'A',
          onSupplementalOxygen: p.onSupplementalOxygen,
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
