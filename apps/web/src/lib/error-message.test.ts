import { describe, expect, it } from 'vitest';
import { HttpError } from './api-client.ts';
import { describeError, statusErrorMessage } from './error-message.ts';

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

describe('statusErrorMessage', () => {
  it('keeps the spec\'s "status: body" text of an HTTP error', () => {
    expect(
      statusErrorMessage(new HttpError(404, '404: Treatment not found', 'Treatment not found', '')),
    ).toBe('404: Treatment not found');
    expect(statusErrorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
});
