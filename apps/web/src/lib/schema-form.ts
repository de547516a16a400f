import { type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';

/** Each field's first message, by the field's name (a top-level key of the schema). */
export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

/** Parses `values` with `schema`; on failure, the first message of each field, in the form's order. */
export function validateWith<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { success: false, errors };
}

/**
 * A small form whose fields the browser holds (uncontrolled inputs, read with `read` on submit),
 * checked by a domain schema: the sign-in page's forms, which stay out of react-hook-form so that the
 * first page loads less. As react-hook-form does by default: checked on submit, then on every change
 * once submitted, and the first invalid field gets the focus.
 */
export function useSchemaForm<S extends z.ZodType>(schema: S, read: (form: HTMLFormElement) => unknown) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const wasSubmitted = useRef(false);
  const check = (form: HTMLFormElement) => {
    const result = validateWith(schema, read(form));
    setErrors(result.success ? {} : result.errors);
    return result;
  };
  return {
    errors,
    onChange(event: FormEvent<HTMLFormElement>) {
      if (wasSubmitted.current) check(event.currentTarget);
    },
    handleSubmit: (onValid: (data: z.output<S>) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      wasSubmitted.current = true;
      const form = event.currentTarget;
      const result = check(form);
      if (result.success) onValid(result.data);
      else {
        const first = Object.keys(result.errors)[0];
        const field = first ? form.elements.namedItem(first) : null;
        if (field instanceof HTMLElement) field.focus();
      }
    },
  };
}

/** A text field's value from a form (empty when absent). */
export const textOf = (form: HTMLFormElement, name: string): string => {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
};
