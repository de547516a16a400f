import { zodResolver } from '@hookform/resolvers/zod';
import type { Patient } from '@vigil/domain';
import { Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '@/components/dialog/dialog-form-footer.tsx';
import { FormDialog } from '@/components/dialog/form-dialog.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { useUpdatePatient } from '../api/update-patient.ts';
import {
  formValuesToPatch,
  PatientFormSchema,
  type PatientFormValues,
  patientToFormValues,
} from '../lib/edit-patient-form.ts';
import { EditPatientFields } from './edit-patient-fields.tsx';

/** "Edit patient": condition, vitals and NEWS2 inputs, saved with PATCH /api/patients/{id}. */
export function EditPatientDialog({ patient, trigger }: { patient: Patient; trigger?: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const mutation = useUpdatePatient(patient.id, {
    onSuccess: (saved) => toastSuccess('Patient updated', `${saved.name}'s record has been saved.`),
  });
  const form = useForm<PatientFormValues>({
    resolver: zodResolver(PatientFormSchema),
    defaultValues: patientToFormValues(patient),
  });

  const onOpenChange = (open: boolean) => {
    if (open) {
      // Start from the record as it is now, not as it was when the page opened.
      form.reset(patientToFormValues(patient));
      mutation.reset();
    }
    setOpen(open);
  };

  const onSubmit = form.handleSubmit((values) => {
    const patch = formValuesToPatch(patientToFormValues(patient), values);
    if (Object.keys(patch).length === 0) {
      setOpen(false);
      return;
    }
    mutation.mutate(patch, { onSuccess: () => setOpen(false) });
  });

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      trigger={
        trigger ?? (
          <Button variant="outline" className="self-start">
            <Pencil aria-hidden="true" />
            Edit patient
          </Button>
        )
      }
      title="Edit patient"
      description={`Update ${patient.name}'s condition and latest observations. Changes are recorded in the history.`}
      onSubmit={onSubmit}
    >
      <EditPatientFields form={form} currentCondition={patient.condition} />
      {mutation.isError && <FormAlert>{describeError(mutation.error)}</FormAlert>}
      <DialogFormFooter pending={mutation.isPending} submitLabel="Save changes" />
    </FormDialog>
  );
}
