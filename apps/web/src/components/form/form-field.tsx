import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/utils.ts';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { FieldError } from './field-error.tsx';

/**
 * A label, its control and its error. The control gets `id`, and `aria-describedby` / `aria-invalid`
 * through the render function so the error is announced with the field.
 */
interface FieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
}

export function FormField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: FieldProps & {
  children: (aria: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A form field for a number, whole or `decimal`: phones show a numeric keypad. */
export function NumericField({
  registration,
  decimal = false,
  ...field
}: FieldProps & { registration: UseFormRegisterReturn; decimal?: boolean }) {
  return (
    <FormField {...field}>
      {(aria) => (
        <Input {...aria} inputMode={decimal ? 'decimal' : 'numeric'} autoComplete="off" {...registration} />
      )}
    </FormField>
  );
}
