import { useQuery } from '@tanstack/react-query';
import type { Patient, TransferResult } from '@vigil/domain';
import { type FormEvent, useId, useState } from 'react';
import { DialogFormFooter } from '@/components/dialog/dialog-form-footer.tsx';
import { FormDialog } from '@/components/dialog/form-dialog.tsx';
import type { LazyDialogProps } from '@/components/dialog/lazy-dialog-button.tsx';
import { FieldError } from '@/components/form/field-error.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { getFreeBedsQueryOptions, getWardsQueryOptions, useTransferPatient } from '../api/wards.ts';

/**
 * "Transfer to another ward": the ward, then one of its free beds when the person sees that ward
 * (otherwise she arrives without a bed and its nurses give her one). Her open alerts follow her.
 * Loaded on first use by {@link TransferButton}.
 */
export function TransferDialog({
  patient,
  onTransferred,
  isOpen,
  setIsOpen,
  returnFocusTo,
}: LazyDialogProps & {
  patient: Pick<Patient, 'id' | 'name' | 'wardId'>;
  onTransferred?: ((result: TransferResult) => void) | undefined;
}) {
  const id = useId();
  const [wardId, setWardId] = useState('');
  const [bedId, setBedId] = useState('');
  const [wardError, setWardError] = useState<string | undefined>();
  const wards = useQuery({ ...getWardsQueryOptions(), enabled: isOpen });
  const chosen = wardId === '' ? null : Number(wardId);
  const beds = useQuery({ ...getFreeBedsQueryOptions(chosen ?? 0), enabled: isOpen && chosen !== null });
  const transfer = useTransferPatient(patient.id, {
    onSuccess: (result) => {
      setIsOpen(false);
      toastSuccess(
        'Patient transferred',
        `${patient.name} to ${result.toWard.name}${result.toBed ? `, bed ${result.toBed}` : ''}.`,
      );
      onTransferred?.(result);
    },
  });
  const others = (wards.data ?? []).filter((w) => w.id !== patient.wardId);
  const current = wards.data?.find((w) => w.id === patient.wardId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null) {
      setWardError('Choose the ward she goes to');
      return;
    }
    transfer.mutate({ wardId: chosen, bedId: bedId === '' ? null : Number(bedId) });
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (open) return;
        transfer.reset();
        setWardId('');
        setBedId('');
        setWardError(undefined);
      }}
      returnFocusTo={returnFocusTo}
      title="Transfer to another ward"
      description={`${patient.name}${current ? `, now on ${current.name}` : ''}. Her bed here is freed; her open alerts go with her.`}
      onSubmit={onSubmit}
    >
      {wards.isError && <FormAlert>Could not load the wards: {describeError(wards.error)}</FormAlert>}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-ward`}>Ward</Label>
        <NativeSelect
          id={`${id}-ward`}
          value={wardId}
          aria-invalid={wardError ? true : undefined}
          aria-describedby={wardError ? `${id}-ward-error` : undefined}
          disabled={wards.isPending}
          onChange={(event) => {
            setWardId(event.target.value);
            setBedId('');
            setWardError(undefined);
          }}
        >
          <option value="" disabled>
            {wards.isPending ? 'Loading wards...' : 'Select a ward'}
          </option>
          {others.map((ward) => (
            <option key={ward.id} value={ward.id}>
              {ward.name} ({ward.code})
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id}-ward-error`} message={wardError} />
      </div>
      {chosen !== null && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-bed`}>Bed (optional)</Label>
          <NativeSelect
            id={`${id}-bed`}
            value={bedId}
            aria-describedby={`${id}-bed-hint`}
            disabled={!beds.data}
            onChange={(event) => setBedId(event.target.value)}
          >
            <option value="">No bed yet</option>
            {(beds.data ?? []).map((bed) => (
              <option key={bed.id} value={bed.id}>
                {bed.label} ({bed.bay})
              </option>
            ))}
          </NativeSelect>
          <p id={`${id}-bed-hint`} className="text-muted-foreground text-xs">
            {beds.isPending
              ? 'Loading its free beds...'
              : beds.isError
                ? `Could not load its beds: ${describeError(beds.error)}`
                : beds.data === null
                  ? 'You do not work on this ward: its nurses give her a bed.'
                  : beds.data.length === 0
                    ? 'No free bed there now: its nurses give her one.'
                    : 'A free bed of that ward, or none: its nurses give her one.'}
          </p>
        </div>
      )}
      {transfer.error && <FormAlert>{describeError(transfer.error)}</FormAlert>}
      <DialogFormFooter
        pending={transfer.isPending}
        submitLabel="Transfer"
        pendingLabel="Transferring..."
        isCancelLockedWhilePending
      />
    </FormDialog>
  );
}
