import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './get-user.ts';

describe('hasSignedInHint', () => {
  it('finds the hint cookie by its exact name, with or without the __Host- prefix', () => {
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('theme=dark; vigil_signed_in=1')).toBe(true);
    expect(hasSignedInHint('__Host-vigil_signed_in=1')).toBe(true);
    expect(hasSignedInHint('not_vigil_signed_in=1; vigil_signed_in_x=1')).toBe(false);
  });
});
