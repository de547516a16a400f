import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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

  it("says in one sentence which field of an answer could not be read, not zod's JSON list", () => {
    const answer = z.object({ readings: z.array(z.object({ heartRate: z.number(), time: z.string() })) });
    const parsed = answer.safeParse({ readings: [{ heartRate: 'fast', time: 3 }] });
    expect(parsed.success).toBe(false);
    const text = describeError(parsed.error);
    expect(text).toMatch(
      /^The server's answer could not be read \(readings\.0\.heartRate: .+ and 1 more\)\. Reload the page; if this persists, tell IT\.$/,
    );
    expect(text).not.toContain('[');
    expect(text).not.toContain('"');
  });
});

describe('statusErrorMessage', () => {
  it('keeps the spec\'s "status: body" text of an HTTP error', () => {
    expect(
      statusErrorMessage(new HttpError(404, '404: Treatment not found', 'Treatment not found', '')),
    ).toBe('404: Treatment not found');
    expect(statusErrorMessage(undefined)).toBe('Something went wrong. Please try again.');
    const unreadable = z.object({ id: z.string() }).safeParse({ id: 1 }).error;
    expect(statusErrorMessage(unreadable)).toMatch(/^The server's answer could not be read \(id: /);
  });
});
