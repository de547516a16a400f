import { sql } from 'drizzle-orm';
import type { Bundle, Observation, OperationOutcome, Patient, Resource } from 'fhir/r4';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoData } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signIn, signUp, signUpAs } from './support/factories.ts';
import { fhirProblems } from './support/fhir-validation.ts';

/**
 * The FHIR R4 read API through app.inject: what a FHIR client receives, every resource checked
 * with a FHIR validator against the R4 base and the vital-signs profiles.
 */
let t: TestApp;
let admin: Session;
let nurse: Session;
let patientId: number;
let otherId: number;

const FULL_SET = {
  respiratoryRate: 18,
  oxygenLevel: 97,
  onSupplementalOxygen: false,
  systolicBP: 121,
  diastolicBP: 79,
  heartRate: 72,
  consciousness: 'A' as const,
  temperature: 986, // 98.6 °F = 37.0 °C
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  nurse = await signUpAs(t.app, admin.cookie, 'nurse');
  // The demo ward: demo patients whose readings are demo data (never exported). It is seeded only
  // into a ward without patients, so first.
  expect(await seedDemoData(t.database.db, t.app.services.ingest, t.clock.now())).toBe(true);
  patientId = (await admitPatient(t.app, admin.cookie, { name: 'Ada Lovelace', pulse: 70 })).id;
  otherId = (await admitPatient(t.app, admin.cookie, { name: 'Grace Hopper', pulse: 80 })).id;
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 6, minutes)).toISOString();
  await recordReadings(t.app, admin, [
    // A nurse's full set: every vital sign and a NEWS2 total.
    { patientId, readingTime: at(0), connectionType: 'Manual', ...FULL_SET },
    // A cuff over Bluetooth: blood pressure and pulse, not validated by a person.
    {
      patientId,
      readingTime: at(10),
      deviceId: 'cuff-1',
      deviceName: 'Omron X',
      connectionType: 'Bluetooth',
      systolicBP: 132,
      diastolicBP: 84,
      heartRate: 88,
    },
    // WHOOP's summary: exported, but not as a current vital sign.
    {
      patientId,
      readingTime: at(30),
      deviceId: 'whoop-1',
      deviceName: 'WHOOP',
      connectionType: 'WHOOP API',
      heartRate: 54,
      skinTemperature: 930,
    },
    { patientId, readingTime: at(40), connectionType: 'Manual', heartRate: 76, respiratoryRate: 16 },
    { patientId: otherId, readingTime: at(5), connectionType: 'Manual', heartRate: 90 },
  ]);
});
afterAll(() => t.close());

async function get(url: string, session: Session | null = nurse, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...(session ? { cookie: session.cookie } : {}), ...headers },
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.json() as Resource };
}

const resources = (bundle: Resource) => ((bundle as Bundle).entry ?? []).map((e) => e.resource!);
const expectValid = (list: Resource[]) => {
  for (const resource of list)
    expect(fhirProblems(resource), `${resource.resourceType}/${resource.id}`).toEqual([]);
};

describe('GET /fhir/R4/metadata', () => {
  it('says what the server supports, to anyone, as a valid CapabilityStatement', async () => {
    const res = await get('/fhir/R4/metadata', null);
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/fhir+json');
    expect(res.body).toMatchObject({
      resourceType: 'CapabilityStatement',
      fhirVersion: '4.0.1',
      kind: 'instance',
    });
    const rest = (
      res.body as unknown as { rest: { resource: { type: string; searchParam?: { name: string }[] }[] }[] }
    ).rest[0]!;
    expect(rest.resource.map((r) => r.type)).toEqual([
      'Patient',
      'Observation',
      'Device',
      'Provenance',
      'Location',
      'Group',
    ]);
    expect(rest.resource[1]!.searchParam!.map((p) => p.name)).toEqual([
      'patient',
      'subject',
      'category',
      'code',
      'component-code',
      'status',
      'date',
      'location',
      '_lastUpdated',
    ]);
    expectValid([res.body]);
  });
});

describe('Patient', () => {
  it('is found by the patient ID shown on the ward and by name, and read by id', async () => {
    const byIdentifier = await get(`/fhir/R4/Patient?identifier=${345345000 + patientId}`);
    expect(resources(byIdentifier.body).map((p) => p.id)).toEqual([String(patientId)]);
    const withSystem = await get(`/fhir/R4/Patient?identifier=urn:vigil:patient-id|${345345000 + otherId}`);
    expect(resources(withSystem.body).map((p) => p.id)).toEqual([String(otherId)]);
    const byName = await get('/fhir/R4/Patient?name=hop');
    expect(resources(byName.body).map((p) => (p as Patient).name?.[0]?.text)).toEqual(['Grace Hopper']);
    const read = await get(`/fhir/R4/Patient/${patientId}`);
    expect(read.body).toMatchObject({
      resourceType: 'Patient',
      identifier: [{ system: 'urn:vigil:patient-id', value: String(345345000 + patientId) }],
      name: [{ text: 'Ada Lovelace', family: 'Lovelace', given: ['Ada'] }],
    });
    expectValid([read.body, byIdentifier.body, ...resources(byName.body)]);
  });

  it('answers an unknown patient and an unknown parameter with an OperationOutcome', async () => {
    const missing = await get('/fhir/R4/Patient/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'not-found' }],
    });
    const unknown = await get('/fhir/R4/Patient?address-city=London');
    expect(unknown.status).toBe(400);
    expect((unknown.body as OperationOutcome).issue[0]!.diagnostics).toContain(
      'Unsupported search parameter address-city',
    );
    const nowhere = await get('/fhir/R4/Encounter');
    expect(nowhere.status).toBe(404);
    expectValid([missing.body, unknown.body, nowhere.body]);
  });
});

describe('Observation', () => {
  it("gives a patient's vital signs in the vital-signs profiles, with LOINC codes and UCUM units", async () => {
    const res = await get(`/fhir/R4/Observation?patient=${patientId}&category=vital-signs&_sort=date`);
    expect(res.status).toBe(200);
    const list = resources(res.body) as Observation[];
    expectValid([res.body, ...list]);
    const first = list.filter((o) => o.id!.startsWith(`${list[0]!.id!.split('-')[0]}-`));
    const byCode: Record<string, Observation> = Object.fromEntries(
      first.map((o) => [o.code.coding![0]!.code, o]),
    );
    expect(Object.keys(byCode).sort()).toEqual(['2708-6', '8310-5', '85354-9', '8867-4', '9279-1']);
    expect(byCode['8867-4']!.valueQuantity).toEqual({
      value: 72,
      unit: 'beats/minute',
      system: 'http://unitsofmeasure.org',
      code: '/min',
    });
    expect(byCode['8310-5']!.valueQuantity).toMatchObject({ value: 37, code: 'Cel' });
    expect(byCode['2708-6']!.code.coding!.map((c) => c.code)).toEqual(['2708-6', '59408-5']);
    expect(byCode['85354-9']).toMatchObject({
      meta: { profile: ['http://hl7.org/fhir/StructureDefinition/bp'] },
      component: [
        { code: { coding: [{ code: '8480-6' }] }, valueQuantity: { value: 121, code: 'mm[Hg]' } },
        { code: { coding: [{ code: '8462-4' }] }, valueQuantity: { value: 79, code: 'mm[Hg]' } },
      ],
    });
    expect(byCode['85354-9']!.valueQuantity).toBeUndefined();
    // A person's observation is final; a device's is preliminary; each says where it came from.
    expect(byCode['8867-4']).toMatchObject({ status: 'final', meta: { tag: [{ code: 'observation' }] } });
    const cuff = list.find((o) => o.device?.display === 'Omron X')!;
    expect(cuff).toMatchObject({ status: 'preliminary', meta: { tag: [{ code: 'device' }] } });
  });

  it('never exports demo patients or their values, and marks a wearable summary as not a current vital sign', async () => {
    const ward = (
      await t.app.inject({ method: 'GET', url: '/api/patients', headers: { cookie: admin.cookie } })
    ).json() as { id: number; isDemo: boolean }[];
    const demoIds = ward.filter((p) => p.isDemo).map((p) => String(p.id));
    expect(demoIds.length).toBeGreaterThan(0);
    const patients = resources((await get('/fhir/R4/Patient?_count=1000')).body);
    expect(patients.map((p) => p.id).sort()).toEqual([String(patientId), String(otherId)].sort());
    expect((await get(`/fhir/R4/Patient/${demoIds[0]}`)).status).toBe(404);
    const everyObservation = resources((await get('/fhir/R4/Observation?_count=1000')).body) as Observation[];
    expect(everyObservation.filter((o) => demoIds.includes(o.subject!.reference!.split('/')[1]!))).toEqual(
      [],
    );
    expect(
      everyObservation.filter((o) =>
        o.meta?.tag?.some((tag) => tag.code === 'demo' || tag.code === 'simulation'),
      ),
    ).toEqual([]);
    const all = resources(
      (await get(`/fhir/R4/Observation?patient=${patientId}&_count=1000`)).body,
    ) as Observation[];
    expectValid(all);
    const whoop = all.filter((o) => o.device?.display === 'WHOOP');
    expect(whoop.map((o) => o.code.coding![0]!.code).sort()).toEqual(['39106-0', '8867-4']);
    for (const summary of whoop) {
      expect(summary.category).toBeUndefined();
      expect(summary.meta!.profile).toBeUndefined();
      expect(summary.meta!.tag).toEqual([expect.objectContaining({ code: 'wearable-summary' })]);
    }
    const vitalSigns = resources(
      (await get(`/fhir/R4/Observation?patient=${patientId}&category=vital-signs&_count=1000`)).body,
    ) as Observation[];
    expect(vitalSigns.some((o) => o.device?.display === 'WHOOP')).toBe(false);
  });

  it('gives the NEWS2 total of a complete set only, coded as NHS England codes it', async () => {
    const news2 = resources(
      (await get(`/fhir/R4/Observation?patient=${patientId}&code=http://snomed.info/sct|1104051000000101`))
        .body,
    ) as Observation[];
    // The 06:00 set, and the admission's (at 08:00): both complete.
    expect(news2.map((o) => o.effectiveDateTime)).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-02T06:00:00.000Z',
    ]);
    expect(news2[1]).toMatchObject({
      category: [{ coding: [{ code: 'survey' }] }],
      valueQuantity: { value: 0, code: '{score}' },
      effectiveDateTime: '2026-03-02T06:00:00.000Z',
    });
    expectValid(news2);
  });

  it('gives each SpO2 the NEWS2 SpO2 scale in force when it was measured, and scores its total on it', async () => {
    const admitted = await admitPatient(t.app, admin.cookie, { name: 'Edith Scale' });
    const id = admitted.id;
    const minutes = (m: number) => new Date(t.clock.now().getTime() + m * 60_000).toISOString();
    // SpO2 90 % on air: 3 on scale 1, 0 on scale 2 (RCP NEWS2 2017).
    const set = { ...FULL_SET, oxygenLevel: 90, connectionType: 'Manual' };
    await recordReadings(t.app, admin, { patientId: id, readingTime: minutes(-60), ...set });
    const patch = (spo2Scale: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/patients/${id}`,
        headers: { cookie: admin.cookie },
        payload: { spo2Scale },
      });
    expect((await patch(2)).statusCode).toBe(200);
    t.clock.advance(60_000);
    await recordReadings(t.app, admin, { patientId: id, readingTime: minutes(0), ...set });
    t.clock.advance(60_000);
    // A later change back does not rewrite what the second set was measured under.
    expect((await patch(1)).statusCode).toBe(200);

    // The two sets above; the admission's own set (SpO2 97) is another reading.
    const search = async (code: string) =>
      (
        resources(
          (await get(`/fhir/R4/Observation?patient=${id}&code=${code}&_sort=date`)).body,
        ) as Observation[]
      ).filter((o) => o.effectiveDateTime !== admitted.lastUpdated);
    const spo2 = await search('http://loinc.org|2708-6');
    expectValid(spo2);
    expect(spo2.map((o) => [o.valueQuantity?.value, o.extension, o.note?.[0]?.text])).toEqual([
      [90, [{ url: 'urn:vigil:news2-spo2-scale', valueInteger: 1 }], 'NEWS2 SpO2 scale 1'],
      [
        90,
        [{ url: 'urn:vigil:news2-spo2-scale', valueInteger: 2 }],
        'NEWS2 SpO2 scale 2: prescribed target 88–92 % (hypercapnic respiratory failure)',
      ],
    ]);
    const news2 = await search('http://snomed.info/sct|1104051000000101');
    expectValid(news2);
    expect(news2.map((o) => [o.valueQuantity?.value, o.note?.[0]?.text])).toEqual([
      [3, 'SpO2 scale 1; low-medium clinical risk'],
      [0, 'SpO2 scale 2; low clinical risk'],
    ]);
  });

  it('pages with next links, in date order either way, without losing or repeating one', async () => {
    const everything = resources(
      (await get(`/fhir/R4/Observation?patient=${patientId}&_count=1000&_sort=date`)).body,
    );
    let url: string | undefined = `/fhir/R4/Observation?patient=${patientId}&_count=2&_sort=date`;
    const paged: Resource[] = [];
    let pages = 0;
    while (url) {
      const page = (await get(url)).body as Bundle;
      expect(page.entry?.length ?? 0).toBeLessThanOrEqual(2);
      paged.push(...resources(page));
      const next = page.link?.find((l) => l.relation === 'next')?.url;
      url = next ? new URL(next).pathname + new URL(next).search : undefined;
      pages++;
    }
    expect(pages).toBe(Math.ceil(everything.length / 2));
    expect(paged.map((r) => r.id)).toEqual(everything.map((r) => r.id));
    const newestFirst = resources(
      (await get(`/fhir/R4/Observation?patient=${patientId}&_count=1000&_sort=-date`)).body,
    ) as Observation[];
    const times = newestFirst.map((o) => o.effectiveDateTime!);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('searches by code and by date ranges', async () => {
    const pulses = resources(
      (await get(`/fhir/R4/Observation?patient=${patientId}&code=http://loinc.org|8867-4`)).body,
    ) as Observation[];
    // The four sent at 06:xx and the admission's pulse of 70.
    expect(pulses.map((o) => o.valueQuantity!.value).sort()).toEqual([54, 70, 72, 76, 88]);
    const window = resources(
      (
        await get(
          `/fhir/R4/Observation?patient=${patientId}&code=8867-4&date=ge2026-03-02T06:05:00Z&date=lt2026-03-02T06:35:00Z`,
        )
      ).body,
    ) as Observation[];
    expect(window.map((o) => o.valueQuantity!.value).sort()).toEqual([54, 88]);
    const day = resources(
      (await get(`/fhir/R4/Observation?code=8867-4&date=ge2026-03-02T06:00:00Z&date=lt2026-03-02T07:00:00Z`))
        .body,
    );
    expect(day).toHaveLength(5); // both patients' pulses of that hour; the demo ward's are not exported
    const none = resources((await get(`/fhir/R4/Observation?code=8867-4&date=lt2026-03-01`)).body);
    expect(none).toEqual([]);
    const bad = await get('/fhir/R4/Observation?date=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.resourceType).toBe('OperationOutcome');
  });

  it('reads one Observation by id', async () => {
    const [first] = resources(
      (await get(`/fhir/R4/Observation?patient=${patientId}&code=85354-9&_count=1`)).body,
    );
    const read = await get(`/fhir/R4/Observation/${first!.id}`);
    expect(read.body).toEqual(first);
    expect((await get('/fhir/R4/Observation/999999-heart-rate')).status).toBe(404);
  });
});

describe('Patient/$everything and Device', () => {
  it("gives one patient's record, devices and observations, all valid", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/device-links',
      headers: { cookie: admin.cookie },
      payload: { patientId, deviceId: 'cuff-1', deviceName: 'Omron X', connectionType: 'Bluetooth' },
    });
    const res = await get(`/fhir/R4/Patient/${patientId}/$everything`);
    expect(res.status).toBe(200);
    const list = resources(res.body);
    expect(list[0]).toMatchObject({ resourceType: 'Patient', id: String(patientId) });
    expect(list.filter((r) => r.resourceType === 'Device')).toEqual([
      expect.objectContaining({
        identifier: [{ system: 'urn:vigil:device-id', value: 'cuff-1' }],
        status: 'active',
      }),
    ]);
    expect(list.filter((r) => r.resourceType === 'Observation').length).toBeGreaterThan(8);
    expect(list.some((r) => (r as Observation).subject?.reference === `Patient/${otherId}`)).toBe(false);
    expectValid([res.body, ...list]);
    const devices = await get(`/fhir/R4/Device?patient=${patientId}`);
    expect(resources(devices.body)).toHaveLength(1);
  });
});

describe('validation', () => {
  it('fails an Observation with a wrong unit or without its category', async () => {
    const [heart] = resources(
      (await get(`/fhir/R4/Observation?patient=${patientId}&code=8867-4&_count=1`)).body,
    ) as Observation[];
    expect(fhirProblems(heart!)).toEqual([]);
    const wrongUnit = structuredClone(heart!);
    wrongUnit.valueQuantity!.code = '{beats}/min';
    expect(fhirProblems(wrongUnit).join('\n')).toMatch(/unit \{beats\}\/min is not allowed/);
    const noCategory = structuredClone(heart!);
    delete noCategory.category;
    expect(fhirProblems(noCategory).length).toBeGreaterThan(0);
    const [temperature] = resources(
      (await get(`/fhir/R4/Observation?patient=${patientId}&code=8310-5&_count=1`)).body,
    ) as Observation[];
    const fahrenheitTenths = structuredClone(temperature!);
    fahrenheitTenths.valueQuantity = {
      value: 986,
      unit: 'tenths of °F',
      system: 'http://unitsofmeasure.org',
      code: '[degF]/10',
    };
    expect(fhirProblems(fahrenheitTenths).length).toBeGreaterThan(0);
  });
});

describe('access and audit', () => {
  it('answers without a session 401, and a role without patients:read 403, as OperationOutcome', async () => {
    const anonymous = await get(`/fhir/R4/Patient/${patientId}`, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'login' }] });
    const auditor = await signUpAs(t.app, admin.cookie, 'auditor');
    const refused = await get(`/fhir/R4/Observation?patient=${patientId}`, auditor);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'forbidden' }] });
    const export_ = await get('/fhir/R4/$export', nurse, { prefer: 'respond-async' });
    expect(export_.status).toBe(403);
    expect((export_.body as OperationOutcome).issue[0]!.diagnostics).toContain('patients:export');
  });

  it('records the reads in the audit trail, ids only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit-events?patientId=${patientId}`,
      headers: { cookie: admin.cookie },
    });
    const rows = res.json() as { entityType: string; detail: string | null; username: string }[];
    expect(rows.some((r) => r.entityType === 'Observation' && /^FHIR search/.test(r.detail ?? ''))).toBe(
      true,
    );
    expect(JSON.stringify(rows)).not.toContain('Lovelace');
  });
});

let firstExport: string;
describe('Bulk Data $export by an administrator', () => {
  async function exportOf(query: string) {
    const kickOff = await t.app.inject({
      method: 'GET',
      url: `/fhir/R4/Patient/$export${query}`,
      headers: { cookie: admin.cookie, prefer: 'respond-async', accept: 'application/fhir+json' },
    });
    expect(kickOff.statusCode, kickOff.body).toBe(202);
    const status = new URL(String(kickOff.headers['content-location'])).pathname;
    let manifest: { output: { type: string; url: string; count: number }[] } | undefined;
    await vi.waitFor(
      async () => {
        const res = await t.app.inject({ method: 'GET', url: status, headers: { cookie: admin.cookie } });
        expect(res.statusCode).toBe(200);
        manifest = res.json();
      },
      { timeout: 10_000, interval: 50 },
    );
    return { status, manifest: manifest! };
  }
  const download = async (url: string, session = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: new URL(url).pathname,
      headers: { cookie: session.cookie },
    });
    return {
      status: res.statusCode,
      lines:
        res.statusCode === 200
          ? res.body
              .trim()
              .split('\n')
              .map((l) => JSON.parse(l) as Resource)
          : [],
    };
  };

  it('writes NDJSON files of the types asked, since a time, that expire', async () => {
    const { manifest } = await exportOf('?_type=Observation,Device');
    expect(manifest.output.map((o) => o.type).sort()).toEqual(['Device', 'Observation']);
    const observations = (await download(manifest.output.find((o) => o.type === 'Observation')!.url)).lines;
    expect(observations.length).toBe(manifest.output.find((o) => o.type === 'Observation')!.count);
    expect(observations.some((o) => (o as Observation).meta?.tag?.some((tag) => tag.code === 'demo'))).toBe(
      false,
    );
    expectValid(observations);
    // Another person may not read someone else's export.
    expect((await download(manifest.output[0]!.url, nurse)).status).toBe(403);

    // Nothing was stored after a moment in the future.
    const later = await exportOf(`?_type=Observation&_since=${encodeURIComponent('2999-01-01T00:00:00Z')}`);
    expect(later.manifest.output).toEqual([]);

    firstExport = manifest.output[0]!.url;
  });

  it('needs Prefer: respond-async and known types', async () => {
    const noPrefer = await get('/fhir/R4/$export', admin);
    expect(noPrefer.status).toBe(400);
    expect((noPrefer.body as OperationOutcome).issue[0]!.diagnostics).toContain('Prefer: respond-async');
    const badType = await get('/fhir/R4/$export?_type=Encounter', admin, { prefer: 'respond-async' });
    expect(badType.status).toBe(400);
    expect((badType.body as OperationOutcome).issue[0]!.diagnostics).toContain('Encounter');
  });

  it('is cancelled by its requester with DELETE on its status URL: 202, its files gone, then 404', async () => {
    const { status, manifest } = await exportOf('?_type=Observation');
    const [file] = manifest.output;
    expect((await download(file!.url)).status).toBe(200);
    const cancel = (session: Session) =>
      t.app.inject({ method: 'DELETE', url: status, headers: { cookie: session.cookie } });

    // Another person: a nurse may not export at all; another administrator is not its requester.
    const nurseCancel = await cancel(nurse);
    expect(nurseCancel.statusCode).toBe(403);
    expect(nurseCancel.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'forbidden' }],
    });
    const otherAdmin = await signUpAs(t.app, admin.cookie, 'administrator');
    const otherCancel = await cancel(otherAdmin);
    expect(otherCancel.statusCode).toBe(404);
    expect(otherCancel.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'not-found' }],
    });
    const polled = await t.app.inject({ method: 'GET', url: status, headers: { cookie: admin.cookie } });
    expect(polled.statusCode).toBe(200);
    expect((await download(file!.url)).status).toBe(200);

    const cancelled = await cancel(admin);
    expect(cancelled.statusCode).toBe(202);
    const jobId = status.split('/').at(-1)!;
    expect(await t.count(sql`select count(*)::int as n from fhir_export_files where job_id = ${jobId}`)).toBe(
      0,
    );
    expect((await download(file!.url)).status).toBe(404);
    const after = await t.app.inject({ method: 'GET', url: status, headers: { cookie: admin.cookie } });
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-found' }] });
    expect((await cancel(admin)).statusCode).toBe(404);
    expect(
      await t.count(
        sql`select count(*)::int as n from audit_events where entity_type = 'BulkExport' and entity_id = ${jobId} and action = 'delete' and user_id = ${admin.user.id}`,
      ),
    ).toBe(1);
  });

  // Last: the clock moves on an hour, past every session of this file.
  it('lets its files expire an hour after the export completed', async () => {
    expect((await download(firstExport)).status).toBe(200);
    t.clock.advance(61 * 60_000);
    const again = await signIn(t.app, admin.user.username);
    const expired = await download(firstExport, again);
    expect(expired.status).toBe(404);
  });
});
