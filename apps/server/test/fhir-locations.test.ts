import { Ward } from '@vigil/domain';
import type { Bundle, Group, Location, Observation, Resource } from 'fhir/r4';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, type Session, signUp, signUpAs } from './support/factories.ts';
import { fhirProblems } from './support/fhir-validation.ts';

/**
 * The wards as FHIR Locations (issue 43, decision 035): read and searched, in the
 * CapabilityStatement, named by Patient and Observation searches (`location`), and a person of some
 * wards sees their own wards' Locations only.
 */
let t: TestApp;
let admin: Session;
let wardB: Ward;
let onA: number;
let onB: number;
const people: Record<string, Session> = {};

const fhir = async (who: Session | null, u: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/fhir/R4/${u}`,
    headers: who ? { cookie: who.cookie } : {},
  });
  return { status: res.statusCode, body: res.json() as Answer };
};
/** A Bundle, or a resource read, or an OperationOutcome. */
type Answer = Omit<Bundle, 'resourceType'> & { resourceType: string };
const ids = (bundle: Answer) => (bundle.entry ?? []).map((e) => e.resource!.id);
const subjects = (bundle: Answer) =>
  new Set((bundle.entry ?? []).map((e) => (e.resource as Observation).subject?.reference));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app);
  const created = await t.as(admin, 'POST', '/api/wards', { name: 'Ward 8 East', code: 'w8e' });
  expect(created.statusCode).toBe(201);
  wardB = Ward.parse(created.json());
  for (const [name, wards] of [
    ['nurseA', [1]],
    ['nurseB', [wardB.id]],
  ] as const) {
    people[name] = await signUpAs(t.app, admin.cookie, 'nurse');
    const res = await t.as(admin, 'PUT', `/api/accounts/${people[name]!.user.id}/wards`, { wardIds: wards });
    expect(res.statusCode).toBe(200);
  }
  people.outreach = await signUpAs(t.app, admin.cookie, 'outreach');
  onA = (await admitPatient(t.app, people.nurseA!.cookie, { name: 'Ada Ward-One' })).id;
  onB = (await admitPatient(t.app, people.nurseB!.cookie, { name: 'Bea Ward-Eight' })).id;
});
afterAll(() => t.close());

describe('a ward as a Location', () => {
  it('is read and searched, as a valid Location of a ward', async () => {
    const read = await fhir(admin, `Location/${wardB.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      resourceType: 'Location',
      id: String(wardB.id),
      name: 'Ward 8 East',
      status: 'active',
      mode: 'instance',
      identifier: [{ system: 'urn:vigil:ward-code', value: 'W8E' }],
      physicalType: { coding: [{ code: 'wa' }] },
    });
    expect(fhirProblems(read.body as unknown as Location)).toEqual([]);
    const all = await fhir(admin, 'Location');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual(['1', String(wardB.id)]);
    expect(all.body.total).toBe(2);
    expect(ids((await fhir(admin, 'Location?identifier=w8e')).body)).toEqual([String(wardB.id)]);
    expect(ids((await fhir(admin, 'Location?identifier=urn:vigil:ward-code|W1')).body)).toEqual(['1']);
    expect(ids((await fhir(admin, 'Location?name=east')).body)).toEqual([String(wardB.id)]);
    expect(ids((await fhir(admin, `Location?_id=${wardB.id}`)).body)).toEqual([String(wardB.id)]);
    // Paged by id with a next link.
    const first = await fhir(admin, 'Location?_count=1');
    expect(ids(first.body)).toEqual(['1']);
    const next = first.body.link!.find((l) => l.relation === 'next')!.url;
    expect(ids((await fhir(admin, next.slice(next.indexOf('/fhir/R4/') + 9))).body)).toEqual([
      String(wardB.id),
    ]);
    expect((await fhir(admin, 'Location/99999')).status).toBe(404);
    expect((await fhir(admin, 'Location?city=Leeds')).status).toBe(400);
  });

  it('is only her wards’ for a person of some wards: another ward’s read is 404', async () => {
    expect(ids((await fhir(people.nurseA!, 'Location')).body)).toEqual(['1']);
    expect((await fhir(people.nurseA!, 'Location/1')).status).toBe(200);
    const other = await fhir(people.nurseA!, `Location/${wardB.id}`);
    expect(other.status).toBe(404);
    expect(other.body.resourceType).toBe('OperationOutcome');
    expect(ids((await fhir(people.nurseA!, 'Location?identifier=W8E')).body)).toEqual([]);
    expect(ids((await fhir(people.nurseB!, 'Location')).body)).toEqual([String(wardB.id)]);
    // The outreach team sees every ward; no one signed in, none.
    expect(ids((await fhir(people.outreach!, 'Location')).body)).toEqual(['1', String(wardB.id)]);
    expect((await fhir(people.outreach!, `Location/${wardB.id}`)).status).toBe(200);
    expect((await fhir(null, 'Location/1')).status).toBe(401);
  });

  it('is in the CapabilityStatement, and a search parameter of Patient and Observation', async () => {
    const { body } = await fhir(null, 'metadata');
    type Rest = { type: string; interaction: { code: string }[]; searchParam?: { name: string }[] };
    const resources = (body as unknown as { rest: { resource: Rest[] }[] }).rest[0]!.resource;
    const location = resources.find((r) => r.type === 'Location')!;
    expect(location.interaction.map((i) => i.code)).toEqual(['read', 'search-type']);
    for (const type of ['Patient', 'Observation'])
      expect(resources.find((r) => r.type === type)!.searchParam!.map((p) => p.name)).toContain('location');
    expect(fhirProblems(body as unknown as Resource)).toEqual([]);
  });
});

describe('Patient and Observation searches by ward (location)', () => {
  it('find the patients on a ward now, and their observations', async () => {
    const onWardB = await fhir(admin, `Patient?location=Location/${wardB.id}`);
    expect(onWardB.status).toBe(200);
    expect(ids(onWardB.body)).toEqual([String(onB)]);
    const onWard1 = ids((await fhir(admin, 'Patient?location=1')).body);
    expect(onWard1).toContain(String(onA));
    expect(onWard1).not.toContain(String(onB));
    // A comma is "either ward"; the parameter repeated is "both" (no patient lies on two).
    const either = ids((await fhir(admin, `Patient?location=Location/1,Location/${wardB.id}`)).body);
    expect(either).toEqual(expect.arrayContaining([String(onA), String(onB)]));
    expect(ids((await fhir(admin, `Patient?location=1&location=${wardB.id}`)).body)).toEqual([]);
    expect(ids((await fhir(admin, `Patient?location=Location/${wardB.id}&name=ada`)).body)).toEqual([]);

    const observations = await fhir(admin, `Observation?location=Location/${wardB.id}&_count=1000`);
    expect(observations.status).toBe(200);
    expect(subjects(observations.body)).toEqual(new Set([`Patient/${onB}`]));
    const count = await fhir(admin, `Observation?location=Location/${wardB.id}&_summary=count`);
    expect(count.body.total).toBe(observations.body.entry!.length);
    expect(
      subjects((await fhir(admin, `Observation?location=1&_count=1000`)).body).has(`Patient/${onB}`),
    ).toBe(false);
    // She moves: she is found on the ward she lies on now.
    const moved = await t.as(admin, 'POST', `/api/patients/${onB}/transfer`, { wardId: 1 });
    expect(moved.statusCode).toBe(200);
    expect(ids((await fhir(admin, `Patient?location=Location/${wardB.id}`)).body)).toEqual([]);
    expect(ids((await fhir(admin, 'Patient?location=Location/1')).body)).toContain(String(onB));
    const back = await t.as(admin, 'POST', `/api/patients/${onB}/transfer`, { wardId: wardB.id });
    expect(back.statusCode).toBe(200);
  });

  it('find nothing on a ward the person does not see, and refuse what is not a Location', async () => {
    const nurseA = people.nurseA!;
    expect(ids((await fhir(nurseA, `Patient?location=Location/${wardB.id}`)).body)).toEqual([]);
    expect((await fhir(nurseA, `Observation?location=Location/${wardB.id}`)).body.entry ?? []).toEqual([]);
    expect((await fhir(nurseA, `Observation?location=Location/${wardB.id}&_summary=count`)).body.total).toBe(
      0,
    );
    // Her own ward, and both named: hers only.
    expect(ids((await fhir(nurseA, `Patient?location=1,${wardB.id}`)).body)).toEqual([String(onA)]);
    expect(subjects((await fhir(nurseA, 'Observation?location=Location/1')).body)).toEqual(
      new Set([`Patient/${onA}`]),
    );
    for (const bad of ['Ward/1', 'Location/x', ''])
      expect((await fhir(nurseA, `Patient?location=${bad}`)).status, bad).toBe(400);
  });
});

describe('a ward as a Group of its patients', () => {
  it('reads each ward’s Group with its patients and Location, and another ward’s as unknown', async () => {
    const groupB = await fhir(people.nurseB!, `Group/ward-${wardB.id}`);
    expect(groupB.status).toBe(200);
    const b = groupB.body as unknown as Group;
    expect(b.name).toBe('Ward 8 East');
    expect(b.member?.map((m) => m.entity.reference)).toEqual([`Patient/${onB}`]);
    expect(b.characteristic?.[0]?.valueReference?.reference).toBe(`Location/${wardB.id}`);
    expect(fhirProblems(b as unknown as Resource)).toEqual([]);
    // Ward A's Group is not hers: as unknown as a ward that does not exist.
    expect((await fhir(people.nurseB!, 'Group/ward-1')).status).toBe(404);
    expect((await fhir(people.nurseB!, 'Group/ward-99999')).status).toBe(404);
    const all = (await fhir(admin, 'Group/ward-1')).body as unknown as Group;
    expect(all.member?.map((m) => m.entity.reference)).toContain(`Patient/${onA}`);
    expect(all.member?.map((m) => m.entity.reference)).not.toContain(`Patient/${onB}`);
  });

  it('lists the Groups a person sees: every ward of hers, and the whole', async () => {
    const mine = await fhir(people.nurseB!, 'Group');
    expect(ids(mine.body)).toEqual(['ward', `ward-${wardB.id}`]);
    const hospital = await fhir(admin, 'Group');
    expect(ids(hospital.body)).toEqual(['ward', 'ward-1', `ward-${wardB.id}`]);
    expect(ids((await fhir(admin, `Group?_id=ward-${wardB.id}`)).body)).toEqual([`ward-${wardB.id}`]);
  });

  it('exports one ward’s patients', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/fhir/R4/Group/ward-${wardB.id}/$export?_type=Patient`,
      headers: { cookie: admin.cookie, prefer: 'respond-async' },
    });
    expect(res.statusCode).toBe(202);
    const status = String(res.headers['content-location']).replace(/^.*\/fhir\/R4\//, '');
    let manifest: { output: { url: string }[] } | undefined;
    await vi.waitFor(
      async () => {
        const poll = await t.app.inject({
          method: 'GET',
          url: `/fhir/R4/${status}`,
          headers: { cookie: admin.cookie },
        });
        expect(poll.statusCode).toBe(200);
        manifest = poll.json();
      },
      { timeout: 20_000, interval: 50 },
    );
    const file = manifest!.output[0]!.url.replace(/^.*\/fhir\/R4\//, '');
    const ndjson = (
      await t.app.inject({ method: 'GET', url: `/fhir/R4/${file}`, headers: { cookie: admin.cookie } })
    ).body;
    expect(
      ndjson
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual([String(onB)]);
  });
});
