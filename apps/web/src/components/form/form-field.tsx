import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/utils.ts';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { FieldError } from './field-error.tsx';

/** The ARIA wiring a field's control gets: its id, and its error and hint as its description. */
export interface FieldAria {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/** ids and ARIA wiring of one form field: its label, optional hint and error message. */
export function fieldAria(id: string, error: string | undefined, hasHint: boolean): FieldAria {
  const describedBy = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  };
}

export interface FieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /**
   * `stack` (default): label, control, hint and error one under the other. `subgrid`: the three are
   * rows of the parent grid, so in a row of fields the inputs line up even when one label wraps to
   * two lines or one has a hint; the parent must be a grid with a small row gap.
   */
  layout?: 'stack' | 'subgrid';
  className?: string | undefined;
}

/**
 * A label, its control, its hint and its error. The control gets `id`, and `aria-describedby` /
 * `aria-invalid` through the render function so the error is announced with the field.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  layout = 'stack',
  className,
  children,
}: FieldProps & { children: (aria: FieldAria) => ReactNode }) {
  const isSubgrid = layout === 'subgrid';
  const notes = (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
  return (
    <div
      className={cn(
        isSubgrid ? 'row-span-3 grid grid-rows-subgrid' : 'flex min-w-0 flex-col gap-1.5',
        className,
      )}
    >
      <Label htmlFor={id} className={isSubgrid ? 'self-end leading-snug' : undefined}>
        {label}
      </Label>
      {children(fieldAria(id, error, Boolean(hint)))}
      {isSubgrid ? <div className="flex flex-col gap-1 pb-2.5">{notes}</div> : notes}
    </div>
  );
}

/**
 * A number typed as text, whole or `decimal`: a numeric keypad on phones, no spinner arrows, no value
 * changed by a scroll wheel, and "37,5" kept for the form schema to read.
 */
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
