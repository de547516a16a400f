import { VITAL_SIGNS } from '@vigil/domain';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { VitalField } from '@/components/form/vital-field.tsx';
import type { ObservationsFormOutput, ObservationsFormValues } from '../lib/observations-form.ts';

/** The NEWS2 set in chart order (RCP NEWS2 Chart 1), the catalogue's order, with the edit form's fields. */
export function ObservationsFields({
  form,
}: {
  form: UseFormReturn<ObservationsFormValues, unknown, ObservationsFormOutput>;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 gap-4">
      {VITAL_SIGNS.map((vital) => (
        <VitalField
          key={vital.key}
          vital={vital}
          form={form}
          idPrefix={id}
          hint={vital.kind === 'number' && vital.entry === 'celsius' ? 'One decimal, e.g. 37.2' : undefined}
          booleanControl="radio"
          emptyChoice={{ label: 'Choose…', isDisabled: true }}
        />
      ))}
    </div>
  );
}
