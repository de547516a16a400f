import { LoginInput, RegisterInput } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { validateWith } from './schema-form.ts';

describe('validateWith', () => {
  it('gives the parsed data when the values are valid (trimmed as the schema says)', () => {
    expect(validateWith(LoginInput, { username: '  nurse ', password: 'secret', rememberMe: true })).toEqual({
      success: true,
      data: { username: 'nurse', password: 'secret', rememberMe: true },
    });
  });

  it("gives each invalid field's first message, by name", () => {
    const result = validateWith(LoginInput, { username: '   ', password: '', rememberMe: false });
    expect(result).toEqual({
      success: false,
      errors: { username: 'Username is required', password: expect.any(String) },
    });
  });

  it('leaves valid fields out of the errors', () => {
    const result = validateWith(RegisterInput, { username: 'valid.name', password: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(result.errors)).toEqual(['password']);
  });
});
