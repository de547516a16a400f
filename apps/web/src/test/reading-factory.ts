import type { VitalReading } from '@vigil/domain';

/**
 * A stored reading as the server answers it, for the web's unit tests: a nurse's observation with
 * no value until the test gives some, created when it was taken.
 */
export function makeReading(over: Partial<VitalReading> = {}): VitalReading {
  const readingTime = over.readingTime ?? '2026-03-02T08:00:00.000Z';
  return {
    id: 1,
    patientId: 1,
    deviceId: null,
    deviceName: null,
    connectionType: null,
    readingTime,
    heartRate: null,
    oxygenLevel: null,
    systolicBP: null,
    diastolicBP: null,
    temperature: null,
    skinTemperature: null,
    respiratoryRate: null,
    consciousness: null,
    onSupplementalOxygen: null,
    batteryLevel: null,
    steps: null,
    sleepHours: null,
    recordedBy: null,
    createdAt: readingTime,
    provenance: 'observation',
    windowStart: null,
    windowEnd: null,
    status: 'valid',
    corrects: null,
    correction: null,
    ...over,
  };
}
