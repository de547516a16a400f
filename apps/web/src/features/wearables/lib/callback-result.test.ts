import { describe, expect, it } from 'vitest';
import { readCallbackResult } from './callback-result.ts';

describe('readCallbackResult', () => {
  it('reports a provider error', () => {
    expect(readCallbackResult('?error=access_denied&code=abc')).toEqual({
      status: 'error',
      message: 'Authentication failed: access_denied',
    });
  });

  it('decodes the error text', () => {
    expect(readCallbackResult('error=user%20cancelled')).toEqual({
      status: 'error',
      message: 'Authentication failed: user cancelled',
    });
  });

  it('asks to retry without a code', () => {
    for (const search of ['', '?state=x', '?code=']) {
      expect(readCallbackResult(search)).toEqual({
        status: 'error',
        message: 'No authorization code provided. Please try again.',
      });
    }
  });

  it('succeeds with a code', () => {
    expect(readCallbackResult('?code=xyz&state=1')).toEqual({
      status: 'success',
      message: 'Authentication successful! You can now return to the application.',
    });
  });
});
