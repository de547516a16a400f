import { CONNECTION_TYPES, summarizeNews2 } from '@vigil/domain';
import { count } from 'drizzle-orm';
import type { IngestReading, IngestService } from '../modules/readings/ingest-service.ts';
import type { Db } from './client.ts';
import { emergencyContacts, medications, notes, patientEvents, patients, treatments } from './schema.ts';
import { seedWardLayout } from './seed-ward.ts';

type Acvpu = 'A' | 'C' | 'V' | 'P' | 'U';

interface DemoPatient {
  name: string;
  condition: 'Critical' | 'Improving' | 'Stable' | 'Recovering';
  spo2: number;
  pulse: number;
  sbp: number;
  dbp: number;
  /** tenths of °F */
  tempF10: number;
  rr: number;
  acvpu: Acvpu;
  o2: boolean;
  scale?: 1 | 2;
  story: string;
}

// Fictional people. Vitals span the NEWS2 bands and the spec's "abnormal" thresholds on purpose.
const DEMO_PATIENTS: DemoPatient[] = [
  {
    name: 'Margaret Okafor',
    condition: 'Critical',
    spo2: 89,
    pulse: 124,
    sbp: 94,
    dbp: 58,
    tempF10: 1024,
    rr: 26,
    acvpu: 'A',
    o2: true,
    story: 'Admitted with community-acquired pneumonia; sepsis pathway started.',
  },
  {
    name: 'Harold Jennings',
    condition: 'Critical',
    spo2: 91,
    pulse: 118,
    sbp: 88,
    dbp: 52,
    tempF10: 1013,
    rr: 24,
    acvpu: 'C',
    o2: true,
    story: 'Post-operative day 1 after bowel resection; new confusion overnight.',
  },
  {
    name: 'Aisha Rahman',
    condition: 'Critical',
    spo2: 86,
    pulse: 112,
    sbp: 142,
    dbp: 88,
    tempF10: 992,
    rr: 28,
    acvpu: 'A',
    o2: true,
    scale: 2,
    story: 'COPD exacerbation, target saturation 88–92 % documented.',
  },
  {
    name: 'Thomas Brennan',
    condition: 'Critical',
    spo2: 93,
    pulse: 42,
    sbp: 98,
    dbp: 60,
    tempF10: 961,
    rr: 10,
    acvpu: 'V',
    o2: false,
    story: 'Found drowsy; suspected opioid toxicity, naloxone given in ED.',
  },
  {
    name: 'Elena Petrova',
    condition: 'Improving',
    spo2: 95,
    pulse: 96,
    sbp: 118,
    dbp: 76,
    tempF10: 1001,
    rr: 20,
    acvpu: 'A',
    o2: true,
    story: 'Pyelonephritis on IV antibiotics, fever settling.',
  },
  {
    name: 'Samuel Adeyemi',
    condition: 'Improving',
    spo2: 96,
    pulse: 88,
    sbp: 132,
    dbp: 84,
    tempF10: 990,
    rr: 18,
    acvpu: 'A',
    o2: false,
    story: 'Heart failure, diuresing well; weight down 2 kg.',
  },
  {
    name: 'Grace Whitfield',
    condition: 'Improving',
    spo2: 94,
    pulse: 102,
    sbp: 126,
    dbp: 80,
    tempF10: 995,
    rr: 21,
    acvpu: 'A',
    o2: false,
    story: 'Cellulitis of the left leg, redness receding.',
  },
  {
    name: 'Ravi Shankar',
    condition: 'Improving',
    spo2: 97,
    pulse: 78,
    sbp: 136,
    dbp: 86,
    tempF10: 984,
    rr: 16,
    acvpu: 'A',
    o2: false,
    story: 'DKA resolved; transitioned to subcutaneous insulin.',
  },
  {
    name: 'Lucia Moreno',
    condition: 'Improving',
    spo2: 95,
    pulse: 92,
    sbp: 110,
    dbp: 70,
    tempF10: 998,
    rr: 19,
    acvpu: 'A',
    o2: true,
    story: 'Post-partum haemorrhage, transfused 2 units.',
  },
  {
    name: 'William Hartley',
    condition: 'Stable',
    spo2: 98,
    pulse: 72,
    sbp: 124,
    dbp: 78,
    tempF10: 982,
    rr: 16,
    acvpu: 'A',
    o2: false,
    story: 'Elective hip replacement, mobilising with physio.',
  },
  {
    name: 'Chen Wei',
    condition: 'Stable',
    spo2: 97,
    pulse: 66,
    sbp: 118,
    dbp: 74,
    tempF10: 979,
    rr: 14,
    acvpu: 'A',
    o2: false,
    story: 'Awaiting MRI for lower back pain.',
  },
  {
    name: 'Fatima Al-Sayed',
    condition: 'Stable',
    spo2: 99,
    pulse: 58,
    sbp: 112,
    dbp: 70,
    tempF10: 977,
    rr: 13,
    acvpu: 'A',
    o2: false,
    story: 'Syncope work-up; telemetry unremarkable so far.',
  },
  {
    name: 'George Mitchell',
    condition: 'Stable',
    spo2: 96,
    pulse: 80,
    sbp: 148,
    dbp: 92,
    tempF10: 986,
    rr: 17,
    acvpu: 'A',
    o2: false,
    story: 'Hypertension, medication review in progress.',
  },
  {
    name: 'Priya Nair',
    condition: 'Stable',
    spo2: 98,
    pulse: 74,
    sbp: 120,
    dbp: 80,
    tempF10: 983,
    rr: 15,
    acvpu: 'A',
    o2: false,
    story: 'Laparoscopic cholecystectomy this morning.',
  },
  {
    name: 'Daniel Kowalski',
    condition: 'Stable',
    spo2: 97,
    pulse: 84,
    sbp: 128,
    dbp: 82,
    tempF10: 988,
    rr: 18,
    acvpu: 'A',
    o2: false,
    story: 'Alcohol withdrawal, CIWA scores low.',
  },
  {
    name: "Siobhan O'Neill",
    condition: 'Stable',
    spo2: 95,
    pulse: 70,
    sbp: 104,
    dbp: 66,
    tempF10: 980,
    rr: 16,
    acvpu: 'A',
    o2: false,
    story: 'Anaemia under investigation, iron infusion planned.',
  },
  {
    name: 'Kwame Mensah',
    condition: 'Recovering',
    spo2: 97,
    pulse: 76,
    sbp: 122,
    dbp: 78,
    tempF10: 985,
    rr: 16,
    acvpu: 'A',
    o2: false,
    story: 'Recovering from appendicectomy, eating and drinking.',
  },
  {
    name: 'Yuki Tanaka',
    condition: 'Recovering',
    spo2: 96,
    pulse: 82,
    sbp: 116,
    dbp: 72,
    tempF10: 987,
    rr: 17,
    acvpu: 'A',
    o2: false,
    story: 'Stroke rehabilitation, improving left-arm strength.',
  },
  {
    name: 'Robert Ellis',
    condition: 'Recovering',
    spo2: 94,
    pulse: 90,
    sbp: 134,
    dbp: 88,
    tempF10: 991,
    rr: 19,
    acvpu: 'A',
    o2: false,
    story: 'Knee replacement day 3, pain controlled.',
  },
  {
    name: 'Hannah Schmidt',
    condition: 'Recovering',
    spo2: 98,
    pulse: 68,
    sbp: 108,
    dbp: 68,
    tempF10: 981,
    rr: 14,
    acvpu: 'A',
    o2: false,
    story: 'Recovering from influenza A, off oxygen since yesterday.',
  },
  {
    name: 'Oluwaseun Bello',
    condition: 'Recovering',
    spo2: 95,
    pulse: 98,
    sbp: 126,
    dbp: 84,
    tempF10: 996,
    rr: 20,
    acvpu: 'A',
    o2: false,
    story: 'Sickle cell crisis settling on oral analgesia.',
  },
  {
    name: 'Isabelle Laurent',
    condition: 'Recovering',
    spo2: 97,
    pulse: 62,
    sbp: 102,
    dbp: 64,
    tempF10: 976,
    rr: 12,
    acvpu: 'A',
    o2: false,
    story: 'Post-thyroidectomy, calcium normal.',
  },
  {
    name: 'Mohammed Haddad',
    condition: 'Improving',
    spo2: 93,
    pulse: 108,
    sbp: 100,
    dbp: 62,
    tempF10: 1006,
    rr: 22,
    acvpu: 'A',
    o2: true,
    story: 'Aspiration pneumonia, swallow assessment booked.',
  },
  {
    name: 'Beatrice Nwosu',
    condition: 'Stable',
    spo2: 97,
    pulse: 77,
    sbp: 131,
    dbp: 79,
    tempF10: 984,
    rr: 16,
    acvpu: 'A',
    o2: false,
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
    const rows = await tx
      .insert(patients)
      .values(
        DEMO_PATIENTS.map((p, i) => {
          const createdAt = new Date(now.getTime() - (2 + (i % 6)) * 24 * HOUR);
          // The admission's values stand until the readings below, which are all newer, replace them.
          const values = {
            oxygenLevel: p.spo2,
            pulse: p.pulse,
            systolicBP: p.sbp,
            diastolicBP: p.dbp,
            temperature: p.tempF10,
            respiratoryRate: p.rr,
            consciousness: p.acvpu,
            onSupplementalOxygen: p.o2,
            spo2Scale: p.scale ?? 1,
          };
          const news2 = summarizeNews2({ ...values, isDemo: true }, {}, now.getTime());
          return {
            name: p.name,
            condition: p.condition,
            ...values,
            isDemo: true,
            sources: {},
            news2,
            news2Total: news2.total,
            lastUpdated: createdAt,
            createdAt,
          };
        }),
      )
      .returning({ id: patients.id, createdAt: patients.createdAt, condition: patients.condition });

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
          heartRate: latest ? p.pulse : jitter(p.pulse - drift * 3, 3),
          oxygenLevel: latest ? p.spo2 : Math.min(100, jitter(p.spo2 + drift, 1)),
          systolicBP: latest ? p.sbp : jitter(p.sbp + drift * 4, 4),
          diastolicBP: latest ? p.dbp : jitter(p.dbp + drift * 2, 3),
          temperature: latest ? p.tempF10 : jitter(p.tempF10 - drift * 3, 2),
          respiratoryRate: latest ? p.rr : Math.max(8, jitter(p.rr - drift, 1)),
          consciousness: latest ? p.acvpu : 'A',
          onSupplementalOxygen: p.o2,
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
