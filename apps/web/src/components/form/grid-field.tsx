import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { FieldError } from './field-error.tsx';

/** ids and ARIA wiring of one form field: its label, optional hint and error message. */
export function fieldAria(id: string, error: string | undefined, hasHint: boolean) {
  const describedBy = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  } as const;
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * A label, the control, then its hint and error. The three are rows of the parent grid (subgrid), so
 * in a row of fields the inputs line up even when one label wraps to two lines or one has a hint.
 * The parent must be a grid with a small row gap.
 */
export function Field({ id, label, hint, error, className, children }: FieldProps) {
  return (
    <div className={cn('row-span-3 grid grid-rows-subgrid', className)}>
      <Label htmlFor={id} className="self-end leading-snug">
        {label}
      </Label>
      {children}
      <div className="flex flex-col gap-1 pb-2.5">
        {hint && (
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {hint}
          </p>
        )}
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </div>
  );
}

type NumberInputProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  decimal?: boolean;
};

/**
 * A number typed as text: a numeric keypad on phones, no spinner arrows, no value changed by a
 * scroll wheel, and "37,5" accepted. The form schema turns it into a number and checks it.
 */
export function NumberField({
  id,
  label,
  hint,
  error,
  decimal = false,
  className,
  ...props
}: NumberInputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Input
        type="text"
        inputMode={decimal ? 'decimal' : 'numeric'}
        autoComplete="off"
        {...fieldAria(id, error, Boolean(hint))}
        {...props}
      />
    </Field>
  );
}
