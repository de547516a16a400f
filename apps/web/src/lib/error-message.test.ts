import { describe, expect, it } from 'vitest';
import { HttpError } from './api-client.ts';
import { describeError } from './error-message.ts';

describe('describeError', () => {
  it('prefers the server message, then the error text, then a generic sentence', () => {
    expect(
      describeError(new HttpError(400, '400: Note must not be empty', 'Note must not be empty', '')),
    ).toBe('Note must not be empty');
    expect(describeError(new HttpError(502, '502: Bad Gateway', null, ''))).toBe('502: Bad Gateway');
    expect(describeError(new Error('Network error'))).toBe('Network error');
    expect(describeError(undefined)).toBe('Something went wrong. Please try again.');
  });
});
