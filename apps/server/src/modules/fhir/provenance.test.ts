import { READING_PROVENANCES } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { observationsOfReading } from './mappers.ts';
import { fhirProvenance } from './provenance.ts';

describe('how a reading’s provenance maps to FHIR', () => {
  it.each([
    ['observation', { exported: true, vitalSigns: true, status: 'final' }],
    ['device', { exported: true, vitalSigns: true, status: 'preliminary' }],
    ['wearable-summary', { exported: true, vitalSigns: false, status: 'preliminary' }],
    ['simulation', { exported: false }],
    ['demo', { exported: false }],
  ] as const)('%s → %o', (provenance, expected) => {
    expect(fhirProvenance(provenance)).toMatchObject(expected);
  });

  it('decides every class the ingest gives', () => {
    for (const provenance of READING_PROVENANCES) expect(fhirProvenance(provenance)).toBeDefined();
  });

  const reading = {
    id: 7,
    patientId: 3,
    readingTime: new Date('2026-03-02T07:00:00Z'),
    createdAt: new Date('2026-03-02T07:00:01Z'),
    deviceId: null,
    deviceName: null,
    connectionType: null,
    windowStart: null,
    windowEnd: null,
    heartRate: 61,
  };

  it('gives no Observation at all of a simulated or demo reading', () => {
    expect(observationsOfReading({ ...reading, provenance: 'simulation' })).toEqual([]);
    expect(observationsOfReading({ ...reading, provenance: 'demo' })).toEqual([]);
    expect(observationsOfReading({ ...reading, provenance: 'observation' })).toHaveLength(1);
  });

  it('dates a wearable summary over the window it describes, without the vital-signs category', () => {
    const [summary] = observationsOfReading({
      ...reading,
      provenance: 'wearable-summary',
      windowStart: new Date('2026-03-01T23:10:00Z'),
      windowEnd: new Date('2026-03-02T06:40:00Z'),
    });
    expect(summary).toMatchObject({
      status: 'preliminary',
      effectivePeriod: { start: '2026-03-01T23:10:00.000Z', end: '2026-03-02T06:40:00.000Z' },
      meta: { tag: [{ system: 'urn:vigil:reading-provenance', code: 'wearable-summary' }] },
    });
    expect(summary!.category).toBeUndefined();
    expect(summary!.effectiveDateTime).toBeUndefined();
  });
});
