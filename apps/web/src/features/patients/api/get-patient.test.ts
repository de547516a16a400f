import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client.ts';
import { getPatientQueryOptions } from './get-patient.ts';

const retry = getPatientQueryOptions(7).retry as (failureCount: number, error: Error) => boolean;

describe('the patient query', () => {
  it('retries twice, but never a 404, judged by the status the error carries', () => {
    const unavailable = new HttpError(503, '503: Service Unavailable', null, '');
    expect(retry(0, unavailable)).toBe(true);
    expect(retry(1, unavailable)).toBe(true);
    expect(retry(2, unavailable)).toBe(false);
    expect(retry(0, new HttpError(404, '404: Patient not found', 'Patient not found', ''))).toBe(false);
    // A message that merely starts like one is not a 404.
    expect(retry(0, new Error('404: in the text only'))).toBe(true);
  });
});
