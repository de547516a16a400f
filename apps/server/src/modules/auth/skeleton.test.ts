import { describe, expect, it } from 'vitest';
import { usernameSkeleton } from './skeleton.ts';

describe('usernameSkeleton', () => {
  it.each([
    ['nurse2', 'nurse2\u0323'], // a dot under the digit
    ['nurse1', 'nurse1\u0301'], // an acute over it
    ['nurse2', 'nurse\u03232'], // a dot under a letter (composed to U+1EB9 by NFC)
    ['jose', 'José'],
    ['zoe', 'Zoë'],
    ['admin1', 'adminl'],
  ])('reads %j and %j as one name', (a, b) => {
    expect(usernameSkeleton(b)).toBe(usernameSkeleton(a));
  });

  it('keeps the marks a script spells with', () => {
    // Devanagari vowel signs are Devanagari's own marks, not generic accents: two different names.
    expect(usernameSkeleton('सुरेश')).not.toBe(usernameSkeleton('सरश'));
  });
});
