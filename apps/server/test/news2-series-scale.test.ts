import { WardBoard, WardLayout } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { admitPatient, recordReadings, type Session, signUp } from './support/factories.ts';

let t: TestApp;
let nurse: Session;
beforeAll(async () => {
  t = await createTestApp();
  nurse = await signUp(t.app);
});
afterAll(() => t.close());

const minutesAgo = (n: number) => new Date(t.clock.now().getTime() - n * 60_000).toISOString();

describe('the NEWS2 series across a change of SpO2 scale', () => {
  it('scores each reading on the scale in force when it was measured', async () => {
    // Admitted with SpO2 90 % on air: 3 points on Scale 1, none on Scale 2 (a documented 88–92 %
    // target). The admission's set is the series' first reading.
    const patient = await admitPatient(t.app, nurse.cookie, {
      spo2Scale: 1,
      oxygenLevel: 90,
      onSupplementalOxygen: false,
    });
    t.clock.advance(10 * 60_000);
    expect((await t.as(nurse, 'PATCH', `/api/patients/${patient.id}`, { spo2Scale: 2 })).statusCode).toBe(
      200,
    );
    t.clock.advance(10 * 60_000);
    await recordReadings(t.app, nurse, {
      patientId: patient.id,
      readingTime: minutesAgo(0),
      oxygenLevel: 90,
      onSupplementalOxygen: false,
    });

    const series = (await t.as(nurse, 'GET', `/api/patients/${patient.id}/news2-series`)).json();
    expect(series.map((p: { total: number }) => p.total)).toEqual([3, 0]);
    // The ward board's arrow is drawn from the same two ends.
    const layout = WardLayout.parse(
      (
        await t.as(nurse, 'PUT', '/api/ward/layout', { bays: [{ name: 'Bay A', beds: [{ label: 'A1' }] }] })
      ).json(),
    );
    const bed = layout.bays[0]!.beds[0]!;
    expect((await t.as(nurse, 'PUT', `/api/patients/${patient.id}/bed`, { bedId: bed.id })).statusCode).toBe(
      200,
    );
    const board = WardBoard.parse((await t.as(nurse, 'GET', '/api/ward/board')).json());
    const onBoard = board.bays.flatMap((bay) => bay.beds).find((b) => b.id === bed.id)!;
    expect(onBoard.news2Trend).toEqual({ direction: 'falling', from: 3, to: 0 });
    // The scale now is the patient's, and so is the NEWS2 on the record.
    const record = (await t.as(nurse, 'GET', `/api/patients/${patient.id}`)).json();
    expect(record.spo2Scale).toBe(2);
  });
});
