import { BP_ORDER_MESSAGE } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, type Session, signUp } from './support/factories.ts';

// Issue 40, item 9: the smaller findings of the third walk whose proof is the API's.

let t: TestApp;
let nurse: Session;
beforeAll(async () => {
  t = await createTestApp();
  nurse = await signUp(t.app);
});
afterAll(() => t.close());

describe('"Record observations" accepts diastolic above systolic (60/90) with no message', () => {
  it('refuses 60/90 with a message naming the diastolic, and stores nothing', async () => {
    const patient = await admitPatient(t.app, nurse.cookie);
    const before = (await t.as(nurse, 'GET', `/api/patients/${patient.id}/readings`)).json().readings.length;
    const res = await t.as(nurse, 'POST', '/api/device-readings', {
      patientId: patient.id,
      deviceName: 'Ward observations',
      connectionType: 'manual',
      readingTime: t.clock.now().toISOString(),
      systolicBP: 60,
      diastolicBP: 90,
      heartRate: 80,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`diastolicBP: ${BP_ORDER_MESSAGE}`);
    expect((await t.as(nurse, 'GET', `/api/patients/${patient.id}/readings`)).json().readings).toHaveLength(
      before,
    );
  });
});
