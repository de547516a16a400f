import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import type { PatientRepository } from './repository.ts';
import { createPatientService } from './service.ts';

/** The patients service over a fake repository whose only history is one vitals edit. */
function timelineOfEdit(data: Record<string, { from: unknown; to: unknown }>) {
  const repo = {
    get: async (id: number) => ({ id, spo2Scale: 1 }),
    timelineSources: async () => ({
      events: [{ id: 1, type: 'vitals-updated', data, createdAt: new Date('2026-03-02T08:00:00Z') }],
      scaleChanges: [],
      notes: [],
      completedTreatments: [],
      observations: [],
      alerts: [],
      medications: [],
      deviceLinks: [],
      handovers: [],
      bedMoves: [],
    }),
  } as unknown as PatientRepository;
  const service = createPatientService({
    repo,
    clock: manualClock(),
    liveEvents: { record: async () => [], committed: () => {} },
    audit: { record: async () => 0, recordIn: async () => 0 },
    alerts: { onPatientChanged: async () => [] },
    ingest: { recordIn: async () => ({ events: [], stored: { count: 0, readings: [] } }) },
  });
  return service.timeline(1);
}

describe('the timeline of a vitals edit', () => {
  it.each([
    ['oxygenLevel', 97, 'Recorded SpO2 97%.'],
    ['pulse', 128, 'Recorded pulse 128 bpm.'],
    ['systolicBP', 120, 'Recorded systolic 120 mmHg.'],
    ['diastolicBP', 80, 'Recorded diastolic 80 mmHg.'],
    ['temperature', 986, 'Recorded temperature 37.0 °C.'],
    ['temperature', 1013, 'Recorded temperature 38.5 °C.'],
    ['respiratoryRate', 18, 'Recorded respiratory rate 18/min.'],
    ['consciousness', 'C', 'Recorded consciousness C.'],
    ['onSupplementalOxygen', true, 'Recorded on supplemental oxygen.'],
    ['onSupplementalOxygen', false, 'Recorded on room air.'],
  ])('describes %s = %j as "%s"', async (field, to, text) => {
    const [entry] = await timelineOfEdit({ [field]: { from: null, to } });
    expect(entry).toMatchObject({ type: 'vitals-updated', title: 'Vital signs updated', description: text });
  });

  it('lists several changes in the order they were stored', async () => {
    const [entry] = await timelineOfEdit({
      oxygenLevel: { from: 95, to: 97 },
      pulse: { from: 90, to: 80 },
      temperature: { from: 1000, to: 986 },
    });
    expect(entry?.description).toBe('Recorded SpO2 97%, pulse 80 bpm, temperature 37.0 °C.');
  });
});
