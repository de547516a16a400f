import { describe, expect, it } from 'vitest';
import { readCallbackResult } from './callback-result.ts';

describe('readCallbackResult', () => {
  it('reports the error the server sent back', () => {
    expect(readCallbackResult('?error=access_denied&patientId=7')).toEqual({
      status: 'error',
      message: 'Authentication failed: access_denied',
      patientId: 7,
      hint: 'Access was not allowed in WHOOP. Connect again and allow access to link the patient.',
    });
  });

  it('says what to do after a session that ended while WHOOP was open', () => {
    expect(readCallbackResult('?error=session_expired')).toMatchObject({
      status: 'error',
      message: 'Authentication failed: session_expired',
      hint: expect.stringContaining('Sign in, then connect WHOOP again'),
    });
    // Only Vigil's own codes carry a hint; nothing inherited from Object.prototype.
    expect(readCallbackResult('?error=toString')).not.toHaveProperty('hint');
  });

  it('shows only a known error code, never text the address carried', () => {
    expect(readCallbackResult('error=invalid_state')).toEqual({
      status: 'error',
      message: 'Authentication failed: invalid_state',
      patientId: null,
    });
    for (const spoof of ['error=invalid%20state', 'error=Your%20session%20expired%2C%20call%20555-0100']) {
      expect(readCallbackResult(spoof)).toEqual({
        status: 'error',
        message: 'Authentication failed: authorization_failed',
        patientId: null,
      });
    }
  });

  it('succeeds only when the server stored the connection', () => {
    expect(readCallbackResult('?outcome=connected&patientId=12')).toEqual({
      status: 'success',
      message: 'Authentication successful! You can now return to the application.',
      patientId: 12,
    });
  });

  it('/oauth/callback?code=… shows the spec\'s success text, not "No authorization code provided" (issue 40 item 9)', () => {
    expect(readCallbackResult('?code=xyz&state=1')).toEqual({
      status: 'success',
      message: 'Authentication successful! You can now return to the application.',
      patientId: null,
    });
  });

  it('says "No authorization code provided" without a code or an outcome', () => {
    for (const search of ['', '?state=x', '?code=', '?outcome=other']) {
      expect(readCallbackResult(search)).toEqual({
        status: 'error',
        message: 'No authorization code provided. Please try again.',
        patientId: null,
      });
    }
  });

  it('ignores a patient id that is not one', () => {
    expect(readCallbackResult('?outcome=connected&patientId=..%2F1')).toMatchObject({ patientId: null });
  });
});
